import { tooManyFieldsMessage, ADMIN_TEXT_BODY_LIMITS } from "../../app/utils/body-limits";
import { adminApiClient, describe, expect, type HttpResponse, queryTestDatabase, test } from "./support/test";

// The Institute card of /admin/settings: one save changes what every page,
// every WhatsApp link and the next mail say about the institute, and bad
// input is refused with its message and changes nothing.

const storedInstitute = () =>
  queryTestDatabase<{ value: string }>("SELECT value FROM site_settings WHERE section = 'institute'").map(
    (row) => JSON.parse(row.value) as Record<string, unknown>,
  )[0];

const NEW_INSTITUTE = {
  intent: "institute",
  name: "Nifty Lane School",
  tagline: "Chart reading and risk, taught in small batches.",
  email: "hello@niftylane.example",
  phone1: "+91 91234 56789",
  phone2: "",
  phone3: "",
  whatsappNumber: "91 91234 00011",
  hours: "Mon to Sat, 9:30 AM - 6:30 PM IST",
  addressLine1: "7 Park Circus Lane",
  city: "Kolkata",
  stateCode: "19",
  pin: "700017",
  telegramUrl: "",
  instagramUrl: "https://www.instagram.com/niftylane",
  youtubeUrl: "",
  facebookUrl: "",
};

/** What the demo institute showed before the save; none of it may remain on a public page. */
const OLD_VALUES = [
  "TradeMaster Academy",
  "info@trademasteracademy.in",
  "+91 98765 43211",
  "919876543210",
  "14 Market Road",
  "t.me/trademasteracademy",
  "instagram.com/trademasteracademy",
  "facebook.com/trademasteracademy",
];

/** The page without its scripts (the loader data repeats the values as JSON). */
const markupOf = async (response: HttpResponse) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");

async function expectRefused(response: HttpResponse, message: string) {
  expect(response.status()).toBe(400);
  expect(await markupOf(response)).toContain(message);
}

