import { expect, test, type Page } from "@playwright/test";

type ApiCourse = { id: number; title: string; shortDescription: string; price: string };
type ApiEvent = { id: number; title: string; eventDate: string; price: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function structuredData(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text));
}

test.describe("search engines", () => {
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
