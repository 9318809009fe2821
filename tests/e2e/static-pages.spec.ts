import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { CORE_VALUES, ourStory, TESTIMONIAL_FEATURES, WHY_CHOOSE_US } from "../../app/content/about";
import { EVENT_GALLERY_ITEMS, GALLERY_CATEGORIES, GALLERY_HIGHLIGHTS, LOCATION_GALLERIES, MASONRY_PHOTOS } from "../../app/content/gallery";
import { DEFAULT_INSTITUTE, instituteSocialLinks } from "../../app/utils/institute";
import { E2E_DATABASE } from "../../playwright.config";
import { asOfToday, instituteCountsIn, shownCounts } from "../support/institute-counts";
import { STUDY_GUIDE } from "../../app/content/study-guide";
import { SUCCESS_CAROUSEL } from "../../app/content/videos";
import { setTestVideos, TEST_SUCCESS_STORIES as SUCCESS_VIDEOS } from "../support/video-settings";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes } from "./page-checks";

type ApiMentor = { name: string; title: string; bio: string; specialization: string[]; socialLinks: { twitter?: string } };
type ApiTestimonial = { name: string; city: string; id: number; rating: number; content: string };

async function mentorsFromApi(request: APIRequestContext): Promise<ApiMentor[]> {
  const response = await request.get("/api/mentors");
  expect(response.ok()).toBe(true);
  return response.json();
}

async function testimonialsFromApi(request: APIRequestContext): Promise<ApiTestimonial[]> {
  const response = await request.get("/api/testimonials");
  expect(response.ok()).toBe(true);
  return response.json();
}

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

// The student stories an admin has listed (without them the section does not show).
test.beforeAll(() => setTestVideos(true, E2E_DATABASE));

