import { expect, test, type Page } from "@playwright/test";

type ApiCourse = { id: number; title: string; shortDescription: string; price: string };
type ApiEvent = { id: number; title: string; eventDate: string; price: string };
type ApiPost = { slug: string };

// Hidden rows in the seed (db/seed.ts).
const DRAFT_SLUG = "draft-options-greeks-for-currency-traders";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text));
}

test.describe("search engines", () => {
  test("/sitemap.xml lists the public pages, active courses and published posts only", async ({ request, baseURL }) => {
    const courses: ApiCourse[] = await (await request.get("/api/courses")).json();
    const posts: ApiPost[] = await (await request.get("/api/blog")).json();

    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');

    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
    for (const loc of locs) expect(loc.startsWith(`${baseURL}/`), loc).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);

    for (const path of ["/", "/about", "/courses", "/events", "/blog", "/contact", "/testimonials", "/gallery", "/study-materials"])
      expect(locs).toContain(`${baseURL}${path}`);
    for (const course of courses) expect(locs).toContain(`${baseURL}/courses/${course.id}`);
    for (const post of posts) expect(locs).toContain(`${baseURL}/blog/${post.slug}`);

    const courseLocs = locs.filter((loc) => /\/courses\/\d+$/.test(loc));
    expect(courseLocs).toHaveLength(courses.length);
    const postLocs = locs.filter((loc) => loc.includes("/blog/"));
    expect(postLocs).toHaveLength(posts.length);
    expect(xml).not.toContain(DRAFT_SLUG);

    // Every listed URL is a page that answers.
    for (const loc of locs) {
      const page = await request.get(loc);
      expect(page.status(), loc).toBe(200);
    }
  });

  test("/robots.txt allows the site, keeps out /admin and /api/, names the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n").map((line) => line.trim());
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain("Disallow: /api/");
    expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("/courses has a canonical URL and Open Graph tags", async ({ page, baseURL }) => {
    await page.goto("/courses?q=trading&sort=title");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/courses`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /^Trading Courses/);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/courses`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
  });

  test("a course page: canonical, Open Graph and a Course in JSON-LD", async ({ page, request, baseURL }) => {
    const [course]: ApiCourse[] = await (await request.get("/api/courses")).json();
    await page.goto(`/courses/${course!.id}`);
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(course!.title)}`));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/courses/${course!.id}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", new RegExp(`^${escapeRegExp(course!.title)}`));
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", course!.shortDescription);

    const [ld] = await structuredData(page);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Course",
      name: course!.title,
      description: course!.shortDescription,
      url: `${baseURL}/courses/${course!.id}`,
      provider: { "@type": "Organization", name: expect.any(String) },
      offers: { "@type": "Offer", price: course!.price, priceCurrency: "INR" },
    });
  });

  test("a missing course is not indexed", async ({ page }) => {
    const response = await page.goto("/courses/99999");
    expect(response?.status()).toBe(404);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  });

  test("/events describes each upcoming event in JSON-LD", async ({ page, request, baseURL }) => {
    const events: ApiEvent[] = await (await request.get("/api/events")).json();
    await page.goto("/events");
    const now = Date.now();
    const upcoming = events.filter((event) => Date.parse(event.eventDate) >= now);
    expect(upcoming.length).toBeGreaterThan(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/events`);

    const [ld] = await structuredData(page);
    const graph = ld!["@graph"];
    expect(Array.isArray(graph)).toBe(true);
    expect(graph).toEqual(
      upcoming.map((event) =>
        expect.objectContaining({
          "@type": "Event",
          name: event.title,
          startDate: event.eventDate,
          eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
          offers: expect.objectContaining({ price: event.price, priceCurrency: "INR" }),
          organizer: expect.objectContaining({ "@type": "Organization" }),
        }),
      ),
    );
  });
});
