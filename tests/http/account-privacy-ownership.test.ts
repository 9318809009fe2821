import { randomUUID } from "node:crypto";
import { adminApiClient, clientWithCookie, describe, expect, type HttpClient, queryTestDatabase, test } from "./support/test";

// Rows a visitor left under an email address (contact messages, a newsletter
// sign-up, the mail answering them) are an account's only once the account
// has confirmed that address: before that, the download must not hand them to
// whoever signed up with the address, and erasing that account must leave them.

const PASSWORD = "a long enough passphrase here";
let addresses = 0;
const fromNewAddress = () => ({ "x-forwarded-for": `203.0.113.${++addresses}` });

type Rows = { contact: number[]; newsletter: number[]; mail: number[] };

/** What a visitor leaves under `email` without an account: a message (and its acknowledgement) and a newsletter sign-up. */
async function leaveRowsAs(email: string, request: HttpClient) {
  const subject = `My broker statement ${randomUUID().slice(0, 8)}`;
  const message = `My PAN is ABCPV${randomUUID().slice(0, 4)}Q and I lost a lot last month.`;
  const contact = { name: "Vidya Rao", email, phone: "", subject, message, consent: true };
  expect((await request.post("/api/contact", { data: contact, headers: fromNewAddress() })).status()).toBe(201);
  expect((await request.post("/api/newsletter", { data: { email }, headers: fromNewAddress() })).status()).toBe(202);
  const rows = rowsUnder(email);
  expect(rows.contact).toHaveLength(1);
  expect(rows.newsletter).toHaveLength(1);
  // The acknowledgement of the message and the newsletter's confirmation link.
  expect(rows.mail).toHaveLength(2);
  return { subject, message, rows };
}

/** The rows held under the address that are tied to no account. */
const rowsUnder = (email: string): Rows => ({
  contact: queryTestDatabase<{ id: number }>("SELECT id FROM contact_messages WHERE lower(email) = lower(?)", email).map((r) => r.id),
  newsletter: queryTestDatabase<{ id: number }>("SELECT id FROM newsletter_subscribers WHERE email = lower(?)", email).map((r) => r.id),
  mail: queryTestDatabase<{ id: number }>(
    "SELECT id FROM outbox_messages WHERE lower(to_address) = lower(?) AND user_id IS NULL",
    email,
  ).map((r) => r.id),
});

/** Signs up through the form with `email` and signs in with the password: the new account is not confirmed. */
async function signUpAs(email: string) {
  const client = await clientWithCookie();
  const form = { firstName: "Mallory", lastName: "Kumar", email, password: PASSWORD, adult: "on", consent: "on" };
  expect((await client.post("/signup", { form, headers: fromNewAddress(), maxRedirects: 0 })).status()).toBe(302);
  const signIn = await client.post("/login", { form: { email, password: PASSWORD }, headers: fromNewAddress(), maxRedirects: 0 });
  expect(signIn.status()).toBe(302);
  const [account] = queryTestDatabase<{ id: string }>("SELECT id FROM users WHERE email = ?", email);
  if (!account) throw new Error(`No account for ${email}`);
  return { client, id: account.id };
}

/** The confirmation link's token, as the mailbox at `email` receives it. */
function tokenMailedTo(email: string): string {
  const [mail] = queryTestDatabase<{ text_body: string }>(
    "SELECT text_body FROM outbox_messages WHERE to_address = ? AND kind = 'verify-email' ORDER BY id DESC",
    email,
  );
  const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? "")?.[1];
  if (!token) throw new Error(`No confirmation link mailed to ${email}`);
  return token;
}

const download = async (client: HttpClient) => {
  const response = await client.get("/account/privacy/download");
  expect(response.status()).toBe(200);
  const text = await response.text();
  return { text, data: JSON.parse(text) };
};

const erase = (client: HttpClient) => client.post("/account/privacy?confirm=delete", { form: { confirmation: PASSWORD }, maxRedirects: 0 });

describe("an account whose address is not confirmed", () => {
  test("gets none of the rows a visitor left under the address, nor a working confirmation link; erasing it leaves them", async ({
    request,
  }) => {
    const victim = `vidya-${randomUUID().slice(0, 8)}@example.com`;
    const left = await leaveRowsAs(victim, request);
    const { client, id } = await signUpAs(victim);
    const token = tokenMailedTo(victim);

    const { text, data } = await download(client);
    expect(data.account).toMatchObject({ id, email: victim, emailVerifiedAt: null });
    expect(data.contactMessages).toEqual([]);
    expect(data.newsletterSubscriptions).toEqual([]);
    // Only the account's own mail: the confirmation it asked for, with its link's token left out.
    expect(data.messagesToYou.map((mail: { kind: string }) => mail.kind)).toEqual(["verify-email"]);
    expect(data.messagesToYou[0].textBody).toContain("[single-use link hidden");
    expect(data.messagesToYou[0].textBody).not.toContain("/verify-email?token=");
    for (const theirs of [left.subject, left.message, "Vidya", token]) expect(text).not.toContain(theirs);

    const page = (await (await client.get("/account/privacy")).text()).replace(/<script[\s\S]*?<\/script>/g, "");
    expect(page).toContain("Your email address is not confirmed yet");

    // The admin's page for the account does not list the visitor's mail as the account's either.
    const { client: admin } = await adminApiClient();
    const adminPage = await (await admin.get(`/admin/users/${id}`)).text();
    const [acknowledgement] = queryTestDatabase<{ subject: string }>("SELECT subject FROM outbox_messages WHERE id = ?", left.rows.mail[0]);
    expect(adminPage).toContain("Confirm your email address");
    expect(adminPage).not.toContain(acknowledgement!.subject);

    expect((await erase(client)).status()).toBe(302);
    expect(queryTestDatabase<{ erased_at: number | null }>("SELECT erased_at FROM users WHERE id = ?", id)[0]?.erased_at).toEqual(
      expect.any(Number),
    );
    expect(rowsUnder(victim)).toEqual(left.rows);
    expect(queryTestDatabase("SELECT id FROM outbox_messages WHERE user_id = ?", id)).toEqual([]);
  });
});

describe("once the address is confirmed", () => {
  test("what was left under it belongs to the account: in the download, and gone with the erasure", async ({ request }) => {
    const owner = `Vidya.${randomUUID().slice(0, 8)}@Example.com`;
    const left = await leaveRowsAs(owner, request);
    const { client, id } = await signUpAs(owner.toLowerCase());

    // The owner reads the mail and presses the button on the link's page.
    const confirmed = await client.post("/verify-email", { form: { token: tokenMailedTo(owner.toLowerCase()) }, maxRedirects: 0 });
    expect(confirmed.status()).toBe(302);
    expect((await (await client.get("/account/privacy")).text()).includes("Your email address is not confirmed yet")).toBe(false);

    const { data } = await download(client);
    expect(data.account.emailVerifiedAt).toEqual(expect.any(String));
    expect(data.contactMessages).toEqual([expect.objectContaining({ subject: left.subject, message: left.message })]);
    expect(data.newsletterSubscriptions).toEqual([expect.objectContaining({ email: owner.toLowerCase() })]);
    expect(data.messagesToYou.map((mail: { kind: string }) => mail.kind)).toEqual(
      expect.arrayContaining(["contact-acknowledgement", "verify-email", "welcome"]),
    );

    expect((await erase(client)).status()).toBe(302);
    expect(rowsUnder(owner)).toEqual({ contact: [], newsletter: [], mail: [] });
    expect(queryTestDatabase("SELECT id FROM outbox_messages WHERE user_id = ?", id)).toEqual([]);
  });
});
