import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { MENTOR_SECTION } from "../../app/content/about";
import { PERKS } from "../../app/content/site";
import { DEFAULT_INSTITUTE } from "../../app/utils/institute";
import { E2E_DATABASE } from "../../playwright.config";
import { asOfToday, instituteCountsIn, shownCounts } from "../support/institute-counts";
import { FALLBACK_THUMBNAIL } from "../../app/content/videos";
import { setTestVideos, TEST_INTRO_VIDEO as INTRO_VIDEO, TEST_TUTORIAL_VIDEOS as TUTORIAL_VIDEOS } from "../support/video-settings";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes } from "./page-checks";

const SITE_NAME = DEFAULT_INSTITUTE.name;

type ApiEvent = { id: number; title: string; eventDate: string; price: string; isActive: boolean };
type ApiPost = { slug: string; title: string; publishedAt: string | null; createdAt: string };

/** What the home page should list: upcoming active events, soonest first. */
async function upcomingEvents(request: APIRequestContext): Promise<ApiEvent[]> {
  const response = await request.get("/api/events");
  expect(response.ok()).toBe(true);
  const events: ApiEvent[] = await response.json();
  const now = Date.now();
  return events
    .filter((event) => event.isActive !== false && Date.parse(event.eventDate) >= now)
    .sort((a, b) => Date.parse(a.eventDate) - Date.parse(b.eventDate) || a.id - b.id);
}

/** The latest posts, newest first by published (else created) date. */
async function latestPosts(request: APIRequestContext): Promise<ApiPost[]> {
  const response = await request.get("/api/blog");
  expect(response.ok()).toBe(true);
  const posts: ApiPost[] = await response.json();
  const shown = (post: ApiPost) => Date.parse(post.publishedAt ?? post.createdAt);
  return [...posts].sort((a, b) => shown(b) - shown(a));
}

const tickerDate = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Kolkata", month: "short", day: "numeric" });
const rupees = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });
function tickerText(event: ApiEvent) {
  const price = Number(event.price) === 0 ? "FREE" : `₹${rupees.format(Math.round(Number(event.price)))}`;
  return `${event.title} • ${tickerDate.format(new Date(event.eventDate))} • ${price}`;
}

const videoGallery = (page: Page) => page.getByRole("region", { name: "Educational Content & Student Reviews" });
/** The visible copy of the marquee: the duplicate sits inside aria-hidden and is not in the accessibility tree. */
const visibleVideoLinks = (page: Page) => videoGallery(page).getByRole("list", { name: "Tutorial videos" }).getByRole("link");

// The videos an admin has listed (without them the video sections do not show).
test.beforeAll(() => setTestVideos(true, E2E_DATABASE));

