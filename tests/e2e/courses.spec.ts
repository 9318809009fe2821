import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { withDatabase } from "../support/database";
import { E2E_DATABASE } from "../../playwright.config";
import { asOfToday, instituteCountsIn } from "../support/institute-counts";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes, type Mode } from "./page-checks";
import { countOf } from "../../app/utils/plural";

type ApiCourse = {
  id: number;
  title: string;
  shortDescription: string;
  description: string;
  level: string;
  price: string;
  originalPrice: string | null;
  duration: string;
  imageUrl: string | null;
  coverPhotoUrl: string | null;
  features: string[];
  syllabus: string | null;
};

// The seed's retired course (db/seed.ts): it must never be reachable.
const RETIRED_TITLE = "Crypto Basics (retired)";

const LEVEL_RANK: Record<string, number> = { beginner: 0, intermediate: 1, advanced: 2 };
const levelRank = (course: ApiCourse) => LEVEL_RANK[course.level] ?? 3;
/** SQLite's `collate nocase`: ASCII case folded, then compared code unit by code unit. */
const byTitle = (a: ApiCourse, b: ApiCourse) => {
  const [x, y] = [a.title.toLowerCase(), b.title.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};
/** "₹4,999" for "4999.00" (and for "4998.50": whole rupees, halves up), "Free" for "0.00", as the site shows prices. */
const rupees = (price: string) => {
  const amount = Number(price);
  return amount === 0 ? "Free" : `₹${Math.round(amount).toLocaleString("en-IN", { maximumFractionDigits: 0 })}`;
};

async function activeCourses(request: APIRequestContext): Promise<ApiCourse[]> {
  const response = await request.get("/api/courses");
  expect(response.status()).toBe(200);
  return response.json();
}

/** Students with a paid or granted place in the course, read from this worker's database. */
const courseStudents = (courseId: number) =>
  withDatabase(
    (database) =>
      (
        database
          .prepare("SELECT count(DISTINCT user_id) AS count FROM orders WHERE course_id = ? AND payment_status = 'completed'")
          .get(courseId) as { count: number }
      ).count,
    E2E_DATABASE,
  );

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The card's cover, as the course page shows it: the uploaded (or linked) cover photo, else the
 * card image, else the default drawing. A seeded cover is served encoded: the 640 px JPEG is the
 * <img>'s own source. An upload is shown as uploaded until the background encoder has made its
 * variants, then as its JPEG variant.
 */
function coverSource(course: ApiCourse): string | RegExp {
  const cover = course.coverPhotoUrl || course.imageUrl;
  if (!cover) return "/images/courses/currency-trading.svg";
  if (cover.startsWith("/images/")) return cover.replace(/\.jpg$/, "-640.jpg");
  if (cover.startsWith("/uploads/")) {
    const stem = escapeRegExp(cover.replace(/\.[a-z0-9]+$/i, ""));
    return new RegExp(`^${stem}(?:${escapeRegExp(cover.slice(cover.lastIndexOf(".")))}|-\\d+\\.jpg)$`);
  }
  return cover;
}

const courseList = (page: Page) => page.getByRole("list", { name: "Courses" });
const cardTitles = (page: Page) => courseList(page).getByRole("heading", { level: 3 });
const foundText = (page: Page) => page.getByText(/^\d+ courses? found$/);

/** With JavaScript the selects submit themselves; without it the visitor presses Apply. */
async function choose(page: Page, mode: Mode, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
  if (!mode.javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
}

async function expectCards(page: Page, courses: ApiCourse[]) {
  await expect(foundText(page)).toHaveText(`${countOf(courses.length, "course")} found`);
  await expect(cardTitles(page)).toHaveText(courses.map((course) => course.title));
  await expect(courseList(page).getByRole("listitem")).toHaveCount(courses.length);
}

async function open(page: Page, mode: Mode, path: string) {
  const response = await page.goto(path);
  if (mode.javaScriptEnabled && response?.ok()) await waitForHydration(page);
  return response;
}

function descriptionSection(description: string, heading: string): string {
  const match = new RegExp(`^${heading}\\s*:?\\s*$([\\s\\S]*?)(?=^(?:OVERVIEW|CONTENT|TAKEAWAYS)\\s*:?\\s*$|(?![\\s\\S]))`, "m").exec(
    description,
  );
  return match?.[1]?.trim() ?? "";
}

inBothModes((mode) => {
  test.describe("/courses", () => {
    test("stats, Why Choose, and every active course in level order with its card", async ({ page, request }) => {
      const assertNoErrors = failOnPageErrors(page);
      const courses = await activeCourses(request);
      expect(courses.length).toBeGreaterThan(1);
      // The API's default order is the page's default order: level, then title.
      const levelOrder = [...courses].sort((a, b) => levelRank(a) - levelRank(b) || byTitle(a, b));
      expect(courses.map((c) => c.id)).toEqual(levelOrder.map((c) => c.id));

      const response = await open(page, mode, "/courses");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      const stat = (label: string) =>
        page
          .locator("dl > div")
          .filter({ has: page.getByRole("term").filter({ hasText: `${label} ${asOfToday()}` }) })
          .locator("dd");
      await expect(stat("Total Courses")).toHaveText(String(courses.length));
      const counts = instituteCountsIn(E2E_DATABASE);
      await expect(stat("Students Enrolled")).toHaveText(counts.studentsEnrolled.toLocaleString("en-IN"));
      await expect(stat("Events Held")).toHaveText(counts.eventsHeld.toLocaleString("en-IN"));
      await expect(page.getByText("Success Rate")).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 2, name: /Why Choose/ })).toBeVisible();

      await expectCards(page, courses);
      await expect(page.getByText(RETIRED_TITLE)).toHaveCount(0);
      await expect(page.getByLabel("Level", { exact: true })).toHaveValue("all");
      await expect(page.getByLabel("Sort by")).toHaveValue("level");

      for (const course of courses) {
        const card = courseList(page)
          .getByRole("listitem")
          .filter({ has: page.getByRole("heading", { name: course.title }) });
        await expect(card.getByText(course.level, { exact: true })).toBeVisible();
        await expect(card.getByText(course.shortDescription, { exact: true })).toBeVisible();
        await expect(card.getByText(course.duration, { exact: true })).toBeVisible();
        await expect(card.getByText(rupees(course.price), { exact: true })).toBeVisible();
        if (course.originalPrice && Number(course.originalPrice) > Number(course.price))
          await expect(card.locator("del")).toHaveText(`Original price ${rupees(course.originalPrice)}`);
        else await expect(card.locator("del")).toHaveCount(0);
        await expect(card.locator("img")).toHaveAttribute("src", coverSource(course));
        await expect(card.getByRole("link", { name: `View Details: ${course.title}` })).toHaveAttribute("href", `/courses/${course.id}`);
      }

      await expectNoA11yViolations(page);
      assertNoErrors();
    });

    test("search narrows the list and keeps ?q= in the URL; nonsense finds nothing", async ({ page, request }) => {
      const courses = await activeCourses(request);
      const term = "smart money";
      const matches = (course: ApiCourse) =>
        [course.title, course.shortDescription, course.description].some((text) => text.toLowerCase().includes(term));
      const expected = courses.filter(matches);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(courses.length);

      await open(page, mode, "/courses");
      await page.getByLabel("Search courses").fill(term.toUpperCase());
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/courses" && url.searchParams.get("q") === term.toUpperCase());
      await expectCards(page, expected);
      await expect(page.getByLabel("Search courses")).toHaveValue(term.toUpperCase());

      await page.getByLabel("Search courses").fill("zzqxnonsense");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("q") === "zzqxnonsense");
      await expect(foundText(page)).toHaveText("0 courses found");
      await expect(page.getByText("No courses found", { exact: true })).toBeVisible();
      await expect(courseList(page)).toHaveCount(0);
      await expectNoA11yViolations(page);
    });

    test("level filter", async ({ page, request }) => {
      const courses = await activeCourses(request);
      await open(page, mode, "/courses");
      for (const [label, level] of [
        ["Intermediate", "intermediate"],
        ["Beginner", "beginner"],
        ["Advanced", "advanced"],
      ] as const) {
        await choose(page, mode, "Level", label);
        await expect(page).toHaveURL((url) => url.searchParams.get("level") === level);
        await expectCards(
          page,
          courses.filter((course) => course.level === level),
        );
      }
      await choose(page, mode, "Level", "All Levels");
      await expect(page).toHaveURL((url) => url.searchParams.get("level") === "all");
      await expectCards(page, courses);
    });

    test("each sort", async ({ page, request }) => {
      const courses = await activeCourses(request);
      const price = (course: ApiCourse) => Number(course.price);
      const sorts = [
        { label: "Title A-Z", value: "title", order: [...courses].sort(byTitle) },
        { label: "Price: Low to High", value: "price-asc", order: [...courses].sort((a, b) => price(a) - price(b) || byTitle(a, b)) },
        { label: "Price: High to Low", value: "price-desc", order: [...courses].sort((a, b) => price(b) - price(a) || byTitle(a, b)) },
        { label: "Level", value: "level", order: courses },
      ];
      await open(page, mode, "/courses");
      for (const sort of sorts) {
        await choose(page, mode, "Sort by", sort.label);
        await expect(page).toHaveURL((url) => url.searchParams.get("sort") === sort.value);
        await expectCards(page, sort.order);
        await expect(page.getByLabel("Sort by")).toHaveValue(sort.value);
      }

      // Filters combine, and garbage in the URL falls back to the defaults.
      const intermediate = courses.filter((c) => c.level === "intermediate");
      await open(page, mode, "/courses?level=intermediate&sort=price-desc");
      await expectCards(
        page,
        [...intermediate].sort((a, b) => price(b) - price(a) || byTitle(a, b)),
      );
      await open(page, mode, "/courses?level=%3Cscript%3E&sort=sideways");
      await expect(page.getByLabel("Level", { exact: true })).toHaveValue("all");
      await expect(page.getByLabel("Sort by")).toHaveValue("level");
      await expectCards(page, courses);
    });

    test("a card leads to its course page", async ({ page, request }) => {
      const [course] = await activeCourses(request);
      await open(page, mode, "/courses");
      await page.getByRole("link", { name: `View Details: ${course!.title}` }).click();
      await expect(page).toHaveURL(new RegExp(`/courses/${course!.id}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(course!.title);
    });
  });

  test.describe("/courses/:id", () => {
    /** A course's sections and its lessons in the order the course page lists them, as stored. */
    const curriculumOf = (courseId: number) =>
      withDatabase((database) => {
        const sections = database
          .prepare("SELECT id, title FROM course_sections WHERE course_id = ? ORDER BY position, id")
          .all(courseId) as { id: number; title: string }[];
        const lessons = sections.flatMap(
          (section) =>
            database
              .prepare("SELECT id, title, is_free_preview AS isFreePreview FROM lessons WHERE section_id = ? ORDER BY position, id")
              .all(section.id) as { id: number; title: string; isFreePreview: number }[],
        );
        return { sections, lessons };
      }, E2E_DATABASE);

    test("every section, the sidebar and the sign-in button", async ({ page, request }) => {
      const assertNoErrors = failOnPageErrors(page);
      // Courses written with all three description sections (the seed's; other specs add plainer ones).
      const courses = (await activeCourses(request)).filter((course) =>
        ["OVERVIEW", "CONTENT", "TAKEAWAYS"].every((heading) => descriptionSection(course.description, heading) !== ""),
      );
      expect(courses.length).toBeGreaterThan(0);
      for (const course of courses) {
        const response = await open(page, mode, `/courses/${course.id}`);
        expect(response?.status()).toBe(200);

        await expect(page.getByRole("heading", { level: 1 })).toHaveText(course.title);
        const hero = page.getByRole("region", { name: course.title });
        await expect(hero.getByText(course.level, { exact: true })).toBeVisible();
        // No rating until students review the course; the students it has, counted.
        await expect(hero.getByText(/rating/i)).toHaveCount(0);
        const students = courseStudents(course.id);
        if (students > 0) await expect(hero.getByText(`${countOf(students, "student")} enrolled`, { exact: true })).toBeVisible();

        const overview = page.getByRole("region", { name: "Course Overview" });
        await expect(overview.locator("p")).toHaveText(descriptionSection(course.description, "OVERVIEW"));

        const learn = page.getByRole("region", { name: "What You'll Learn" });
        await expect(learn.getByRole("listitem")).toHaveText(course.features);

        // The seeded courses have a classroom: its sections, then each section's lessons, free previews linked.
        const { sections, lessons } = curriculumOf(course.id);
        expect(sections.length).toBeGreaterThan(0);
        const curriculum = page.getByRole("region", { name: "Curriculum" });
        await expect(curriculum.getByRole("heading", { level: 3 })).toHaveText(
          sections.map((section, index) => `Section ${index + 1}: ${section.title}`),
        );
        await expect(curriculum.getByRole("listitem").filter({ hasNot: page.getByRole("heading") })).toHaveText(
          lessons.map((lesson) => new RegExp(`^${escapeRegExp(lesson.title)}`)),
        );
        for (const preview of lessons.filter((lesson) => lesson.isFreePreview))
          await expect(curriculum.getByRole("link", { name: preview.title })).toHaveAttribute("href", `/learn/${course.id}/${preview.id}`);

        const description = page.getByRole("region", { name: "Course Description" });
        // The Overview above is not said again here.
        await expect(description.getByRole("heading", { level: 3 })).toHaveText(["CONTENT", "TAKEAWAYS"]);
        await expect(description.getByText(descriptionSection(course.description, "OVERVIEW"))).toHaveCount(0);
        await expect(description.getByText(descriptionSection(course.description, "TAKEAWAYS"))).toBeVisible();

        const sidebar = page.getByRole("complementary", { name: "Course summary" });
        await expect(sidebar.getByText(rupees(course.price), { exact: true })).toBeVisible();
        await expect(sidebar.getByText("One-time payment")).toBeVisible();
        const row = (label: string) =>
          sidebar
            .locator("dl > div")
            .filter({ has: page.getByText(label, { exact: true }) })
            .locator("dd");
        await expect(row("Duration")).toHaveText(course.duration);
        await expect(row("Level")).toHaveText(course.level);
        if (students > 0) await expect(row("Students")).toHaveText(students.toLocaleString("en-IN"));
        else await expect(row("Students")).toHaveCount(0);
        await expect(row("Language")).toHaveText("English, Hindi");
        await expect(row("Certificate")).toHaveText("Yes");
        await expect(row("Rating")).toHaveCount(0);

        const original = course.originalPrice === null ? null : Number(course.originalPrice);
        if (original !== null && original > Number(course.price)) {
          const percent = Math.round((1 - Number(course.price) / original) * 100);
          await expect(sidebar.getByText(`${percent}% off`, { exact: true })).toBeVisible();
          await expect(sidebar.locator("del")).toHaveText(`Original price ${rupees(course.originalPrice!)}`);
        } else {
          await expect(sidebar.getByText(/% off$/)).toHaveCount(0);
        }

        const login = sidebar.getByRole("link", { name: "Login to Enroll" });
        const href = (await login.getAttribute("href")) ?? "";
        const target = new URL(href, page.url());
        expect(target.pathname).toBe("/api/login");
        expect(target.searchParams.get("redirectTo")).toBe(`/courses/${course.id}`);
      }
      await expectNoA11yViolations(page);
      assertNoErrors();
    });

    test("level badge colours: beginner green, intermediate orange, advanced purple", async ({ page, request }) => {
      const courses = await activeCourses(request);
      const colours: Record<string, RegExp> = { beginner: /green/, intermediate: /orange/, advanced: /purple/ };
      for (const level of Object.keys(colours)) {
        const course = courses.find((c) => c.level === level);
        if (!course) continue;
        await open(page, mode, `/courses/${course.id}`);
        const badge = page.getByRole("region", { name: course.title }).getByText(level, { exact: true });
        await expect(badge).toHaveClass(colours[level]!);
      }
    });

    test("unknown, retired and malformed ids: 404 'Course Not Found' with a way back", async ({ page, request }) => {
      const courses = await activeCourses(request);
      const activeIds = new Set(courses.map((c) => c.id));
      const maxId = Math.max(...activeIds);
      // Every id up to one past the largest active one that is not active is hidden (the seed's retired course).
      const hiddenIds = Array.from({ length: maxId + 1 }, (_, i) => i + 1).filter((id) => !activeIds.has(id));
      expect(hiddenIds.length).toBeGreaterThan(0);

      for (const id of ["99999", "abc", "1.5", "-1", "0", "1e3", ...hiddenIds.map(String)]) {
        const response = await page.goto(`/courses/${id}`);
        expect(response?.status(), id).toBe(404);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Course Not Found");
        await expect(page.getByText(RETIRED_TITLE)).toHaveCount(0);
      }
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await expectNoA11yViolations(page);
      const back = page.getByRole("link", { name: "Back to Courses" });
      await expect(back).toHaveAttribute("href", "/courses");
      await back.click();
      await expect(page).toHaveURL(/\/courses$/);
      await expect(foundText(page)).toHaveText(`${countOf(courses.length, "course")} found`);
    });
  });
});
