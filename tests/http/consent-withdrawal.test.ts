import { addRegistration, makeEnrollmentForm, storedRegistrations } from "../support/rows";
import { withDatabase } from "../support/database";
import { configureSite } from "./support/in-process-site";
import { describe, expect, makeCourse, queryTestDatabase, studentClient, test, type HttpClient } from "./support/test";

// One-click withdrawal of each purpose's consent on /account/privacy: the
// withdrawal is recorded and what the purpose was for stops, in one post.
configureSite({ GA_TRACKING_ID: "G-WITHDRAW1" });

const PAGE = "/account/privacy";

const grant = (userId: string, purpose: string) =>
  withDatabase((database) =>
    database
      .prepare(
        "INSERT INTO consent_records (user_id, purpose, decision, source, created_at) VALUES (?, ?, 'granted', 'enrollment-form', ?)",
      )
      .run(userId, purpose, Date.now() - 60_000),
  );

const records = (userId: string, purpose: string) =>
  queryTestDatabase<{ decision: string; source: string }>(
    "SELECT decision, source FROM consent_records WHERE user_id = ? AND purpose = ? ORDER BY id",
    userId,
    purpose,
  );

const withdraw = (client: HttpClient, purpose: string) => client.post(PAGE, { form: { intent: "withdraw", purpose }, maxRedirects: 0 });

describe("withdrawing one purpose", () => {
  test("a call-back consent is withdrawn with one click: recorded, the leads deleted, the button gone", async () => {
    const { client, student } = await studentClient();
    grant(student.id, "enrolment-callback");
    const leadId = makeEnrollmentForm(student.id, makeCourse({ pricePaise: 99_900 }).id);
    const before = await (await client.get(PAGE)).text();
    expect(before).toContain("Your consents");
    expect(before).toContain("Calling you back about a course (enrollment forms)");
    expect(before).toContain('aria-label="Withdraw: Calling you back about a course (enrollment forms)"');

    const response = await withdraw(client, "enrolment-callback");
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(PAGE);
    expect(records(student.id, "enrolment-callback")).toEqual([
      { decision: "granted", source: "enrollment-form" },
      { decision: "withdrawn", source: "privacy-page" },
    ]);
    expect(queryTestDatabase("SELECT id FROM enrollment_forms WHERE id = ?", leadId)).toEqual([]);
    const after = await (await client.get(PAGE)).text();
    expect(after).toContain("Consent withdrawn: Calling you back about a course");
    expect(after).not.toContain('aria-label="Withdraw: Calling you back');

    // A second click has nothing to withdraw: it says so and records nothing.
    await withdraw(client, "enrolment-callback");
    expect(await (await client.get(PAGE)).text()).toContain("There is no consent for this purpose to withdraw");
    expect(records(student.id, "enrolment-callback")).toHaveLength(2);
  });

  test("withdrawing event registration frees seats at free events to come and keeps past ones", async ({ makeEvent }) => {
    const { client, student } = await studentClient();
    grant(student.id, "event-registration");
    const coming = makeEvent("Withdrawal upcoming", { startsIn: 5 * 86_400_000 });
    const past = makeEvent("Withdrawal past", { startsIn: -5 * 86_400_000 });
    addRegistration(coming.id, student);
    addRegistration(past.id, student);
    expect((await withdraw(client, "event-registration")).status()).toBe(302);
    expect(storedRegistrations(coming.id, student.id)).toEqual([]);
    expect(storedRegistrations(past.id, student.id)).toHaveLength(1);
  });

  test("analytics accepted in this browser is withdrawn there too: recorded and the cookie turned off", async () => {
    const { client, student } = await studentClient();
    await client.post("/consent", { form: { decision: "granted", redirectTo: "/", source: "banner" }, maxRedirects: 0 });
    expect(await (await client.get(PAGE)).text()).toContain('aria-label="Withdraw: Analytics cookies (Google Analytics)"');
    const response = await withdraw(client, "analytics");
    expect(response.status()).toBe(302);
    expect(
      response
        .headersArray()
        .filter((h) => h.name.toLowerCase() === "set-cookie")
        .map((h) => h.value),
    ).toContainEqual(expect.stringMatching(/^analytics_consent=withdrawn;/));
    expect(records(student.id, "analytics").map((row) => row.decision)).toEqual(["granted", "withdrawn"]);
    expect(await (await client.get("/courses")).text()).not.toContain("googletagmanager.com/gtag/js?id=G-WITHDRAW1");
  });

  test("a purpose that cannot be withdrawn here changes nothing", async () => {
    const { client, student } = await studentClient();
    const before = queryTestDatabase("SELECT * FROM consent_records WHERE user_id = ?", student.id);
    const response = await withdraw(client, "account");
    expect(response.status()).toBe(302);
    expect(await (await client.get(PAGE)).text()).toContain("That is not a purpose you can withdraw here.");
    expect(queryTestDatabase("SELECT * FROM consent_records WHERE user_id = ?", student.id)).toEqual(before);
  });

  test("the newsletter of the account's confirmed address is withdrawn with one click: off the list and recorded", async () => {
    const { client, student } = await studentClient();
    withDatabase((database) => {
      database.prepare("UPDATE users SET email_verified_at = ? WHERE id = ?").run(Date.now() - 120_000, student.id);
      database
        .prepare("INSERT INTO newsletter_subscribers (email, confirmed_at, unsubscribe_token) VALUES (?, ?, ?)")
        .run(student.email, Date.now() - 60_000, `unsubscribe-${student.id}`);
    });
    expect(await (await client.get(PAGE)).text()).toContain('aria-label="Withdraw: The newsletter"');
    expect((await withdraw(client, "newsletter")).status()).toBe(302);
    expect(queryTestDatabase("SELECT id FROM newsletter_subscribers WHERE email = ?", student.email)).toEqual([]);
    expect(records(student.id, "newsletter")).toEqual([{ decision: "withdrawn", source: "privacy-page" }]);
    expect(await (await client.get(PAGE)).text()).not.toContain('aria-label="Withdraw: The newsletter"');
  });
});
