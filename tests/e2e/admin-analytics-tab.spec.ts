import type { Page } from "@playwright/test";
import { createStudent, expect, queryTestDatabase, test, withDatabase } from "./fixtures";
import { signInAsAdmin, uniqueTitle, visitAdmin } from "./admin-support";
import { addCompletedEnrollment, makeCourse } from "./checkout-support";
import { expectNoA11yViolations, failOnPageErrors, inBothModes, type Mode } from "./page-checks";

// The Analytics tab: the Google Analytics card and
// Admission Analytics — totals, admissions by course, and a server-rendered
// chart of admissions and revenue per month (India time) with the same figures
// in a table. Paid (completed) enrollments only. Admins only.
//
// Other specs write enrollments to the same database meanwhile: rows are
// checked on this test's own course, and totals against the database's own
// sums read at the same moment (retried until both agree).

const INDIA = "Asia/Kolkata";
/** Whole rupees, halves up, as the site shows money. */
const rupees = (paise: number) => `₹${new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 }).format(Math.round(paise / 100))}`;
const whole = (n: number) => new Intl.NumberFormat("en-IN").format(n);
/** "November 2026" and "2026-11": this month in India. */
const thisMonthLong = () => new Intl.DateTimeFormat("en-US", { timeZone: INDIA, month: "long", year: "numeric" }).format(new Date());
const thisMonthKey = () => new Intl.DateTimeFormat("en-CA", { timeZone: INDIA, year: "numeric", month: "2-digit" }).format(new Date());

function addEnrollment(userId: string, courseId: number, status: "pending" | "failed", amountPaise: number) {
  withDatabase((database) =>
    database
      .prepare("INSERT INTO orders (user_id, course_id, payment_status, amount_paise) VALUES (?, ?, ?, ?)")
      .run(userId, courseId, status, amountPaise),
  );
}

/** A course of this test's own: two paid admissions (₹4,999.50 + ₹2,500), one pending and one failed. */
async function courseWithAdmissions() {
  const course = makeCourse({ pricePaise: 499_950, title: uniqueTitle("Analytics Tab Course") });
  const [first, second, waiting, declined] = await Promise.all([1, 2, 3, 4].map(() => createStudent()));
  addCompletedEnrollment(first!.id, course.id, 499_950);
  addCompletedEnrollment(second!.id, course.id, 250_000);
  addEnrollment(waiting!.id, course.id, "pending", 999_900);
  addEnrollment(declined!.id, course.id, "failed", 999_900);
  return course;
}

type Sums = { admissions: number; revenue: number };
const paidTotals = () =>
  queryTestDatabase<Sums>(
    "SELECT count(*) AS admissions, coalesce(sum(amount_paise), 0) AS revenue FROM orders WHERE payment_status = 'completed'",
  )[0]!;
/** This India month's paid admissions, grouped as the app groups them. */
const paidThisMonth = () =>
  queryTestDatabase<Sums>(
    `SELECT count(*) AS admissions, coalesce(sum(amount_paise), 0) AS revenue FROM orders
     WHERE payment_status = 'completed' AND strftime('%Y-%m', (enrolled_at + 19800000) / 1000, 'unixepoch') = ?`,
    thisMonthKey(),
  )[0]!;

const courseTitles = () => queryTestDatabase<{ title: string }>("SELECT title FROM courses").map((row) => row.title);

/** The figure on a totals card (its second line, under the label). */
const cardValue = (page: Page, label: string) =>
  page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("p")
    .last();

