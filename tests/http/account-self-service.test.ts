import {
  adminApiClient,
  clientWithCookie,
  createStudent,
  describe,
  expect,
  plantSession,
  queryTestDatabase,
  SITE_ORIGIN,
  test,
  withDatabase,
  type HttpClient,
  type HttpResponse,
  type Student,
} from "./support/test";
import { passwordHashOf } from "../support/password-reset";

// The student's own account page (/account): name and phone, email change
// (verified at the new address), password change, signed-in devices; and the
// admin's "Send a password reset". What each post stores and mails, what it
// refuses, and that nobody reaches anyone else's account through it.

const NEW_PASSPHRASE = "saffron kite over quiet harbour";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
let addresses = 0;
/** Each test signs in and guesses from its own client address, so the sign-in throttle's counts are its own. */
const fromNewAddress = () => ({ "x-forwarded-for": `198.51.100.${++addresses}` });

type StoredUser = { email: string; first_name: string; last_name: string; phone: string | null; email_verified_at: number | null };
const storedUser = (id: string) =>
  queryTestDatabase<StoredUser>("SELECT email, first_name, last_name, phone, email_verified_at FROM users WHERE id = ?", id)[0];
const mailTo = (address: string) =>
  queryTestDatabase<{ kind: string; text: string }>(
    "SELECT kind, text_body AS text FROM outbox_messages WHERE to_address = ? ORDER BY id",
    address,
  );
const sessionsOf = (userId: string) =>
  queryTestDatabase<{ sid: string }>("SELECT sid FROM sessions WHERE json_extract(sess, '$.userId') = ?", userId).map((row) => row.sid);
const changeLinkIn = (text: string) => /https?:\/\/\S+\/confirm-email-change\?token=[\w-]+/.exec(text)?.[0] ?? null;

async function signedInStudent(names: Partial<Pick<Student, "firstName" | "lastName">> = {}) {
  const student = await createStudent({ firstName: "Meera", lastName: "Nair", ...names });
  const cookie = await plantSession(student);
  return { student, browser: await clientWithCookie(cookie), sid: cookie.sid };
}

const post = (browser: HttpClient, form: Record<string, string>, headers: Record<string, string> = fromNewAddress()) =>
  browser.post("/account", { form, headers, maxRedirects: 0 });

async function expectToast(response: HttpResponse, to = "/account") {
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe(to);
  expect(response.headers()["set-cookie"]).toMatch(/toast=/);
}

