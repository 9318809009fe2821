import { passwordHashOf, plantResetToken, resetLinkIn } from "../support/password-reset";
import {
  createStudent,
  expect,
  plantSession,
  queryTestDatabase,
  SITE_ORIGIN,
  studentClient,
  test,
  type HttpClient,
  type HttpResponse,
} from "./support/test";

// "Forgot your password?" and the reset link: the same answer for every
// address, mail only to an account, a link that works once within the hour,
// every session ended by a reset, and a limit on how often anyone may ask.

const NEW_PASSPHRASE = "saffron kite over quiet harbour";
const HOUR = 60 * 60 * 1000;
let addresses = 0;
/** Each test asks from its own client address, so the per-client limit is the throttle test's alone. */
const fromNewAddress = () => ({ "x-forwarded-for": `203.0.113.${++addresses}` });

function askForReset(client: HttpClient, email: string, headers: Record<string, string>) {
  return client.post("/forgot-password", { form: { email }, headers, maxRedirects: 0 });
}

function resetLinksTo(email: string): string[] {
  return queryTestDatabase<{ text: string }>(
    "SELECT text_body AS text FROM outbox_messages WHERE to_address = ? AND kind = 'reset-password' ORDER BY id",
    email,
  ).map((row) => resetLinkIn(row.text) ?? "");
}