inBothModes((mode) => {
  test.describe("/about", () => {
    test("stats, story, values, why-choose, mentors from the API, calls to action", async ({ page, request }) => {
      const assertNoErrors = failOnPageErrors(page);
      const mentors = await mentorsFromApi(request);
      await page.goto("/about");
      await expect(page).toHaveTitle(/^About Us \| /);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

      const counts = shownCounts(instituteCountsIn(E2E_DATABASE));
      await expect(page.getByRole("region", { name: /^About / }).getByRole("definition")).toHaveText(counts.map(([value]) => value));

      const story = region(page, "Our Story");
      for (const paragraph of ourStory(DEFAULT_INSTITUTE.name)) await expect(story.getByText(paragraph)).toBeVisible();
      await expect(story).toContainText("2019");
      const values = region(page, "Our Core Values");
      await expect(values.getByRole("heading", { level: 3 })).toHaveText(CORE_VALUES.map((v) => v.title));
      await expect(region(page, "Why Choose Us").getByRole("listitem")).toHaveText(WHY_CHOOSE_US);

      const mentorSection = region(page, "Meet Our Mentors");
      expect(mentors.length).toBeGreaterThan(0);
      await expect(mentorSection.getByRole("heading", { level: 3 })).toHaveText(mentors.map((m) => m.name));
      const first = mentorSection.getByRole("article").filter({ has: page.getByRole("heading", { name: mentors[0]!.name }) });
      // The bio is split on periods into bullet points.
      const bullets = mentors[0]!.bio
        .split(".")
        .map((s) => s.trim())
        .filter(Boolean);
      await expect(first.getByRole("list").first().getByRole("listitem")).toHaveText(bullets);
      await expect(first.getByRole("list", { name: `${mentors[0]!.name}'s specialisations` }).getByRole("listitem")).toHaveText(
        mentors[0]!.specialization,
      );
      if (mentors[0]!.socialLinks.twitter) {
        await expect(first.getByRole("link", { name: /Twitter/ })).toHaveAttribute("href", mentors[0]!.socialLinks.twitter);
      }

      await expect(page.getByRole("main").getByRole("link", { name: "Explore Courses" })).toHaveAttribute("href", "/courses");
      await expect(page.getByRole("main").getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
      await expectNoA11yViolations(page);
      assertNoErrors();
    });
  });

  test.describe("/testimonials", () => {
    test("stats, feature cards, calls to action and one card per approved testimonial", async ({ page, request }) => {
      const assertNoErrors = failOnPageErrors(page);
      const approved = await testimonialsFromApi(request);
      await page.goto("/testimonials");
      await expect(page).toHaveTitle(/Testimonials/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

      const stats = page.getByTestId("testimonial-stats").getByRole("definition");
      await expect(stats).toHaveText(shownCounts(instituteCountsIn(E2E_DATABASE)).map(([value]) => value));

      const cards = page.getByTestId("testimonial-cards").getByRole("listitem");
      await expect(cards).toHaveCount(approved.length);
      for (const [index, card] of (await cards.all()).entries()) {
        // Each card names its author and city, as they agreed.
        const author = approved[index]!;
        await expect(card.getByText(`${author.name}, ${author.city}`, { exact: true })).toBeVisible();
        // No seeded testimonial is linked to an account holding a course, so none claims to be a student of one.
        await expect(card.getByText(/^(Verified Student|Enrolled student|Student of )/)).toHaveCount(0);
        await expect(card.getByRole("img", { name: /^Rated [1-5] out of 5$/ })).toBeVisible();
      }
      for (const testimonial of approved) {
        await expect(page.getByText(testimonial.content)).toBeVisible();
        await expect(
          cards.filter({ hasText: testimonial.content }).getByRole("img", { name: `Rated ${testimonial.rating} out of 5` }),
        ).toBeVisible();
      }
      // The review awaiting moderation never shows.
      await expect(page.getByText("PENDING REVIEW")).toHaveCount(0);

      await expect(region(page, "Why students stay with us").getByRole("heading", { level: 3 })).toHaveText(
        TESTIMONIAL_FEATURES.map((f) => f.title),
      );
      await expect(page.getByRole("main").getByRole("link", { name: "Explore Courses" })).toHaveAttribute("href", "/courses");
      await expect(page.getByRole("main").getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
      await expectNoA11yViolations(page);
      assertNoErrors();
    });

    test("the success-story carousel: 9 videos, filtered by city through the URL", async ({ page }) => {
      await page.goto("/testimonials");
      const stories = () => page.getByRole("list", { name: "Student success stories" }).getByRole("link");
      await expect(stories()).toHaveCount(9);
      expect(SUCCESS_VIDEOS).toHaveLength(9);
      const track = page.getByTestId("success-videos").locator(".marquee-track");
      await expect(track).toHaveAttribute("style", /--marquee-duration:\s*45000ms/);
      expect(SUCCESS_CAROUSEL.scrollDurationMs).toBe(45000);
      const card = page.getByRole("list", { name: "Student success stories" }).getByRole("listitem").first();
      expect((await card.boundingBox())?.width).toBeCloseTo(SUCCESS_CAROUSEL.cardWidthPx, 1);
      expect(SUCCESS_CAROUSEL.cardWidthPx).toBe(240);
      await expect(track.locator('[aria-hidden="true"] a')).toHaveCount(9);

      const filters = page.getByRole("navigation", { name: "Filter stories by city" });
      await expect(filters.getByRole("link")).toHaveText(["All", "Mumbai", "Delhi", "Pune", "Bangalore"]);
      await expect(filters.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "true");
      await filters.getByRole("link", { name: "Mumbai" }).click();
      await expect(page).toHaveURL(/\/testimonials\?location=Mumbai/);
      const mumbai = SUCCESS_VIDEOS.filter((video) => video.location === "Mumbai");
      await expect(stories()).toHaveCount(mumbai.length);
      await expect(stories().first()).toContainText(mumbai[0]!.studentName);
      await expect(filters.getByRole("link", { name: "Mumbai" })).toHaveAttribute("aria-current", "true");
      await expectNoA11yViolations(page);

      await page.goto("/testimonials?location=Atlantis");
      await expect(stories()).toHaveCount(9);
    });

    if (mode.javaScriptEnabled) {
      test.describe("with motion reduced", () => {
        test.use({ reducedMotion: "reduce" });
        test("a success story plays in the full-screen player", async ({ page }) => {
          await page.route("https://drive.google.com/**", (route) =>
            route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title>" }),
          );
          await page.goto("/testimonials?location=Pune");
          await waitForHydration(page);
          await expect(page.locator("iframe")).toHaveCount(0);
          const pune = SUCCESS_VIDEOS.filter((video) => video.location === "Pune");
          await page.getByRole("list", { name: "Student success stories" }).getByRole("link").first().click();
          const dialog = page.getByRole("dialog");
          await expect(dialog).toBeVisible();
          await expect(dialog.locator("iframe")).toHaveAttribute("src", `https://drive.google.com/file/d/${pune[0]!.id}/preview`);
          await dialog.getByRole("button", { name: "Close video" }).click();
          await expect(page.getByRole("dialog")).toHaveCount(0);
        });
      });
    } else {
      test("without JavaScript a success story links to the drive video in a new tab", async ({ page }) => {
        await page.goto("/testimonials");
        const first = page.getByRole("list", { name: "Student success stories" }).getByRole("link").first();
        await expect(first).toHaveAttribute("href", `https://drive.google.com/file/d/${SUCCESS_VIDEOS[0]!.id}/view`);
        await expect(first).toHaveAttribute("target", "_blank");
      });
    }
  });

  test.describe("/gallery", () => {
    test("stats, the masonry and the location galleries", async ({ page }) => {
      const assertNoErrors = failOnPageErrors(page);
      await page.goto("/gallery");
      await expect(page).toHaveTitle(/^Gallery \| /);
      // Counted: events held from the database, cities and photos from the gallery itself.
      const eventsHeld = instituteCountsIn(E2E_DATABASE).eventsHeld;
      const photos = MASONRY_PHOTOS.length + LOCATION_GALLERIES.flatMap((place) => place.photos).length + EVENT_GALLERY_ITEMS.length;
      await expect(page.getByTestId("gallery-stats").getByRole("term")).toHaveText(
        [...(eventsHeld > 0 ? ["Events held"] : []), "Cities", "Photos"].map((label) => `${label} ${asOfToday()}`),
      );
      await expect(page.getByTestId("gallery-stats").getByRole("definition")).toHaveText([
        ...(eventsHeld > 0 ? [eventsHeld.toLocaleString("en-IN")] : []),
        String(LOCATION_GALLERIES.length),
        photos.toLocaleString("en-IN"),
      ]);

      const masonry = page.getByTestId("masonry").getByRole("img");
      await expect(masonry).toHaveCount(12);
      expect(MASONRY_PHOTOS).toHaveLength(12);
      const attributes = await masonry.evaluateAll((imgs) =>
        imgs.map((img) => [img.getAttribute("width"), img.getAttribute("height"), img.getAttribute("loading")]),
      );
      expect(attributes).toEqual(MASONRY_PHOTOS.map((photo) => [String(photo.width), String(photo.height), "lazy"]));

      const expected: [string, number][] = [
        ["Mahabaleshwar", 4],
        ["Supreme Goa", 5],
        ["Supreme Jaipur", 5],
        ["Supreme Manali", 5],
        ["Traders Meet 1", 5],
        ["Traders Meet 2", 5],
        ["Traders Meet 3", 3],
      ];
      expect(LOCATION_GALLERIES.map((g) => [g.name, g.photos.length])).toEqual(expected);
      const locations = region(page, "Location Galleries");
      await expect(locations.getByRole("heading", { level: 3 })).toHaveCount(expected.length);
      for (const [name, count] of expected) {
        const gallery = locations.getByRole("region", { name: new RegExp(`^${name} \\(`) });
        await expect(gallery.getByRole("heading", { level: 3 })).toContainText(name);
        await expect(gallery.getByRole("img")).toHaveCount(count);
      }
      assertNoErrors();
    });

    test("the highlights strip and the social links", async ({ page }) => {
      await page.goto("/gallery");
      const highlights = page.getByRole("list", { name: "Highlights" }).getByRole("listitem");
      await expect(highlights).toHaveText(GALLERY_HIGHLIGHTS);
      await expect(page.getByRole("region", { name: "Highlights" }).locator('[aria-hidden="true"] li')).toHaveCount(
        GALLERY_HIGHLIGHTS.length,
      );
      const social = region(page, "Follow us for more");
      for (const link of instituteSocialLinks(DEFAULT_INSTITUTE)) {
        await expect(social.getByRole("link", { name: link.name })).toHaveAttribute("href", link.href);
      }
    });

    test("no accessibility violations on the gallery", async ({ page }) => {
      // A long page with some fifty images: axe needs more than the default time on a busy machine.
      test.slow();
      await page.goto("/gallery");
      await expectNoA11yViolations(page);
    });

    test("the event gallery's category filter works through the URL", async ({ page }) => {
      await page.goto("/gallery");
      const cards = page.getByTestId("event-gallery").getByRole("article");
      await expect(cards).toHaveCount(9);
      expect(EVENT_GALLERY_ITEMS).toHaveLength(9);
      const filters = page.getByRole("navigation", { name: "Filter events by category" });
      await expect(filters.getByRole("link")).toHaveText([...GALLERY_CATEGORIES]);

      await filters.getByRole("link", { name: "Workshop", exact: true }).click();
      await expect(page).toHaveURL(/\/gallery\?category=Workshop#events$/);
      const workshops = EVENT_GALLERY_ITEMS.filter((item) => item.category === "Workshop");
      await expect(cards).toHaveCount(workshops.length);
      await expect(cards.getByRole("heading", { level: 3 })).toHaveText(workshops.map((item) => item.title));
      await expect(filters.getByRole("link", { name: "Workshop", exact: true })).toHaveAttribute("aria-current", "true");

      await filters.getByRole("link", { name: "Celebration", exact: true }).click();
      await expect(page).toHaveURL(/category=Celebration/);
      await expect(cards).toHaveCount(EVENT_GALLERY_ITEMS.filter((item) => item.category === "Celebration").length);

      await filters.getByRole("link", { name: "All", exact: true }).click();
      await expect(cards).toHaveCount(9);

      await page.goto("/gallery?category=nonsense");
      await expect(cards).toHaveCount(9);
    });
  });

  test.describe("/study-materials", () => {
    test("the free guide: 200+ pages, 8 chapters, Download and View Online, contact link", async ({ page }) => {
      const assertNoErrors = failOnPageErrors(page);
      await page.goto("/study-materials");
      await expect(page).toHaveTitle(/Study Materials/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByText("200+", { exact: true })).toBeVisible();
      const chapters = page.getByRole("list", { name: "Chapters" }).getByRole("listitem");
      await expect(chapters).toHaveCount(8);
      await expect(chapters).toContainText(STUDY_GUIDE.chapters);

      const download = page.getByRole("link", { name: /^Download/ });
      await expect(download).toHaveAttribute("href", STUDY_GUIDE.downloadUrl);
      await expect(download).toHaveAttribute("target", "_blank");
      await expect(download).toHaveAttribute("rel", /noopener/);
      const view = page.getByRole("link", { name: /^View Online/ });
      await expect(view).toHaveAttribute("href", STUDY_GUIDE.viewUrl);
      await expect(view).toHaveAttribute("target", "_blank");
      await expect(view).toHaveAttribute("rel", /noopener/);
      await expect(page.getByRole("main").getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
      await expectNoA11yViolations(page);
      assertNoErrors();
    });
  });
});
