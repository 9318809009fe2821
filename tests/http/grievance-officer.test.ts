import { adminApiClient, describe, expect, queryTestDatabase, test } from "./support/test";

// The grievance officer (Consumer Protection (E-Commerce) Rules 2020, rule 4(4)–(5)):
// named with designation and contact on /grievances and in the footer alike, with
// the promised times, and set by an admin in the settings, validated.

const storedRegulatory = () =>
  queryTestDatabase<{ value: string }>("SELECT value FROM site_settings WHERE section = 'regulatory'")[0]?.value ?? null;

/** The markup without scripts (the hydration data repeats the page's text). */
const markupOf = async (response: { status(): number; text(): Promise<string> }) => {
  expect(response.status()).toBe(200);
  return (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
};

/** The footer's markup alone. */
const footerOf = (markup: string) => markup.slice(markup.lastIndexOf("<footer"));

const officer = {
  intent: "regulatory",
  registrationType: "none",
  grievanceOfficerName: "Kavita Rao",
  grievanceOfficerDesignation: "Head of Compliance",
  grievanceOfficerEmail: "kavita.rao@example.com",
  grievanceOfficerPhone: "+91 91234 56789",
  disclaimer: "Lessons here are for learning only.",
};

const officerTexts = (name: string, designation: string, email: string, phone: string) => [
  name,
  designation,
  `href="mailto:${email}"`,
  `href="tel:${phone.replace(/[^\d+]/g, "")}"`,
];

describe("the grievance officer", () => {
  test("the demo officer is named with designation and contact on /grievances and in every footer, with 48 hours and one month", async ({
    request,
  }) => {
    const page = await markupOf(await request.get("/grievances"));
    expect(page).toContain("acknowledge a grievance within 48 hours");
    expect(page).toContain("redress it within one month");
    const demo = officerTexts("Meera Iyer", "Head of Student Support", "info@trademasteracademy.in", "+91 98765 43210");
    for (const path of ["/grievances", "/", "/refund-policy", "/courses"]) {
      const footer = footerOf(await markupOf(await request.get(path)));
      for (const text of demo) expect(footer, `${path}: ${text}`).toContain(text);
      expect(footer, path).toContain('href="/grievances"');
    }
    for (const text of demo) expect(page.slice(0, page.lastIndexOf("<footer")), text).toContain(text);
  });

  test("an admin's new officer shows at once on /grievances and in the footer", async ({ request }) => {
    const { client } = await adminApiClient("admin");
    const saved = await client.post("/admin/settings", { form: officer, maxRedirects: 0 });
    expect(saved.status()).toBe(302);
    expect(JSON.parse(storedRegulatory()!)).toMatchObject({ grievanceOfficerDesignation: "Head of Compliance" });
    const texts = officerTexts("Kavita Rao", "Head of Compliance", "kavita.rao@example.com", "+91 91234 56789");
    const page = await markupOf(await request.get("/grievances"));
    for (const text of texts) expect(page.slice(0, page.lastIndexOf("<footer")), text).toContain(text);
    for (const path of ["/", "/grievances"]) {
      const footer = footerOf(await markupOf(await request.get(path)));
      for (const text of texts) expect(footer, `${path}: ${text}`).toContain(text);
    }
  });

  test("a blank designation or a bad contact answers 400 with its message and changes nothing", async () => {
    const before = storedRegulatory();
    const { client } = await adminApiClient("admin");
    const refusals: [Record<string, string>, string][] = [
      [{ ...officer, grievanceOfficerDesignation: "  " }, "Grievance officer&#x27;s designation is required"],
      [{ ...officer, grievanceOfficerDesignation: "x".repeat(101) }, "Grievance officer&#x27;s designation must be at most 100 characters"],
      [{ ...officer, grievanceOfficerPhone: "12345" }, "Grievance officer&#x27;s phone must have at least 10 digits"],
    ];
    for (const [form, message] of refusals) {
      const response = await client.post("/admin/settings", { form });
      expect(response.status(), message).toBe(400);
      expect(await response.text(), message).toContain(message);
    }
    expect(storedRegulatory()).toBe(before);
  });
});