/** Every header but the date, with the CSP nonce blanked: what must not differ between two answers. */
function comparable(response: HttpResponse): Record<string, string> {
  const { date: _date, ...headers } = response.headers();
  const csp = headers["content-security-policy"];
  return { ...headers, ...(csp ? { "content-security-policy": csp.replace(/'nonce-[^']+'/, "'nonce-…'") } : {}) };
}

test("a known and an unknown email get the same answer; only the known one gets a link", async ({ request }) => {
  const student = await createStudent({ firstName: "Kavya" });
  queryTestDatabase("UPDATE users SET email_verified_at = 1 WHERE id = ? RETURNING id", student.id);
  const unknown = `nobody-${student.id.slice(0, 8)}@example.test`;
  const headers = fromNewAddress();
  const forKnown = await askForReset(request, student.email.toUpperCase(), headers);
  const forUnknown = await askForReset(request, unknown, headers);

  expect(forKnown.status()).toBe(302);
  expect(forKnown.headers()["location"]).toBe("/forgot-password?sent=1");
  expect(forKnown.headers()["set-cookie"]).toBeUndefined();
  expect(forUnknown.status()).toBe(forKnown.status());
  expect(comparable(forUnknown)).toEqual(comparable(forKnown));
  expect(await forUnknown.text()).toBe(await forKnown.text());

  const page = await request.get("/forgot-password?sent=1");
  expect(await page.text()).toContain("If an account uses that address, a link to choose a new password is on its way.");

  expect(queryTestDatabase("SELECT id FROM outbox_messages WHERE to_address = ?", unknown)).toEqual([]);
  const [message] = queryTestDatabase<{ subject: string; text: string; userId: string }>(
    "SELECT subject, text_body AS text, user_id AS userId FROM outbox_messages WHERE to_address = ?",
    student.email,
  );
  expect(message).toMatchObject({ subject: "Reset your TradeMaster Academy password", userId: student.id });
  expect(message?.text).toContain("Hello Kavya,");
  expect(message?.text).toContain("The link works once, for 1 hour.");
  expect(resetLinksTo(student.email)[0]).toMatch(new RegExp(`^${SITE_ORIGIN}/reset-password\\?token=[\\w-]{43}$`));
});

test("an account whose address is unconfirmed is greeted by no name: whoever signed up typed it", async ({ request }) => {
  const student = await createStudent({ firstName: "Call 98xxxx to claim a refund" });
  await askForReset(request, student.email, fromNewAddress());
  const [message] = queryTestDatabase<{ text: string }>(
    "SELECT text_body AS text FROM outbox_messages WHERE to_address = ?",
    student.email,
  );
  expect(message?.text).toMatch(/^Hello,\n/);
  expect(message?.text).not.toContain("refund");
});

test("a bad address is refused with its message and sends nothing", async ({ request }) => {
  const response = await askForReset(request, "not-an-address", fromNewAddress());
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("Please enter a valid email address");
});

test("opening the link changes nothing; the form sets the password, ends every session and signs in", async ({ request }) => {
  const { client: oldDevice, student } = await studentClient();
  const otherSession = await plantSession(student);
  await askForReset(request, student.email, fromNewAddress());
  const [link] = resetLinksTo(student.email);
  const before = passwordHashOf(student.id);

  const form = await request.get(link ?? "");
  expect(form.status()).toBe(200);
  expect(await form.text()).toContain(`Choose a new password for ${student.email}`);
  expect(await form.text()).toContain("Use a passphrase");
  expect((await request.get(link ?? "")).status()).toBe(200);
  expect(passwordHashOf(student.id)).toBe(before);

  const token = new URL(link ?? "").searchParams.get("token") ?? "";
  const reset = await request.post("/reset-password", { form: { token, password: NEW_PASSPHRASE }, maxRedirects: 0 });
  expect(reset.status()).toBe(302);
  expect(reset.headers()["location"]).toBe("/signed-in?to=%2F");
  expect(passwordHashOf(student.id)).toMatch(/^\$argon2id\$/);
  expect(passwordHashOf(student.id)).not.toBe(before);
  expect(queryTestDatabase<{ at: number | null }>("SELECT email_verified_at AS at FROM users WHERE id = ?", student.id)[0]?.at).toEqual(
    expect.any(Number),
  );

  // The new session is the student's; every earlier one is gone.
  expect((await request.get("/api/auth/user")).status()).toBe(200);
  expect((await oldDevice.get("/api/auth/user")).status()).toBe(401);
  expect(queryTestDatabase("SELECT sid FROM sessions WHERE sid = ?", otherSession.sid)).toEqual([]);
  const home = await request.get("/");
  expect(await home.text()).toContain("Password changed");

  // The old password no longer signs in; the new one does.
  const signIn = (password: string) =>
    request.post("/login", { form: { email: student.email, password }, headers: fromNewAddress(), maxRedirects: 0 });
  await request.post("/api/logout", { maxRedirects: 0 });
  expect((await signIn(student.password)).status()).toBe(401);
  expect((await signIn(NEW_PASSPHRASE)).status()).toBe(302);
});

test("an expired, used, forged or missing token gets the ask-again page and changes nothing", async ({ request }) => {
  const student = await createStudent();
  const before = passwordHashOf(student.id);
  const used = plantResetToken(student, new Date(Date.now() + HOUR));
  expect((await request.post("/reset-password", { form: { token: used, password: NEW_PASSPHRASE }, maxRedirects: 0 })).status()).toBe(302);
  await request.post("/api/logout", { maxRedirects: 0 });
  const afterUse = passwordHashOf(student.id);
  expect(afterUse).not.toBe(before);
  // Planted after the reset, which retires every earlier link of the student.
  const expired = plantResetToken(student, new Date(Date.now() - 1000));

  const cases = [
    { token: expired, status: 410, says: "This link has expired" },
    { token: used, status: 410, says: "This link has already been used" },
    { token: "forged-token-that-was-never-sent", status: 400, says: "This link is not valid" },
    { token: "", status: 400, says: "This link is not valid" },
  ];
  for (const { token, status, says } of cases) {
    const opened = await request.get(`/reset-password?${new URLSearchParams({ token })}`);
    expect(opened.status(), says).toBe(status);
    expect(await opened.text()).toContain(says);
    expect(await opened.text()).toContain('href="/forgot-password"');
    const posted = await request.post("/reset-password", { form: { token, password: "another quiet passphrase here" } });
    expect(posted.status(), says).toBe(status);
    expect(await posted.text()).toContain(says);
  }
  expect(passwordHashOf(student.id)).toBe(afterUse);
  expect((await request.get("/api/auth/user")).status()).toBe(401);
});

test("one student's link never changes another's account", async ({ request }) => {
  const owner = await createStudent();
  const other = await createStudent();
  const { client: otherDevice } = await studentClient(other);
  const token = plantResetToken(owner, new Date(Date.now() + HOUR));
  const otherBefore = passwordHashOf(other.id);

  await request.post("/reset-password", { form: { token, password: NEW_PASSPHRASE }, maxRedirects: 0 });
  expect(passwordHashOf(other.id)).toBe(otherBefore);
  expect((await otherDevice.get("/api/auth/user")).status()).toBe(200);
  expect(await (await request.get("/api/auth/user")).json()).toMatchObject({ id: owner.id });
});

test("the new password follows the sign-up rules, with their messages, and the link stays usable", async ({ request }) => {
  const student = await createStudent({ firstName: "Rohan" });
  const token = plantResetToken(student, new Date(Date.now() + HOUR));
  const before = passwordHashOf(student.id);
  const attempt = (password: string) => request.post("/reset-password", { form: { token, password }, maxRedirects: 0 });

  const short = await attempt("too short");
  expect(short.status()).toBe(400);
  expect(await short.text()).toContain("Password must be at least 15 characters. A passphrase of a few words is easiest.");
  const common = await attempt("passwordpassword");
  expect(common.status()).toBe(400);
  expect(await common.text()).toContain("Try a passphrase of a few unrelated words.");
  const spaces = await attempt(" ".repeat(20));
  expect(await spaces.text()).toContain("Password cannot be only spaces");
  expect(passwordHashOf(student.id)).toBe(before);

  expect((await attempt(NEW_PASSPHRASE)).status()).toBe(302);
});

test("asking too often is refused with 429 and a message, for any address alike", async ({ request }) => {
  const student = await createStudent();
  const unknown = `nobody-${student.id.slice(0, 8)}@example.test`;
  // Per address: three an hour, whether or not it has an account.
  for (const email of [student.email, unknown]) {
    for (let i = 0; i < 3; i++) expect((await askForReset(request, email, fromNewAddress())).status()).toBe(302);
    const refused = await askForReset(request, email, fromNewAddress());
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/Too many password reset requests\. Please wait \d+ minutes and try again\./);
  }
  expect(resetLinksTo(student.email)).toHaveLength(3);

  // Per client: ten an hour, whichever addresses it names.
  const headers = fromNewAddress();
  for (let i = 0; i < 10; i++)
    expect((await askForReset(request, `flood-${i}-${student.id.slice(0, 8)}@example.test`, headers)).status()).toBe(302);
  expect((await askForReset(request, `flood-last-${student.id.slice(0, 8)}@example.test`, headers)).status()).toBe(429);
});

test("confirming an email queues one welcome message with plain links, however often it is confirmed", async ({ request }) => {
  const student = await createStudent({ firstName: "Neha" });
  const confirm = (token: string) => request.post("/verify-email", { form: { token }, maxRedirects: 0 });
  const first = plantResetToken(student, new Date(Date.now() + HOUR), undefined, "verify-email");
  const second = plantResetToken(student, new Date(Date.now() + HOUR), undefined, "verify-email");
  expect((await confirm(first)).status()).toBe(302);
  expect((await confirm(second)).status()).toBe(302);

  const welcomes = queryTestDatabase<{ subject: string; text: string }>(
    "SELECT subject, text_body AS text FROM outbox_messages WHERE user_id = ? AND kind = 'welcome'",
    student.id,
  );
  expect(welcomes).toHaveLength(1);
  expect(welcomes[0]?.subject).toBe("Welcome to TradeMaster Academy");
  const lines = welcomes[0]?.text.split("\n") ?? [];
  expect(lines).toEqual(expect.arrayContaining(["Hello Neha,", `${SITE_ORIGIN}/courses`, `${SITE_ORIGIN}/`, `${SITE_ORIGIN}/events`]));
  expect(welcomes[0]?.text).not.toMatch(/profit|returns|guarantee|success rate/i);
});

test("the account-exists mail of a second sign-up points to the reset page", async ({ request }) => {
  const student = await createStudent();
  await request.post("/signup", {
    form: { firstName: "A", lastName: "B", email: student.email, password: NEW_PASSPHRASE, adult: "on", consent: "on" },
    headers: fromNewAddress(),
    maxRedirects: 0,
  });
  const [message] = queryTestDatabase<{ text: string }>(
    "SELECT text_body AS text FROM outbox_messages WHERE to_address = ? AND kind = 'account-exists'",
    student.email,
  );
  expect(message?.text).toContain(`Forgotten your password? Choose a new one here:\n${SITE_ORIGIN}/forgot-password`);
  expect(message?.text).not.toContain("Write to us");
});