/** The page again with this message in its markup (not only in the hydration data). */
async function expectRefused(response: HttpResponse, status: number, ...messages: string[]) {
  expect(response.status()).toBe(status);
  const markup = (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
  for (const message of messages) expect(markup).toContain(message);
}

describe("signed out", () => {
  test("the page and every post send the visitor to sign in and change nothing", async () => {
    const anonymous = await clientWithCookie();
    const opened = await anonymous.get("/account", { maxRedirects: 0 });
    expect(opened.status()).toBe(302);
    expect(opened.headers().location).toBe("/login?redirectTo=%2Faccount");
    const forms: Record<string, string>[] = [
      { intent: "profile", firstName: "X", lastName: "Y", phone: "9876543210" },
      { intent: "change-email", newEmail: "x@example.test", currentPassword: "whatever" },
      { intent: "change-password", currentPassword: "whatever", newPassword: NEW_PASSPHRASE },
      { intent: "sign-out-others" },
    ];
    for (const form of forms) {
      const answer = await post(anonymous, form);
      expect(answer.status(), form.intent).toBe(302);
      expect(answer.headers().location).toBe("/login?redirectTo=%2Faccount");
    }
    expect(mailTo("x@example.test")).toEqual([]);
  });
});

describe("name and phone", () => {
  test("are saved, the phone normalised, and shown with what the number is for", async () => {
    const { student, browser } = await signedInStudent();
    await expectToast(await post(browser, { intent: "profile", firstName: " Meera ", lastName: "Iyer", phone: "098765 43210" }));
    expect(storedUser(student.id)).toMatchObject({ first_name: "Meera", last_name: "Iyer", phone: "+919876543210" });
    const html = await (await browser.get("/account")).text();
    expect(html).toContain("Details saved");
    expect(html).toContain('value="+919876543210"');
    expect(html).toContain("call you or message you on WhatsApp about your courses and events");

    // Left empty, the number is removed.
    await expectToast(await post(browser, { intent: "profile", firstName: "Meera", lastName: "Iyer", phone: "" }));
    expect(storedUser(student.id)?.phone).toBeNull();
  });

  test("bad input gets its messages and changes nothing", async () => {
    const { student, browser } = await signedInStudent();
    const before = storedUser(student.id);
    await expectRefused(
      await post(browser, { intent: "profile", firstName: "", lastName: "Iyer", phone: "12345" }),
      400,
      "First name is required",
      "Enter an Indian mobile number: 10 digits starting with 6, 7, 8 or 9 (+91 or 0 in front is fine)",
    );
    await expectRefused(
      await post(browser, { intent: "profile", firstName: "M", lastName: "x".repeat(51) }),
      400,
      "Last name must be at most 50 characters",
    );
    expect(storedUser(student.id)).toEqual(before);
  });
});

describe("changing the email address", () => {
  test("a link goes to the new address and a notice to the old; the address changes only when the link is used, once, and is confirmed", async () => {
    const { student, browser } = await signedInStudent();
    const target = `moved-${student.id.slice(0, 8)}@example.test`;
    await expectToast(await post(browser, { intent: "change-email", newEmail: target.toUpperCase(), currentPassword: student.password }));
    expect(mailTo(target).map((row) => row.kind)).toEqual(["change-email"]);
    expect(mailTo(student.email).map((row) => row.kind)).toEqual(["change-email-notice"]);
    expect(mailTo(student.email)[0]?.text).toContain(`asked to change its email address to ${target}`);
    expect(storedUser(student.id)).toMatchObject({ email: student.email, email_verified_at: null });
    expect(await (await browser.get("/account")).text()).toContain(`Change to ${target} pending`);

    const link = changeLinkIn(mailTo(target)[0]?.text ?? "") ?? "";
    expect(link).toMatch(new RegExp(`^${SITE_ORIGIN}/confirm-email-change\\?token=[\\w-]{43}$`));
    const opened = await browser.get(link);
    expect(opened.status()).toBe(200);
    expect(await opened.text()).toContain(`Use ${target} for your account from now on.`);
    expect(storedUser(student.id)?.email).toBe(student.email);

    const token = new URL(link).searchParams.get("token") ?? "";
    await expectToast(await browser.post("/confirm-email-change", { form: { token }, maxRedirects: 0 }));
    expect(storedUser(student.id)).toMatchObject({ email: target, email_verified_at: expect.any(Number) });
    const page = await (await browser.get("/account")).text();
    expect(page).toContain(target);
    expect(page).toContain("Confirmed");
    expect(page).not.toContain(`Change to ${target} pending`);

    await expectRefused(await browser.post("/confirm-email-change", { form: { token } }), 410, "This link has already been used");
    expect(storedUser(student.id)?.email).toBe(target);
  });

  test("a wrong current password, a bad address or the same address get a message and send nothing", async () => {
    const { student, browser } = await signedInStudent();
    const target = `wrong-${student.id.slice(0, 8)}@example.test`;
    await expectRefused(
      await post(browser, { intent: "change-email", newEmail: target, currentPassword: "not my password" }),
      400,
      "That is not your current password",
    );
    await expectRefused(
      await post(browser, { intent: "change-email", newEmail: "not-an-address", currentPassword: student.password }),
      400,
      "Please enter a valid email address",
    );
    await expectRefused(await post(browser, { intent: "change-email", newEmail: target }), 400, "Password is required");
    await expectRefused(
      await post(browser, { intent: "change-email", newEmail: student.email, currentPassword: student.password }),
      400,
      "That is already your email address",
    );
    expect(mailTo(target)).toEqual([]);
    expect(mailTo(student.email)).toEqual([]);
    expect(queryTestDatabase("SELECT id FROM user_tokens WHERE user_id = ? AND purpose = 'change-email'", student.id)).toEqual([]);
  });

  test("an address another account took meanwhile is refused and nothing changes", async () => {
    const { student, browser } = await signedInStudent();
    const target = `contested-${student.id.slice(0, 8)}@example.test`;
    await post(browser, { intent: "change-email", newEmail: target, currentPassword: student.password });
    const token = new URL(changeLinkIn(mailTo(target)[0]?.text ?? "") ?? "").searchParams.get("token") ?? "";
    await createStudent({ email: target });
    const before = storedUser(student.id);
    await expectRefused(await browser.post("/confirm-email-change", { form: { token } }), 409, "This address is already in use");
    expect(storedUser(student.id)).toEqual(before);
  });

  test("an address with an account gets the same answer; only its mailbox hears that nothing changes", async () => {
    const { student, browser } = await signedInStudent();
    const owner = await createStudent();
    await expectToast(await post(browser, { intent: "change-email", newEmail: owner.email, currentPassword: student.password }));
    expect(mailTo(owner.email).map((row) => row.kind)).toEqual(["change-email-taken"]);
    expect(storedUser(owner.id)?.email).toBe(owner.email);
    expect(storedUser(student.id)?.email).toBe(student.email);
  });
});

describe("changing the password", () => {
  test("needs the current one; sets the new one, ends every other session and keeps this one", async () => {
    const { student, browser, sid } = await signedInStudent();
    const other = await plantSession(student);
    const before = passwordHashOf(student.id);

    await expectRefused(
      await post(browser, { intent: "change-password", currentPassword: "not my password", newPassword: NEW_PASSPHRASE }),
      400,
      "That is not your current password",
    );
    await expectRefused(
      await post(browser, { intent: "change-password", currentPassword: student.password, newPassword: "short" }),
      400,
      "Password must be at least 15 characters",
    );
    await expectRefused(
      await post(browser, { intent: "change-password", currentPassword: student.password, newPassword: "passwordpassword" }),
      400,
      "Try a passphrase of a few unrelated words.",
    );
    await expectRefused(
      await post(browser, { intent: "change-password", newPassword: NEW_PASSPHRASE }),
      400,
      "Enter your current password",
    );
    expect(passwordHashOf(student.id)).toBe(before);
    expect(sessionsOf(student.id).sort()).toEqual([sid, other.sid].sort());

    await expectToast(await post(browser, { intent: "change-password", currentPassword: student.password, newPassword: NEW_PASSPHRASE }));
    expect(passwordHashOf(student.id)).not.toBe(before);
    expect(sessionsOf(student.id)).toEqual([sid]);
    expect((await browser.get("/account", { maxRedirects: 0 })).status()).toBe(200);

    const signIn = (password: string) =>
      (async () =>
        (await clientWithCookie()).post("/login", {
          form: { email: student.email, password },
          headers: fromNewAddress(),
          maxRedirects: 0,
        }))();
    expect((await signIn(student.password)).status()).toBe(401);
    expect((await signIn(NEW_PASSPHRASE)).status()).toBe(302);
  });

  test("an account without a password sets its first one without a current one", async () => {
    const { student, browser } = await signedInStudent();
    withDatabase((database) => database.prepare("UPDATE users SET password_hash = NULL WHERE id = ?").run(student.id));
    const page = await (await browser.get("/account")).text();
    expect(page).toContain("Set a password");
    expect(page).toContain("first set a password below");
    await expectToast(await post(browser, { intent: "change-password", newPassword: NEW_PASSPHRASE }));
    expect(passwordHashOf(student.id)).toMatch(/^\$argon2id\$/);
  });
});

describe("signed-in devices", () => {
  test("lists each sign-in's browser and system, marks this device, and signs out everywhere else", async () => {
    const student = await createStudent({ firstName: "Devika" });
    const phone = await clientWithCookie();
    const laptop = await clientWithCookie();
    for (const [browser, userAgent] of [
      [phone, ANDROID_CHROME],
      [laptop, IPHONE_SAFARI],
    ] as const) {
      const answer = await browser.post("/login", {
        form: { email: student.email, password: student.password },
        headers: { ...fromNewAddress(), "user-agent": userAgent },
        maxRedirects: 0,
      });
      expect(answer.status()).toBe(302);
    }
    const html = (await (await phone.get("/account")).text()).replace(/<script[\s\S]*?<\/script>/g, "");
    expect(html).toContain("Chrome on Android");
    expect(html).toContain("Safari on iPhone");
    expect(html).toMatch(/Chrome on Android<span[^>]*>This device<\/span>/);
    expect(html).toMatch(/Signed in \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [ap]m IST/);

    await expectToast(await post(phone, { intent: "sign-out-others" }));
    expect(sessionsOf(student.id)).toHaveLength(1);
    expect((await laptop.get("/api/auth/user")).status()).toBe(401);
    expect((await phone.get("/api/auth/user")).status()).toBe(200);
    expect(await (await phone.get("/account")).text()).toContain("No other device is signed in.");
  });
});

describe("one student and another", () => {
  test("posts change only the signed-in student's own account, whatever the form names", async () => {
    const victim = await signedInStudent({ firstName: "Victim" });
    const victimOther = await plantSession(victim.student);
    const { student: attacker, browser } = await signedInStudent({ firstName: "Attacker" });
    const victimBefore = storedUser(victim.student.id);
    const victimHash = passwordHashOf(victim.student.id);

    const extra = { userId: victim.student.id, id: victim.student.id, email: victim.student.email };
    await expectToast(await post(browser, { intent: "profile", firstName: "Changed", lastName: "Name", phone: "9876543210", ...extra }));
    await expectToast(await post(browser, { intent: "sign-out-others", ...extra }));
    await expectToast(
      await post(browser, { intent: "change-password", currentPassword: attacker.password, newPassword: NEW_PASSPHRASE, ...extra }),
    );
    expect(storedUser(attacker.id)).toMatchObject({ first_name: "Changed", phone: "+919876543210" });
    expect(storedUser(victim.student.id)).toEqual(victimBefore);
    expect(passwordHashOf(victim.student.id)).toBe(victimHash);
    expect(sessionsOf(victim.student.id).sort()).toEqual([victim.sid, victimOther.sid].sort());
  });
});

describe("the admin's Send a password reset", () => {
  test("mails the reset link with an audit row; refused without a reason, for a deactivated account, and for a content manager", async () => {
    const student = await createStudent({ firstName: "Ishaan" });
    const page = `/admin/users/${student.id}`;
    const { admin, client } = await adminApiClient("admin");
    expect(await (await client.get(page)).text()).toContain("Send a password reset");

    await expectRefused(await client.post(page, { form: { intent: "send-password-reset" } }), 400, "Reason is required");
    const { client: contentManager } = await adminApiClient("content_manager");
    expect((await contentManager.post(page, { form: { intent: "send-password-reset", reason: "x" }, maxRedirects: 0 })).status()).toBe(403);
    expect(mailTo(student.email)).toEqual([]);

    await expectToast(
      await client.post(page, { form: { intent: "send-password-reset", reason: "Asked on the phone" }, maxRedirects: 0 }),
      page,
    );
    const [message] = mailTo(student.email);
    expect(message?.kind).toBe("reset-password");
    expect(message?.text).toMatch(new RegExp(`${SITE_ORIGIN}/reset-password\\?token=[\\w-]{43}`));
    const audit = queryTestDatabase<{ action: string; details: string }>(
      "SELECT action, details FROM audit_log WHERE actor_id = ? AND entity_id = ?",
      admin.adminId,
      student.id,
    );
    expect(audit.map((row) => [row.action, JSON.parse(row.details).reason])).toEqual([["user_password_reset_sent", "Asked on the phone"]]);

    withDatabase((database) => database.prepare("UPDATE users SET deactivated_at = ? WHERE id = ?").run(Date.now(), student.id));
    await expectRefused(
      await client.post(page, { form: { intent: "send-password-reset", reason: "again" } }),
      409,
      "This account is deactivated: reactivate it before sending a password reset.",
    );
    expect(mailTo(student.email)).toHaveLength(1);
  });
});