inBothModes((mode: Mode) => {
  test.describe("/admin/analytics", () => {
    test("an admin sees the Google Analytics card, the totals, each course's paid admissions and the monthly chart", async ({
      page,
      context,
      baseURL,
    }) => {
      test.slow();
      await signInAsAdmin(context, baseURL ?? "");
      const checkErrors = failOnPageErrors(page);
      const course = await courseWithAdmissions();

      const response = await visitAdmin(page, mode, "/admin/analytics");
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(/^Analytics \| /);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Analytics");
      await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Analytics" })).toHaveAttribute(
        "aria-current",
        "page",
      );

      // This server has no GA_TRACKING_ID.
      const ga = page.getByRole("region", { name: "Google Analytics" });
      await expect(ga.getByRole("heading", { level: 2 })).toHaveText("Google Analytics");
      await expect(ga).toContainText("Not Connected");

      await expect(page.getByRole("heading", { level: 2, name: "Admission Analytics" })).toBeVisible();
      const storedBefore = courseTitles();
      // The totals match the database's own sums (reloading while other specs write).
      await expect(async () => {
        const before = paidTotals();
        await page.reload();
        const shown = [await cardValue(page, "Total Admissions").innerText(), await cardValue(page, "Total Revenue").innerText()];
        expect(shown).toEqual([whole(before.admissions), rupees(before.revenue)]);
      }).toPass({ timeout: 20_000 });

      // This test's course: the two paid admissions only (not the pending or failed ones).
      const courses = page.getByRole("table", { name: "Admissions, revenue and status of each course" });
      await expect(courses.getByRole("columnheader")).toHaveText(["Course", "Admissions", "Revenue", "Status"]);
      const row = courses.getByRole("row").filter({ has: page.getByRole("rowheader", { name: course.title, exact: true }) });
      await expect(row.getByRole("cell")).toHaveText(["2", "₹7,500", "Active"]);
      // Every course is listed, not only five: each one stored both before the page was read and after it.
      const listed = new Set(await courses.getByRole("rowheader").allInnerTexts());
      const storedAfter = new Set(courseTitles());
      const missing = storedBefore.filter((title) => storedAfter.has(title) && !listed.has(title));
      expect(missing).toEqual([]);
      expect(listed.size).toBeGreaterThan(5);

      // The chart: an image named by its <title> and <desc>, ending with this month.
      const month = thisMonthLong();
      const chart = page.getByRole("img", { name: /^Admissions and revenue per month, \w+ \d{4} to \w+ \d{4}/ });
      await expect(chart).toBeVisible();
      await expect(chart).toHaveAccessibleName(new RegExp(`to ${month} .*${month} so far: \\d+ admissions? and ₹`));
      expect(await chart.evaluate((svg) => svg.tagName.toLowerCase())).toBe("svg");
      await expect(chart).toHaveAttribute("viewBox", "0 0 720 420");
      await expect(chart.locator("text").filter({ hasText: "Admissions" })).toHaveCount(1);
      await expect(chart.locator("text").filter({ hasText: "Revenue" })).toHaveCount(1);

      // The same figures in a table (a <details>, which opens without JavaScript).
      await page.getByText("Monthly figures", { exact: true }).click();
      const monthly = page.getByRole("table", { name: "Admissions and revenue per month" });
      await expect(monthly.getByRole("row")).toHaveCount(1 + 12 + 1);
      await expect(monthly.getByRole("rowheader").nth(11)).toHaveText(month);
      await expect(async () => {
        const before = paidThisMonth();
        await page.reload();
        await page.getByText("Monthly figures", { exact: true }).click();
        const cells = page
          .getByRole("table", { name: "Admissions and revenue per month" })
          .getByRole("row")
          .filter({ has: page.getByRole("rowheader", { name: month, exact: true }) })
          .getByRole("cell");
        expect(await cells.allInnerTexts()).toEqual([whole(before.admissions), rupees(before.revenue)]);
        expect(before.admissions).toBeGreaterThanOrEqual(2);
      }).toPass({ timeout: 20_000 });

      await expectNoA11yViolations(page);

      // On a 360 px phone the page does not scroll sideways and the chart fits.
      await page.setViewportSize({ width: 360, height: 740 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const box = await chart.boundingBox();
      expect(box?.width).toBeGreaterThan(250);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
      checkErrors();
    });

    test("a content manager gets Access denied; without a session the admin login", async ({ page, context, baseURL }) => {
      const response = await visitAdmin(page, mode, "/admin/analytics");
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/admin/login?redirectTo=%2Fadmin%2Fanalytics");
      expect(response?.status()).toBe(200);

      await signInAsAdmin(context, baseURL ?? "", "content_manager");
      const denied = await visitAdmin(page, mode, "/admin/analytics");
      expect(denied?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Access denied");
      await expect(page.getByText("Admission Analytics")).toHaveCount(0);
    });
  });
});