inBothModes((mode) => {
  test("hero: welcome headline, Explore Courses, Login and the perks strip", async ({ page }) => {
    const assertNoErrors = failOnPageErrors(page);
    await page.goto("/");
    await expect(page).toHaveTitle(SITE_NAME);
    const hero = page.getByRole("region", { name: `Welcome to ${SITE_NAME}` });
    await expect(hero.getByRole("heading", { level: 1 })).toHaveText(`Welcome to ${SITE_NAME}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(hero.getByRole("link", { name: "Explore Courses" })).toHaveAttribute("href", "/courses");
    await expect(hero.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/api/login");

    const perks = hero.getByRole("list", { name: "What you get" });
    await expect(perks.getByRole("listitem")).toHaveText(PERKS);
    // The loop's second copy is there for the eye only.
    const duplicate = page.getByTestId("perks").locator('[aria-hidden="true"] li');
    await expect(duplicate).toHaveText(PERKS);
    assertNoErrors();
  });

  test("the events ticker lists upcoming events as 'title • date • price', twice for the loop", async ({ page, request }) => {
    const events = await upcomingEvents(request);
    await page.goto("/");
    const ticker = page.getByTestId("events-ticker");
    if (events.length === 0) {
      await expect(ticker).toHaveCount(0);
      return;
    }
    const items = ticker.getByRole("list", { name: "Upcoming events" }).getByRole("listitem");
    await expect(items.first()).toHaveText(tickerText(events[0]!));
    await expect(items).toHaveText(events.slice(0, await items.count()).map(tickerText));
    await expect(items.filter({ hasText: / • FREE$| • ₹[\d,]+(\.\d+)?$/ })).toHaveCount(await items.count());
    const duplicateLinks = ticker.locator('[aria-hidden="true"] a');
    await expect(duplicateLinks).toHaveCount(await items.count());
    for (const link of await duplicateLinks.all()) await expect(link).toHaveAttribute("tabindex", "-1");
  });

  test("landing sections: intro video, mentors, a testimonial, contact, track record", async ({ page }) => {
    await page.goto("/");
    const intro = page.getByTestId("intro-video").getByRole("link");
    await expect(intro).toHaveAttribute("href", `https://www.youtube.com/watch?v=${INTRO_VIDEO.id}`);
    await expect(intro).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("heading", { level: 2, name: MENTOR_SECTION.heading })).toBeVisible();

    const testimonial = page.getByRole("region", { name: "What our students say" });
    // The author is named with their city, as they agreed (a testimonial without that consent is not shown).
    await expect(
      testimonial
        .getByRole("figure")
        .first()
        .getByText(/^[^,]+, [A-Z][a-z]+$/),
    ).toBeVisible();
    await expect(testimonial.getByRole("img", { name: /^Rated [1-5] out of 5$/ })).toBeVisible();

    const contact = page.getByRole("link", { name: "Contact Us on WhatsApp" });
    await expect(contact).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);
    await expect(contact).toHaveAttribute("target", "_blank");

    // The counts the database knows, and no claim of returns or success.
    const figures = page.getByRole("region", { name: "The institute in numbers" });
    const expected = shownCounts(instituteCountsIn(E2E_DATABASE));
    await expect(figures.getByRole("definition")).toHaveText(expected.map(([value]) => value));
    await expect(figures.getByRole("term")).toHaveText(expected.map(([, label]) => `${label} ${asOfToday()}`));
    await expect(page.locator("main")).not.toContainText(/success rate|average return|award/i);
  });

  test("the first 3 upcoming events and the 3 latest posts", async ({ page, request }) => {
    const [events, posts] = await Promise.all([upcomingEvents(request), latestPosts(request)]);
    await page.goto("/");

    const eventsSection = page.getByRole("region", { name: "Upcoming Events" });
    const eventCards = eventsSection.getByRole("article");
    if (events.length === 0) {
      await expect(eventsSection.getByText("No upcoming events at the moment.")).toBeVisible();
    } else {
      await expect(eventCards.getByRole("heading", { level: 3 })).toHaveText(events.slice(0, 3).map((e) => e.title));
      await expect(eventCards.first().getByRole("link", { name: /^Register Now/ })).toBeVisible();
    }

    const blogSection = page.getByRole("region", { name: "Latest from the Blog" });
    const postCards = blogSection.getByRole("article");
    if (posts.length === 0) {
      await expect(blogSection.getByText("Blog content will be available soon.")).toBeVisible();
    } else {
      await expect(postCards.getByRole("heading", { level: 3 })).toHaveText(posts.slice(0, 3).map((p) => p.title));
      await expect(postCards.first().getByRole("link", { name: /^Read More/ })).toHaveAttribute("href", `/blog/${posts[0]!.slug}`);
    }
  });

  test("the video gallery loops the 7 tutorial videos", async ({ page }) => {
    await page.goto("/");
    const gallery = videoGallery(page);
    await expect(gallery.getByRole("heading", { level: 2 })).toHaveText("Educational Content & Student Reviews");
    const links = visibleVideoLinks(page);
    await expect(links).toHaveCount(TUTORIAL_VIDEOS.length);
    expect(TUTORIAL_VIDEOS).toHaveLength(7);
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
    expect(new Set(hrefs).size).toBe(7);
    expect(hrefs).toEqual(TUTORIAL_VIDEOS.map((video) => video.url));
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      const img = link.locator("img");
      await expect(img).toHaveAttribute("width", /\d+/);
      await expect(img).toHaveAttribute("height", /\d+/);
      await expect(img).toHaveAttribute("loading", "lazy");
      await expect(img).toHaveAttribute("src", /^\/images\//);
    }
    // The loop's copy: hidden from assistive technology and from the tab order.
    const duplicates = page.getByTestId("video-gallery").locator('[aria-hidden="true"] a');
    await expect(duplicates).toHaveCount(7);
    for (const link of await duplicates.all()) await expect(link).toHaveAttribute("tabindex", "-1");
    // No player and no third-party frame until a video is chosen.
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("no accessibility violations on the home page", async ({ page }) => {
    await page.goto("/");
    await expectNoA11yViolations(page);
  });

  if (mode.javaScriptEnabled) {
    test.describe("the video player", () => {
      // Stop the marquees so a pointer can land on a card (CSS turns them off under reduced motion).
      test.use({ reducedMotion: "reduce" });

      test.beforeEach(async ({ page }) => {
        // The video platform is unreachable here: answer its embed with a blank page.
        await page.route("https://www.youtube-nocookie.com/**", (route) =>
          route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>player</title>" }),
        );
      });

      test("clicking a video opens the full-screen player; Close video closes it", async ({ page }) => {
        const assertNoErrors = failOnPageErrors(page);
        await page.goto("/");
        await waitForHydration(page);
        await expect(page.locator("iframe")).toHaveCount(0);
        const video = TUTORIAL_VIDEOS[2]!;
        await visibleVideoLinks(page).nth(2).click();

        const dialog = page.getByRole("dialog", { name: video.title });
        await expect(dialog).toBeVisible();
        await expect(dialog).toHaveAttribute("aria-modal", "true");
        const frame = dialog.locator("iframe");
        await expect(frame).toHaveAttribute("src", new RegExp(`/embed/${video.id}\\?autoplay=1`));
        const close = dialog.getByRole("button", { name: "Close video" });
        await expect(close).toBeFocused();
        await expectNoA11yViolations(page);
        await close.click();
        await expect(page.getByRole("dialog")).toHaveCount(0);
        await expect(page.locator("iframe")).toHaveCount(0);
        // Focus goes back to the video the visitor chose.
        await expect(visibleVideoLinks(page).nth(2)).toBeFocused();
        expect(page.url()).toMatch(/\/$/);
        assertNoErrors();
      });

      test("Escape closes the player, and the keyboard can open it", async ({ page }) => {
        await page.goto("/");
        await waitForHydration(page);
        const first = visibleVideoLinks(page).first();
        await first.focus();
        await page.keyboard.press("Enter");
        const dialog = page.getByRole("dialog", { name: TUTORIAL_VIDEOS[0]!.title });
        await expect(dialog.locator("iframe")).toHaveAttribute("src", new RegExp(TUTORIAL_VIDEOS[0]!.id));
        await page.keyboard.press("Escape");
        await expect(page.getByRole("dialog")).toHaveCount(0);
      });

      test("the intro video opens in the same player", async ({ page }) => {
        await page.goto("/");
        await waitForHydration(page);
        await page.getByTestId("intro-video").getByRole("link").click();
        const dialog = page.getByRole("dialog", { name: INTRO_VIDEO.title });
        await expect(dialog.locator("iframe")).toHaveAttribute("src", new RegExp(`/embed/${INTRO_VIDEO.id}`));
        await dialog.getByRole("button", { name: "Close video" }).click();
        await expect(page.getByRole("dialog")).toHaveCount(0);
      });
    });

    // Only with JavaScript: the swap is done by an error handler. Without it the
    // browser shows its own broken-image box (an inline onerror attribute would
    // be blocked by the Content Security Policy anyway).
    test("a thumbnail that fails to load is replaced by the fallback image", async ({ page }) => {
      const failing = TUTORIAL_VIDEOS[0]!.thumbnail;
      await page.route(`**${failing}`, (route) => route.abort());
      await page.goto("/");
      await waitForHydration(page);
      await page.getByTestId("video-gallery").scrollIntoViewIfNeeded();
      const thumb = visibleVideoLinks(page).first().locator("img");
      await expect(thumb).toHaveAttribute("src", FALLBACK_THUMBNAIL);
      // The fallback itself loads.
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      // The other thumbnails are untouched.
      await expect(visibleVideoLinks(page).nth(1).locator("img")).toHaveAttribute("src", TUTORIAL_VIDEOS[1]!.thumbnail);
    });
  } else {
    test("without JavaScript each video is a link to its watch page in a new tab", async ({ page }) => {
      await page.goto("/");
      const first = visibleVideoLinks(page).first();
      await expect(first).toHaveAttribute("href", `https://www.youtube.com/watch?v=${TUTORIAL_VIDEOS[0]!.id}`);
      await expect(first).toHaveAttribute("target", "_blank");
      await expect(first).toHaveAttribute("rel", /noopener/);
      await expect(page.locator("iframe")).toHaveCount(0);
    });
  }
});
