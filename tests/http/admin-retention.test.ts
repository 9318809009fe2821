import { adminApiClient, describe, expect, queryTestDatabase, test, withDatabase, type HttpResponse } from "./support/test";

// The retention card of /admin/settings: the months are at least 12 (the DPDP
// Rules keep personal data a year), a save is stored, and the card says what
// the next daily run will delete.

const storedRetention = () =>
  queryTestDatabase<{ value: string }>("SELECT value FROM site_settings WHERE section = 'retention'").map(
    (row) => JSON.parse(row.value) as Record<string, unknown>,
  )[0];

const visibleText = async (response: HttpResponse) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");

function arrangeLeadsAndMessages() {
  withDatabase((database) => {
    database.prepare("DELETE FROM enrollment_forms").run();
    database.prepare("DELETE FROM contact_messages").run();
    const lead = database.prepare(
      `INSERT INTO enrollment_forms (name, whatsapp_number, state, city, experience_level, course_or_event_id,
                                     course_or_event_type, source_of_lead, created_at)
       VALUES ('Priya Sharma', '9876543210', 'Gujarat', 'Ahmedabad', 'Beginner', 1, 'course', 'Website', ?)`,
    );
    const message = database.prepare(
      "INSERT INTO contact_messages (name, email, subject, message, created_at) VALUES ('Ravi', 'ravi@example.com', 'Batch', 'When?', ?)",
    );
    lead.run(Date.parse("2020-01-05T06:00:00Z"));
    lead.run(Date.parse("2021-03-01T06:00:00Z"));
    lead.run(Date.now() - 24 * 3600_000);
    message.run(Date.parse("2022-07-01T06:00:00Z"));
    message.run(Date.now());
  });
}

describe("the retention setting", () => {
  test("11 months is refused with a message and changes nothing; 12 is saved", async () => {
    const { client } = await adminApiClient("admin");
    const refused = await client.post("/admin/settings", { form: { intent: "retention", leadMonths: "11", shareLinkDays: "7" } });
    expect(refused.status()).toBe(400);
    expect(await visibleText(refused)).toContain("Months to keep enrollment leads and contact messages must be at least 12");
    expect(storedRetention()).toBeUndefined();

    const saved = await client.post("/admin/settings", {
      form: { intent: "retention", leadMonths: "12", shareLinkDays: "3" },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    expect(storedRetention()).toEqual({ leadMonths: 12, shareLinkDays: 3 });
  });

  test("the card says what the next run deletes, with the oldest date", async () => {
    arrangeLeadsAndMessages();
    const { client } = await adminApiClient("admin");
    const html = await visibleText(await client.get("/admin/settings"));
    expect(html).toContain("Delete enrollment leads and contact messages after N months");
    expect(html).toContain("2 enrollment leads and 1 contact message will be deleted at the next run (the oldest from Jan 5, 2020).");

    await client.post("/admin/settings", { form: { intent: "retention", leadMonths: "72", shareLinkDays: "7" }, maxRedirects: 0 });
    expect(await visibleText(await client.get("/admin/settings"))).toContain(
      "1 enrollment lead and 0 contact messages will be deleted at the next run (the oldest from Jan 5, 2020).",
    );
  });
});
