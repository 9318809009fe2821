import { findClaims } from "../../app/utils/claims";
import { adminApiClient, describe, expect, queryTestDatabase, test } from "./support/test";

// What the public pages say about the institute: no claim of returns, profit,
// accuracy or success on any seeded page (SEBI, 29 January 2025), and the
// figures an admin enters at /admin/settings shown with their date on every
// page that lists figures, at once.

/** The words a visitor reads: the markup without scripts, styles and tags. */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

function seededPages(): string[] {
  const courses = queryTestDatabase<{ id: number }>("SELECT id FROM courses WHERE is_active = 1").map((row) => `/courses/${row.id}`);
  const posts = queryTestDatabase<{ slug: string }>("SELECT slug FROM blog_posts WHERE is_published = 1").map((row) => `/blog/${row.slug}`);
  const events = queryTestDatabase<{ id: number }>("SELECT id FROM events WHERE is_active = 1 AND event_date > ?", Date.now()).map(
    (row) => `/events/${row.id}/register`,
  );
  return [
    "/",
    "/about",
    "/courses",
    "/events",
    "/blog",
    "/testimonials",
    "/gallery",
    "/study-materials",
    "/contact",
    "/terms",
    "/privacy",
    "/refund-policy",
    "/disclaimer",
    "/grievances",
    ...courses,
    ...posts,
    ...events,
  ];
}

describe("claims", () => {
  test("no seeded public page claims returns, profit, accuracy or success", async ({ request }) => {
    const pages = seededPages();
    expect(pages.length).toBeGreaterThan(15);
    const claims: string[] = [];
    for (const path of pages) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      for (const claim of findClaims(visibleText(await response.text()))) claims.push(`${path}: “${claim.text}” (${claim.why})`);
    }
    expect(claims).toEqual([]);
  });
});

describe("the institute's figures", () => {
  test("a figure saved in the settings shows with its date on the home, about and testimonials pages at once", async ({ request }) => {
    const { client } = await adminApiClient("admin");
    const saved = await client.post("/admin/settings", {
      form: {
        intent: "figures",
        "figures[0].value": "12",
        "figures[0].label": "Mentors on the team",
        "figures[0].asOf": "2026-11-01",
        "figures[1].value": "",
        "figures[1].label": "",
        "figures[1].asOf": "",
        minimumShown: "0",
      },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    expect(queryTestDatabase<{ value: string }>("SELECT value FROM site_settings WHERE section = 'figures'")).toEqual([
      { value: JSON.stringify({ figures: [{ value: "12", label: "Mentors on the team", asOf: "2026-11-01" }], minimumShown: 0 }) },
    ]);
    for (const path of ["/", "/about", "/testimonials"]) {
      const text = visibleText(await (await request.get(path)).text());
      // A term, then its value (the value is drawn above it).
      expect(text, path).toContain("Mentors on the team as of Nov 1, 2026 12");
    }
  });

  test("a figure without its date, or half a row, is refused with a message and changes nothing", async () => {
    const { client } = await adminApiClient("admin");
    const before = queryTestDatabase("SELECT value FROM site_settings WHERE section = 'figures'");
    const refused = await client.post("/admin/settings", {
      form: { intent: "figures", "figures[0].value": "40", "figures[0].label": "Batches run", "figures[0].asOf": "" },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("As of must be a date like 2026-11-01");
    const half = await client.post("/admin/settings", { form: { intent: "figures", "figures[0].value": "40" } });
    expect(half.status()).toBe(400);
    expect(await half.text()).toContain("Label is required");
    expect(queryTestDatabase("SELECT value FROM site_settings WHERE section = 'figures'")).toEqual(before);
  });

  test("the site's own counts say the day they were counted, and a figure below the admin's smallest is shown nowhere", async ({
    request,
  }) => {
    const { client } = await adminApiClient("admin");
    const saveFigures = (minimumShown: string) =>
      client.post("/admin/settings", {
        form: {
          intent: "figures",
          "figures[0].value": "12",
          "figures[0].label": "Mentors on the team",
          "figures[0].asOf": "2026-11-01",
          minimumShown,
        },
        maxRedirects: 0,
      });
    const today = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Kolkata", month: "short", day: "numeric", year: "numeric" }).format(
      new Date(),
    );
    const students =
      queryTestDatabase<{ students: number }>(
        "SELECT count(DISTINCT user_id) AS students FROM orders WHERE payment_status = 'completed' AND course_id IS NOT NULL",
      )[0]?.students ?? 0;
    expect(students).toBeGreaterThan(0);

    expect((await saveFigures("")).status()).toBe(302);
    const home = visibleText(await (await request.get("/")).text());
    expect(home).toContain(`Students enrolled as of ${today} ${students.toLocaleString("en-IN")}`);
    expect(visibleText(await (await request.get("/courses")).text())).toContain(`Students Enrolled as of ${today}`);

    // Above every count and the entered 12: nothing is shown on any page that lists figures.
    const minimum = students + 13;
    expect((await saveFigures(String(minimum))).status()).toBe(302);
    for (const path of ["/", "/about", "/testimonials", "/courses", "/gallery"]) {
      const text = visibleText(await (await request.get(path)).text());
      expect(text, path).not.toContain("Mentors on the team");
      expect(text, path).not.toMatch(/Students enrolled as of/i);
    }
    expect((await saveFigures("-1")).status()).toBe(400);
    expect(queryTestDatabase<{ value: string }>("SELECT value FROM site_settings WHERE section = 'figures'")[0]?.value).toContain(
      `"minimumShown":${minimum}`,
    );
    expect((await saveFigures("")).status()).toBe(302);
  });
});
