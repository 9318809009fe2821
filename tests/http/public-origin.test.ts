import { resetLinkIn } from "../support/password-reset";
import { adminApiClient, createStudent, describe, expect, queryTestDatabase, SITE_ORIGIN, studentClient, test } from "./support/test";

// Whoever sends a request chooses its Host and X-Forwarded-Host headers, so no
// link the site writes (in mail, in a page's metadata, in the sitemap) may take
// its address from them: with SITE_URL unset it is this server on localhost.
// And an admin reading the outbox never sees a link that opens someone's account.

const EVIL = "http://evil.example";
const evilHeaders = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
let addresses = 0;
const fromNewAddress = () => ({ ...evilHeaders, "x-forwarded-for": `198.51.100.${++addresses}` });

function mailTo(email: string, kind: string): { text: string; html: string } {
  const [mail] = queryTestDatabase<{ text: string; html: string }>(
    "SELECT text_body AS text, html_body AS html FROM outbox_messages WHERE to_address = ? AND kind = ? ORDER BY id DESC LIMIT 1",
    email,
    kind,
  );
  if (!mail) throw new Error(`No ${kind} mail to ${email}`);
  return mail;
}

describe("links in mail name the configured address, never the request's", () => {
  test("a reset asked for under another Host mails a link to this site", async ({ request }) => {
    const student = await createStudent();
    const answer = await request.post(`${EVIL}/forgot-password`, {
      form: { email: student.email },
      headers: fromNewAddress(),
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
    const mail = mailTo(student.email, "reset-password");
    expect(resetLinkIn(mail.text)).toMatch(new RegExp(`^${SITE_ORIGIN}/reset-password\\?token=`));
    expect(`${mail.text}${mail.html}`).not.toContain("evil.example");
  });

  test("a sign-up's confirmation and a contact message's acknowledgement link to this site", async ({ request }) => {
    const email = `host-${Date.now()}@example.test`;
    await request.post(`${EVIL}/signup`, {
      form: { firstName: "Asha", lastName: "Rao", email, password: "monsoon lantern over quiet harbour", adult: "on", consent: "on" },
      headers: fromNewAddress(),
      maxRedirects: 0,
    });
    const confirmation = mailTo(email, "verify-email");
    expect(confirmation.text).toContain(`${SITE_ORIGIN}/verify-email?token=`);
    expect(`${confirmation.text}${confirmation.html}`).not.toContain("evil.example");

    await request.post(`${EVIL}/contact`, {
      form: { name: "Asha Rao", email, subject: "Weekend batch", message: "Is there a weekend batch?", consent: "on" },
      headers: fromNewAddress(),
      maxRedirects: 0,
    });
    const acknowledgement = mailTo(email, "contact-acknowledgement");
    expect(acknowledgement.text).toContain(`${SITE_ORIGIN}/contact`);
    expect(`${acknowledgement.text}${acknowledgement.html}`).not.toContain("evil.example");
  });

  test("an email change asked for under another Host sends its link to this site", async () => {
    const { client, student } = await studentClient();
    const newEmail = `moved-${student.id.slice(0, 8)}@example.test`;
    await client.post(`${EVIL}/account`, {
      form: { intent: "change-email", newEmail, currentPassword: student.password },
      headers: fromNewAddress(),
      maxRedirects: 0,
    });
    const mail = mailTo(newEmail, "change-email");
    expect(mail.text).toContain(`${SITE_ORIGIN}/confirm-email-change?token=`);
    expect(`${mail.text}${mail.html}`).not.toContain("evil.example");
  });
});

describe("pages' own links name the configured address", () => {
  test("a course page's canonical link and the sitemap ignore the Host", async ({ request }) => {
    const [course] = queryTestDatabase<{ id: number }>("SELECT id FROM courses WHERE is_active = 1 ORDER BY id LIMIT 1");
    const page = await (await request.get(`${EVIL}/courses/${course!.id}`, { headers: evilHeaders })).text();
    expect(page).toContain(`<link rel="canonical" href="${SITE_ORIGIN}/courses/${course!.id}"`);
    expect(page).not.toContain("evil.example");
    const sitemap = await (await request.get(`${EVIL}/sitemap.xml`, { headers: evilHeaders })).text();
    expect(sitemap).toContain(`<loc>${SITE_ORIGIN}/courses</loc>`);
    expect(sitemap).not.toContain("evil.example");
  });
});

describe("the outbox shows no single-use link", () => {
  test("an admin opening a reset mail sees the message but not its link", async ({ request }) => {
    const student = await createStudent();
    await request.post("/forgot-password", {
      form: { email: student.email },
      headers: { "x-forwarded-for": "192.0.2.77" },
      maxRedirects: 0,
    });
    const [row] = queryTestDatabase<{ id: number; text: string }>(
      "SELECT id, text_body AS text FROM outbox_messages WHERE to_address = ? AND kind = 'reset-password'",
      student.email,
    );
    const token = new URL(resetLinkIn(row!.text)!).searchParams.get("token")!;
    const { client } = await adminApiClient("admin");
    const page = await (await client.get(`/admin/outbox/${row!.id}`)).text();
    expect(page).toContain("Choose a new password");
    expect(page).toContain("single-use link hidden");
    expect(page).not.toContain(token);
  });
});