describe("the institute's identity", () => {
  test("bad input is refused with its message and changes nothing", async () => {
    const { client } = await adminApiClient("admin");
    const post = (overrides: Record<string, string>) => client.post("/admin/settings", { form: { ...NEW_INSTITUTE, ...overrides } });
    await expectRefused(
      await post({ telegramUrl: "https://t.me.example.com/x" }),
      "Telegram link must be an https:// address on t.me, like https://t.me/yourpage",
    );
    await expectRefused(await post({ instagramUrl: "http://www.instagram.com/niftylane" }), "Instagram link must be an https:// address");
    await expectRefused(await post({ whatsappNumber: "98765" }), "WhatsApp number must be 10 to 15 digits");
    await expectRefused(await post({ name: "N".repeat(10_000) }), "Institute name must be at most 100 characters");
    await expectRefused(await post({ phone1: "12345" }), "Phone must be an Indian number");
    await expectRefused(await post({ hours: "H".repeat(101) }), "Business hours must be at most 100 characters");

    const crowded = Object.fromEntries(Array.from({ length: 250 }, (_, index) => [`extra${index}`, "x"]));
    const tooMany = await client.post("/admin/settings", { form: { ...NEW_INSTITUTE, ...crowded } });
    expect(tooMany.status()).toBe(413);
    expect(await tooMany.text()).toContain(tooManyFieldsMessage(ADMIN_TEXT_BODY_LIMITS));

    expect(storedInstitute()).toBeUndefined();
    const home = await markupOf(await client.get("/"));
    expect(home).toContain("TradeMaster Academy");
    expect(home).not.toContain("Nifty Lane School");
  });

  test("a save shows on every page at once: name, phone, address, WhatsApp number and social links", async ({ request }) => {
    const { admin, client } = await adminApiClient("admin");
    const saved = await client.post("/admin/settings", { form: NEW_INSTITUTE, maxRedirects: 0 });
    expect(saved.status()).toBe(302);
    expect(saved.headers().location).toBe("/admin/settings");
    expect(saved.headers()["set-cookie"]).toMatch(/toast=/);
    expect(storedInstitute()).toMatchObject({ name: "Nifty Lane School", whatsappNumber: "919123400011", stateCode: "19" });
    expect(
      queryTestDatabase("SELECT action, entity_type, entity_id FROM audit_log WHERE actor_id = ? ORDER BY id DESC LIMIT 1", admin.adminId),
    ).toEqual([{ action: "settings_updated", entity_type: "settings", entity_id: "institute" }]);

    const [course] = queryTestDatabase<{ id: number }>("SELECT id FROM courses WHERE is_active = 1 ORDER BY id LIMIT 1");
    const pages = ["/", "/contact", "/about", `/courses/${course?.id}`, "/terms"];
    for (const path of pages) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const markup = html.replace(/<script[\s\S]*?<\/script>/g, "");
      for (const shown of [
        "Nifty Lane School",
        "+91 91234 56789",
        "7 Park Circus Lane",
        "Kolkata, West Bengal 700017",
        NEW_INSTITUTE.hours,
      ])
        expect(markup, `${path} shows ${shown}`).toContain(shown);
      expect(markup, path).toContain('href="https://www.instagram.com/niftylane"');
      expect(markup, path).toContain('href="mailto:hello@niftylane.example"');
      for (const old of OLD_VALUES) expect(html, `${path} still shows ${old}`).not.toContain(old);
      expect(markup, path).not.toMatch(/href="https:\/\/t\.me\//);
      expect(markup, path).not.toContain('href="#"');
      const whatsappLinks = [...markup.matchAll(/href="(https:\/\/wa\.me\/[^"]*)"/g)].map((match) => new URL(match[1] ?? ""));
      for (const link of whatsappLinks) {
        expect(link.pathname).toBe("/919123400011");
        expect(link.searchParams.get("text")).toMatch(/^Hello Nifty Lane School! /);
      }
      if (path !== "/terms" && !path.startsWith("/courses/")) expect(whatsappLinks.length, path).toBeGreaterThan(0);
    }
    expect(await (await request.get("/")).text()).toContain("<title>Nifty Lane School</title>");
    expect(await (await request.get("/about")).text()).toContain("<title>About Us | Nifty Lane School</title>");
    const terms = await markupOf(await request.get("/terms"));
    expect(terms).toContain("enrol in a course of Nifty Lane School.");
    expect(terms).toContain("hello@niftylane.example");
  });

  test("a section saved before business hours were a setting keeps its values and shows the default hours", async ({ request }) => {
    const before = queryTestDatabase<{ value: string }>("SELECT value FROM site_settings WHERE section = 'institute'")[0]?.value;
    const { hours: _hours, intent: _intent, ...older } = { ...NEW_INSTITUTE, whatsappNumber: "919123400011", name: "Older Save School" };
    queryTestDatabase(
      "INSERT INTO site_settings (section, value, updated_at, updated_by) VALUES ('institute', ?, ?, 'owner') ON CONFLICT (section) DO UPDATE SET value = excluded.value RETURNING section",
      JSON.stringify(Object.fromEntries(Object.entries(older).filter(([, value]) => value !== ""))),
      Date.now(),
    );
    const footer = await markupOf(await request.get("/contact"));
    expect(footer).toContain("Older Save School");
    expect(footer).toContain("Everyday 10 AM - 7:00 PM IST");
    // The next test reads the institute as the earlier save left it.
    if (before) queryTestDatabase("UPDATE site_settings SET value = ? WHERE section = 'institute' RETURNING section", before);
    else queryTestDatabase("DELETE FROM site_settings WHERE section = 'institute' RETURNING section");
  });

  test("a mail queued after the save names the institute as it is now", async ({ request }) => {
    const email = `asha.${Date.now()}@example.com`;
    const contact = { name: "Asha Rao", email, subject: "Weekend batch", message: "Is there one?", consent: true };
    expect((await request.post("/api/contact", { data: contact })).status()).toBe(201);
    const [mail] = queryTestDatabase<{ text_body: string; html_body: string }>(
      "SELECT text_body, html_body FROM outbox_messages WHERE to_address = ? AND kind = 'contact-acknowledgement'",
      email,
    );
    expect(mail?.text_body).toContain("Thank you for writing to Nifty Lane School.");
    expect(mail?.text_body).toContain("Call +91 91234 56789");
    expect(mail?.text_body).toContain("https://wa.me/919123400011?text=Hello%20Nifty%20Lane%20School!");
    expect(mail?.text_body).toMatch(/Nifty Lane School\nhello@niftylane\.example\n$/);
    expect(mail?.html_body).toContain("Nifty Lane School");
    for (const old of OLD_VALUES) expect(`${mail?.text_body}${mail?.html_body}`).not.toContain(old);
  });
});
