import { randomUUID } from "node:crypto";
import { configureSite } from "./support/in-process-site";
import { createStudent, describe, expect, type HttpClient, queryTestDatabase, studentClient, test } from "./support/test";

// DPDP consent: Google Analytics loads only after the visitor accepts it in a
// banner that is a plain form, each choice is recorded, and no analytics load
// for an account whose holder has not confirmed they are 18 or older.
const TRACKING_ID = "G-CONSENT123";
configureSite({ GA_TRACKING_ID: TRACKING_ID });

const GTAG = `https://www.googletagmanager.com/gtag/js?id=${TRACKING_ID}`;
const BANNER_HEADING = "Analytics cookies</h2>";

type ConsentRow = { user_id: string | null; visitor_id: string | null; purpose: string; decision: string; source: string };
const recordsOfVisitor = (visitorId: string) =>
  queryTestDatabase<ConsentRow>(
    "SELECT user_id, visitor_id, purpose, decision, source FROM consent_records WHERE visitor_id = ? ORDER BY id",
    visitorId,
  );
const recordsOfUser = (userId: string) =>
  queryTestDatabase<ConsentRow>("SELECT purpose, decision, source FROM consent_records WHERE user_id = ? ORDER BY id", userId);

async function page(client: HttpClient, path = "/courses") {
  const response = await client.get(path);
  expect(response.status()).toBe(200);
  return response.text();
}

const choose = (client: HttpClient, decision: string, redirectTo = "/courses", extra: Record<string, string> = {}) =>
  client.post("/consent", { form: { decision, redirectTo, source: "banner", ...extra }, maxRedirects: 0 });

describe("the analytics banner", () => {
  test("before a choice the banner is a form and no analytics script is on the page", async ({ request }) => {
    const html = await page(request);
    expect(html).toContain(BANNER_HEADING);
    expect(html).toMatch(/<form method="post" action="\/consent"/);
    expect(html).toContain('name="decision" value="granted"');
    expect(html).toContain('name="decision" value="withdrawn"');
    expect(html).not.toContain(GTAG);
  });

  test("accepting records the consent, goes back to the page, and the script is there; declining records the withdrawal and removes it", async ({
    request,
  }) => {
    const accepted = await choose(request, "granted");
    expect(accepted.status()).toBe(302);
    expect(accepted.headers().location).toBe("/courses");
    const visitorId = request.cookies().visitor_id ?? "";
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(recordsOfVisitor(visitorId)).toEqual([
      { user_id: null, visitor_id: visitorId, purpose: "analytics", decision: "granted", source: "banner" },
    ]);
    for (const path of ["/courses", "/contact", "/"]) {
      const html = await page(request, path);
      expect(html, path).toContain(GTAG);
      expect(html, path).not.toContain(BANNER_HEADING);
    }

    const declined = await choose(request, "withdrawn", "/privacy#cookie-settings", { source: "cookie-settings" });
    expect(declined.headers().location).toBe("/privacy#cookie-settings");
    expect(recordsOfVisitor(visitorId).map((row) => [row.decision, row.source])).toEqual([
      ["granted", "banner"],
      ["withdrawn", "cookie-settings"],
    ]);
    const html = await page(request, "/privacy");
    expect(html).not.toContain(GTAG);
    expect(html).not.toContain(BANNER_HEADING);
    expect(html).toContain("You declined analytics cookies on this browser");
  });

  test("the way back is a path on this site only", async ({ request }) => {
    for (const redirectTo of ["https://evil.example/", "//evil.example/x", "/\t/evil.example"]) {
      expect((await choose(request, "withdrawn", redirectTo)).headers().location, redirectTo).toBe("/");
    }
  });

  test("with JavaScript the fetcher gets a plain answer and no redirect", async ({ request }) => {
    const response = await choose(request, "granted", "/courses", { respond: "data" });
    expect(response.status()).toBe(200);
    expect(request.cookies().analytics_consent).toBe("granted");
  });

  test("a choice that is neither is refused and recorded nowhere", async ({ request }) => {
    const response = await choose(request, "maybe");
    expect(response.status()).toBe(302);
    expect(request.cookies().analytics_consent).toBeUndefined();
    expect(await page(request)).toContain(BANNER_HEADING);
  });
});

describe("a signed-in account", () => {
  test("is recorded with its choice, and gets no analytics until its holder confirms they are 18 or older", async () => {
    const { client, student } = await studentClient(await createStudent({ adult: false }));
    await choose(client, "granted");
    expect(recordsOfUser(student.id)).toEqual([{ purpose: "analytics", decision: "granted", source: "banner" }]);
    expect(await page(client)).not.toContain(GTAG);
    expect(await page(client, "/")).not.toContain(GTAG);

    const account = await page(client, "/account");
    expect(account).toContain("I am 18 or older");
    const unticked = await client.post("/account", { form: { intent: "confirm-adult" } });
    expect(await unticked.text()).toContain("Please confirm you are 18 or older");
    expect(queryTestDatabase("SELECT adult_confirmed_at FROM users WHERE id = ?", student.id)).toEqual([{ adult_confirmed_at: null }]);

    await client.post("/account", { form: { intent: "confirm-adult", adult: "on" } });
    expect(queryTestDatabase<{ at: number | null }>("SELECT adult_confirmed_at AS at FROM users WHERE id = ?", student.id)[0]?.at).toEqual(
      expect.any(Number),
    );
    expect(await page(client)).toContain(GTAG);
    expect(await page(client, "/account")).not.toContain("Confirm my age");
  });
});

