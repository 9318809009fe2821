import { LEGAL_PAGES } from "../../app/content/legal-pages";
import { adminApiClient, describe, expect, queryTestDatabase, test } from "./support/test";

// The legal pages and the disclaimer: each page answers with its heading and
// text, the disclaimer and registration sentence an admin saves show on the
// next request of every page that carries them, only an admin may change them,
// and no public page links to "#".

const storedSection = (section: string) =>
  queryTestDatabase<{ value: string }>("SELECT value FROM site_settings WHERE section = ?", section)[0]?.value;

const regulatory = (overrides: Record<string, string> = {}) => ({
  intent: "regulatory",
  registrationType: "none",
  grievanceOfficerName: "Asha Kulkarni",
  grievanceOfficerDesignation: "Compliance Officer",
  grievanceOfficerEmail: "grievance@example.com",
  grievanceOfficerPhone: "+91 98765 43210",
  disclaimer: "Lessons here are for learning only.\n\nSecond paragraph of the disclaimer.",
  ...overrides,
});

const legal = (overrides: Record<string, string> = {}) => ({
  intent: "legal",
  terms: "## Using this site\nBe kind.",
  refundPolicy: "Fees are refunded within 7 days of payment if no lesson was opened.",
  ...overrides,
});

/** The markup without scripts (the hydration data repeats the page's text). */
const markupOf = async (response: { text(): Promise<string> }) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");

function seededContentPaths() {
  const [course] = queryTestDatabase<{ id: number }>("SELECT id FROM courses WHERE is_active = 1 ORDER BY id LIMIT 1");
  const [post] = queryTestDatabase<{ slug: string }>("SELECT slug FROM blog_posts WHERE is_published = 1 ORDER BY id LIMIT 1");
  if (!course || !post) throw new Error("The seeded database has an active course and a published post");
  return { course: `/courses/${course.id}`, post: `/blog/${post.slug}` };
}

describe("the legal pages", () => {
  test("each answers 200 with its heading, its default text and a last-updated date", async ({ request }) => {
    const expected: Record<string, string> = {
      "/terms": "We teach how financial markets work",
      "/privacy": "You can withdraw your consent as easily as you gave it",
      "/refund-policy": "Course fees are non-refundable once access to the course material has been granted",
      "/disclaimer": "Past performance never indicates future results",
      "/grievances": "redress it within one month",
    };
    for (const page of LEGAL_PAGES) {
      const response = await request.get(page.path);
      expect(response.status(), page.path).toBe(200);
      const markup = await markupOf(response);
      expect(markup, page.path).toContain(`>${page.title}</h1>`);
      expect(markup, page.path).toContain(expected[page.path]);
      expect(markup, page.path).toMatch(/Last updated: \d{1,2} [A-Z][a-z]+ 20\d\d/);
    }
    const grievances = await markupOf(await request.get("/grievances"));
    expect(grievances).toContain("Data Protection Board of India");
    expect(grievances).toContain("is not registered with SEBI");
    expect(grievances).not.toContain("scores.sebi.gov.in");
  });

  test("the footer links to all five, and the sitemap lists them", async ({ request }) => {
    const home = await markupOf(await request.get("/"));
    for (const page of LEGAL_PAGES) expect(home).toContain(`href="${page.path}"`);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const page of LEGAL_PAGES) expect(sitemap).toMatch(new RegExp(`<loc>[^<]*${page.path}</loc>`));
  });
});

