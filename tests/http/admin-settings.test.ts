import { randomUUID } from "node:crypto";
import {
  adminApiClient,
  clientWithCookie,
  createStudent,
  describe,
  expect,
  type HttpResponse,
  plantSession,
  queryTestDatabase,
  test,
} from "./support/test";

// /admin/settings: who may open and change it, what a save stores (the
// section and an audit row), that bad input is shown on its field and changes
// nothing, and that the notification switches decide the team's mail.

const storedSection = (section: string) =>
  queryTestDatabase<{ value: string; updated_by: string }>("SELECT value, updated_by FROM site_settings WHERE section = ?", section).map(
    (row) => ({ value: JSON.parse(row.value) as Record<string, unknown>, updatedBy: row.updated_by }),
  )[0];
const teamMail = (subjectPart: string) =>
  queryTestDatabase<{ to_address: string; subject: string; text_body: string }>(
    "SELECT to_address, subject, text_body FROM outbox_messages WHERE kind = 'team-contact-message' AND subject LIKE ?",
    `%${subjectPart}%`,
  );

async function expectRefused(response: HttpResponse, message: string) {
  expect(response.status()).toBe(400);
  const markup = (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
  expect(markup).toContain(message);
}

const notifications = (overrides: Record<string, string> = {}) => ({
  intent: "notifications",
  notifyAddress: "desk@example.com",
  contactMessages: "on",
  ...overrides,
});

describe("who may open the settings", () => {
  test("an admin sees each section with its current values; a content manager gets 403; others go to the admin sign-in and change nothing", async () => {
    const { client } = await adminApiClient("admin");
    const page = await client.get("/admin/settings");
    expect(page.status()).toBe(200);
    const html = await page.text();
    for (const text of ["Notifications", "Invoicing", "Send notifications to", "GSTIN (leave empty if not registered)", "999293"])
      expect(html).toContain(text);

    const { client: contentManager } = await adminApiClient("content_manager");
    expect((await contentManager.get("/admin/settings")).status()).toBe(403);
    expect((await contentManager.post("/admin/settings", { form: notifications(), maxRedirects: 0 })).status()).toBe(403);

    for (const outsider of [await clientWithCookie(), await clientWithCookie(await plantSession(await createStudent()))]) {
      const answer = await outsider.post("/admin/settings", { form: notifications(), maxRedirects: 0 });
      expect(answer.status()).toBe(302);
      expect(answer.headers().location).toMatch(/^\/admin\/login\?/);
    }
    expect(storedSection("notifications")).toBeUndefined();
  });
});

describe("saving a section", () => {
  test("stores it with the admin's id and an audit row, and comes back with a toast", async () => {
    const { admin, client } = await adminApiClient("admin");
    const answer = await client.post("/admin/settings", { form: notifications(), maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe("/admin/settings");
    expect(answer.headers()["set-cookie"]).toMatch(/toast=/);
    expect(storedSection("notifications")).toEqual({
      value: { notifyAddress: "desk@example.com", contactMessages: true, enrolmentLeads: false },
      updatedBy: admin.adminId,
    });
    expect(
      queryTestDatabase("SELECT action, entity_type, entity_id FROM audit_log WHERE actor_id = ? ORDER BY id DESC LIMIT 1", admin.adminId),
    ).toEqual([{ action: "settings_updated", entity_type: "settings", entity_id: "notifications" }]);
    expect(await (await client.get("/admin/settings")).text()).toContain('value="desk@example.com"');
  });

  test("bad input is shown on its field and changes nothing", async () => {
    const { client } = await adminApiClient("admin");
    const before = storedSection("invoicing");
    const invoicing = {
      intent: "invoicing",
      legalName: "TradeMaster Academy Private Limited",
      address: "14 Market Road",
      city: "Pune",
      stateCode: "27",
      pin: "411001",
      gstRatePercent: "18",
      sac: "999293",
      invoicePrefix: "TMA",
      creditNotePrefix: "TCN",
    };
    await expectRefused(
      await client.post("/admin/settings", { form: { ...invoicing, gstin: "29AAAPL1234C1Z5" } }),
      "The GSTIN&#x27;s first two digits must be the state&#x27;s code",
    );
    await expectRefused(await client.post("/admin/settings", { form: { ...invoicing, pin: "4110" } }), "PIN code must be 6 digits");
    await expectRefused(
      await client.post("/admin/settings", { form: { ...invoicing, invoicePrefix: "TMAX" } }),
      "Invoice prefix must be 1 to 3 letters or digits",
    );
    await expectRefused(
      await client.post("/admin/settings", { form: notifications({ notifyAddress: "not an address" }) }),
      "Please enter a valid email address",
    );
    expect(storedSection("invoicing")).toEqual(before);

    const unknown = await client.post("/admin/settings", { form: { intent: "payments", legalName: "x" } });
    expect(unknown.status()).toBe(400);

    // A hand-made post with one value where the figure rows belong is shown back as a refusal, not an error page.
    const notRows = await client.post("/admin/settings", { form: { intent: "figures", figures: "12 mentors" } });
    expect(notRows.status()).toBe(400);
    const notRowsHtml = await notRows.text();
    expect(notRowsHtml).toContain("The figures could not be read");
    expect(notRowsHtml).toContain('name="figures[0].value"');
    const listOfValues = await client.post("/admin/settings", { form: { intent: "figures", "figures[0]": "12 mentors" } });
    expect(listOfValues.status()).toBe(400);
    expect(await listOfValues.text()).toContain("The figures could not be read");
    expect(storedSection("figures")).toBeUndefined();

    const saved = await client.post("/admin/settings", { form: { ...invoicing, gstin: "27aaapl1234c1z5" }, maxRedirects: 0 });
    expect(saved.status()).toBe(302);
    expect(storedSection("invoicing")?.value).toMatchObject({ gstin: "27AAAPL1234C1Z5", gstRatePercent: 18, stateCode: "27" });
  });
});

describe("the team's notice of a contact message", () => {
  test("goes to the address in the settings while switched on, and stops when switched off", async ({ request }) => {
    const { client } = await adminApiClient("admin");
    await client.post("/admin/settings", { form: notifications({ notifyAddress: "frontdesk@example.com" }), maxRedirects: 0 });
    const subject = `Batch timings ${randomUUID().slice(0, 8)}`;
    const contact = {
      name: "Priya Sharma",
      email: "priya@example.com",
      phone: "+91 98765 43210",
      subject,
      message: "Is there a weekend batch?",
      consent: true,
    };
    expect((await request.post("/api/contact", { data: contact })).status()).toBe(201);
    const [notice] = teamMail(subject);
    expect(notice).toMatchObject({ to_address: "frontdesk@example.com", subject: `New contact message: ${subject}` });
    expect(notice?.text_body).toContain("From: Priya Sharma <priya@example.com>");
    expect(notice?.text_body).toContain("Is there a weekend batch?");
    expect(notice?.text_body).toMatch(/Open the inbox: http:\/\/[^/]+\/admin\/inbox/);

    // An unticked box posts nothing.
    const switchedOff = await client.post("/admin/settings", {
      form: { intent: "notifications", notifyAddress: "frontdesk@example.com" },
      maxRedirects: 0,
    });
    expect(switchedOff.status()).toBe(302);
    const quiet = `Quiet question ${randomUUID().slice(0, 8)}`;
    expect((await request.post("/api/contact", { data: { ...contact, subject: quiet } })).status()).toBe(201);
    expect(teamMail(quiet)).toEqual([]);
  });
});
