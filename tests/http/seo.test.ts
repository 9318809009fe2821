import { describe, expect, SITE_ORIGIN, test } from "./support/test";

type ApiCourse = { id: number };
type ApiPost = { slug: string };

// Hidden rows in the seed (db/seed.ts).
const DRAFT_SLUG = "draft-options-greeks-for-currency-traders";

describe("search engines", () => {
  test("/sitemap.xml lists the public pages, active courses and published posts only", async ({ request }) => {
    const courses: ApiCourse[] = await (await request.get("/api/courses")).json();
    const posts: ApiPost[] = await (await request.get("/api/blog")).json();

    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');

    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
    for (const loc of locs) expect(loc.startsWith(`${SITE_ORIGIN}/`), loc).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);

    for (const path of ["/", "/about", "/courses", "/events", "/blog", "/contact", "/testimonials", "/gallery", "/study-materials"])
      expect(locs).toContain(`${SITE_ORIGIN}${path}`);
    for (const course of courses) expect(locs).toContain(`${SITE_ORIGIN}/courses/${course.id}`);
    for (const post of posts) expect(locs).toContain(`${SITE_ORIGIN}/blog/${post.slug}`);

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

  test("/robots.txt allows the site, keeps out /admin and /api/, names the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n").map((line) => line.trim());
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain("Disallow: /api/");
    expect(lines).toContain(`Sitemap: ${SITE_ORIGIN}/sitemap.xml`);
  });

  test("/sitemap.xml lists the chat page", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    expect(xml).toContain(`<loc>${SITE_ORIGIN}/chat</loc>`);
  });
});