describe("sign-up", () => {
  const form = (extra: Record<string, string>) => ({
    firstName: "Meera",
    lastName: "Iyer",
    email: `meera-${randomUUID().slice(0, 8)}@example.com`,
    password: "a long enough passphrase here",
    ...extra,
  });

  test("without the 18+ box or the consent box is refused with the reason, and no account is made", async ({ request }) => {
    const noAge = form({ consent: "on" });
    const refused = await request.post("/signup", { form: noAge });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Please confirm you are 18 or older");
    const noConsent = form({ adult: "on" });
    const alsoRefused = await request.post("/signup", { form: noConsent });
    expect(alsoRefused.status()).toBe(400);
    expect(await alsoRefused.text()).toContain("Please tick the box to agree");
    expect(queryTestDatabase("SELECT id FROM users WHERE email IN (?, ?)", noAge.email, noConsent.email)).toEqual([]);
  });

  test("with both boxes makes an account that is confirmed adult, with its consent recorded", async ({ request }) => {
    const fields = form({ adult: "on", consent: "on" });
    const response = await request.post("/signup", { form: fields, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    const [user] = queryTestDatabase<{ id: string; at: number | null }>(
      "SELECT id, adult_confirmed_at AS at FROM users WHERE email = ?",
      fields.email,
    );
    expect(user?.at).toEqual(expect.any(Number));
    expect(recordsOfUser(user?.id ?? "")).toEqual([{ purpose: "account", decision: "granted", source: "signup" }]);
  });
});

describe("the JSON doors ask for the same consent as their forms", () => {
  const contact = { name: "Priya Sharma", email: "priya@example.com", subject: "", message: "Which course suits a beginner?" };

  test("POST /api/contact: 400 without `consent: true`, nothing stored; with it, the consent is recorded with the message", async ({
    request,
  }) => {
    const subject = `Consent ${randomUUID().slice(0, 8)}`;
    for (const consent of [undefined, false, "yes"]) {
      const response = await request.post("/api/contact", { data: { ...contact, subject, consent } });
      expect(response.status()).toBe(400);
      expect((await response.json()).errors.consent).toEqual(["Please tick the box to agree to the use of your details for this purpose."]);
    }
    expect(queryTestDatabase("SELECT id FROM contact_messages WHERE subject = ?", subject)).toEqual([]);

    expect((await request.post("/api/contact", { data: { ...contact, subject, consent: true } })).status()).toBe(201);
    expect(queryTestDatabase("SELECT id FROM contact_messages WHERE subject = ?", subject)).toHaveLength(1);
    expect(
      queryTestDatabase(
        "SELECT purpose, source FROM consent_records WHERE purpose = 'contact-reply' AND user_id IS NULL AND visitor_id IS NOT NULL",
      ),
    ).toContainEqual({ purpose: "contact-reply", source: "contact" });
  });

  test("POST /api/enrollment-forms and /api/events/:id/register: 400 without it, nothing stored", async () => {
    const { client, student } = await studentClient();
    const [course] = queryTestDatabase<{ id: number }>("SELECT id FROM courses WHERE is_active = 1 ORDER BY id LIMIT 1");
    const lead = {
      name: "Rahul Verma",
      whatsappNumber: "9876543210",
      state: "Gujarat",
      city: "Ahmedabad",
      experienceLevel: "Expert",
      sourceOfLead: "Seminar",
      courseOrEventId: course?.id,
      courseOrEventType: "course",
    };
    const refusedLead = await client.post("/api/enrollment-forms", { data: lead });
    expect(refusedLead.status()).toBe(400);
    expect((await refusedLead.json()).errors.consent).toBeDefined();
    expect(queryTestDatabase("SELECT id FROM enrollment_forms WHERE user_id = ?", student.id)).toEqual([]);

    const [event] = queryTestDatabase<{ id: number }>(
      "SELECT id FROM events WHERE is_active = 1 AND price_paise = 0 AND event_date > ? ORDER BY event_date LIMIT 1",
      Date.now(),
    );
    const refusedSeat = await client.post(`/api/events/${event?.id}/register`, {
      data: { name: "Priya Sharma", email: "priya@example.com", phone: "+91 98765 43210" },
    });
    expect(refusedSeat.status()).toBe(400);
    expect((await refusedSeat.json()).errors.consent).toBeDefined();
    expect(queryTestDatabase("SELECT id FROM event_registrations WHERE user_id = ?", student.id)).toEqual([]);
    expect(recordsOfUser(student.id)).toEqual([]);

    expect((await client.post("/api/enrollment-forms", { data: { ...lead, consent: true } })).status()).toBe(201);
    expect(recordsOfUser(student.id)).toEqual([{ purpose: "enrolment-callback", decision: "granted", source: "enrollment-form" }]);
  });
});