describe("an admin's change", () => {
  test("to the disclaimer and the SEBI number shows at once in the footer, on a course, a post, /disclaimer and /grievances", async ({
    request,
  }) => {
    const { client } = await adminApiClient("admin");
    const { course, post } = seededContentPaths();
    const saved = await client.post("/admin/settings", {
      form: regulatory({ sebiRegistrationNumber: "inh000012345", registrationType: "research_analyst" }),
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    for (const path of ["/", "/about", "/courses", course, post, "/disclaimer"]) {
      const markup = await markupOf(await request.get(path));
      expect(markup, path).toContain("Lessons here are for learning only.");
      expect(markup, path).toContain("SEBI registration no. INH000012345 (research analyst).");
      expect(markup, path).not.toContain("is not registered with SEBI");
    }
    for (const path of [course, post, "/disclaimer"])
      expect(await markupOf(await request.get(path)), path).toContain("Second paragraph of the disclaimer.");
    const grievances = await markupOf(await request.get("/grievances"));
    for (const text of ["Asha Kulkarni", "mailto:grievance@example.com", "scores.sebi.gov.in"]) expect(grievances).toContain(text);
    // The privacy notice names the same person to write to.
    expect(await markupOf(await request.get("/privacy"))).toContain("mailto:grievance@example.com");
  });

  test("to the refund policy shows on its page, the contact FAQ and the chat's answer; terms go through the sanitiser", async ({
    request,
  }) => {
    const { client } = await adminApiClient("admin");
    const saved = await client.post("/admin/settings", {
      form: legal({ terms: 'Be kind. <script>alert("terms")</script> [click me](javascript:alert(1)) <b onclick="x()">bold</b>' }),
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    const newPolicy = "Fees are refunded within 7 days of payment if no lesson was opened.";
    expect(await markupOf(await request.get("/refund-policy"))).toContain(newPolicy);
    // The FAQ and the chat assistant answer with the same policy.
    expect(await markupOf(await request.get("/contact"))).toContain(newPolicy);
    const chat = await request.post("/api/chat/query", { data: { question: "refund?" }, headers: { "X-Forwarded-For": "203.0.113.77" } });
    expect(((await chat.json()) as { data: { answer: string } }).data.answer).toBe(
      `Our refund policy: ${newPolicy} If we cancel a batch or an event, we refund what you paid for it in full within 7 working days, to the card or account you paid from.`,
    );
    const terms = await (await request.get("/terms")).text();
    expect(terms).toContain("Be kind.");
    expect(terms).toContain("<b>bold</b>");
    expect(terms).not.toMatch(/<script>alert|href="javascript:|onclick=/);
  });
});

describe("who may save, and what is refused", () => {
  test("a content manager gets 403 and nothing is stored", async () => {
    const before = [storedSection("regulatory"), storedSection("legal")];
    const { client } = await adminApiClient("content_manager");
    expect((await client.post("/admin/settings", { form: regulatory(), maxRedirects: 0 })).status()).toBe(403);
    expect((await client.post("/admin/settings", { form: legal(), maxRedirects: 0 })).status()).toBe(403);
    expect([storedSection("regulatory"), storedSection("legal")]).toEqual(before);
  });

  test("bad input answers 400 with the message on its field and changes nothing", async () => {
    const before = [storedSection("regulatory"), storedSection("legal")];
    const { client } = await adminApiClient("admin");
    const refusals: [Record<string, string>, string][] = [
      [
        regulatory({ sebiRegistrationNumber: "12345-INH", registrationType: "research_analyst" }),
        "SEBI registration number must be letters then digits",
      ],
      [regulatory({ sebiRegistrationNumber: "INH000012345" }), "Choose what the registration is for"],
      [regulatory({ registrationType: "investment_adviser" }), "Enter the SEBI registration number, or choose “Not registered”"],
      [regulatory({ grievanceOfficerEmail: "nobody" }), "Please enter a valid email address"],
      [regulatory({ disclaimer: "  " }), "Disclaimer is required"],
      [legal({ refundPolicy: "" }), "Refund policy is required"],
    ];
    for (const [form, message] of refusals) {
      const response = await client.post("/admin/settings", { form });
      expect(response.status(), message).toBe(400);
      expect(await markupOf(response), message).toContain(message);
    }
    expect([storedSection("regulatory"), storedSection("legal")]).toEqual(before);
  });
});

describe("links", () => {
  test('no public page has a link to "#"', async ({ request }) => {
    const { course, post } = seededContentPaths();
    const pages = [
      "/",
      "/about",
      "/courses",
      course,
      "/events",
      "/blog",
      post,
      "/gallery",
      "/testimonials",
      "/contact",
      "/study-materials",
    ];
    for (const path of [...pages, ...LEGAL_PAGES.map((page) => page.path)]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).not.toMatch(/href=["']#["']/);
    }
  });
});
