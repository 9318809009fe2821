import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordHashOf, plantResetToken } from "../support/password-reset";
import { createStudent, studentCookie, type Student } from "../support/accounts";
import { visibleText } from "./support/http";
import { MAIL_FROM, sameSitePost, startSiteWithMail } from "./support/mail-site";
import type { MailCatcher } from "./support/smtp";
import { BASE_PORT, type Site } from "./support/production-server";

// Password reset against the production server and a real SMTP server: the
// link arrives by mail and works once; an expired, reused, forged or another
// student's link is refused and leaves every password hash as it was.

const SITE_PORT = BASE_PORT + 180;
const SMTP_PORT = BASE_PORT + 181;
const NEW_PASSPHRASE = "teak boat under a violet sky";
const HOUR = 60 * 60 * 1000;

let site: Site;
let mail: MailCatcher;
let nextClient = 0;

beforeAll(async () => {
  ({ site, mail } = await startSiteWithMail("reset-tokens", SITE_PORT, SMTP_PORT));
});

afterAll(async () => {
  await site?.stop();
  await mail?.stop();
});

const post = (path: string, fields: Record<string, string>, cookie?: string) => sameSitePost(site, path, fields, ++nextClient, cookie);
const reset = (token: string, cookie?: string) => post("/reset-password", { token, password: NEW_PASSPHRASE }, cookie);
const hashes = (...students: Student[]) => students.map((student) => passwordHashOf(student.id, site.database));
const whoIs = async (cookie: string) => (await fetch(`${site.url}/api/auth/user`, { headers: { Cookie: cookie } })).status;

describe("password reset links by mail", () => {
  let student: Student;
  let token = "";

  it("the link arrives over SMTP, opening it changes nothing, and posting it sets the password and ends old sessions", async () => {
    student = await createStudent({}, site.database);
    const before = hashes(student);
    const oldSession = await studentCookie(site.database, student);
    expect(await whoIs(oldSession)).toBe(200);

    const asked = await post("/forgot-password", { email: student.email });
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe("/forgot-password?sent=1");
    const message = await mail.next(student.email, (received) => /Reset your/.test(received.header("Subject") ?? ""));
    expect(message.header("Subject")).toBe("Reset your TradeMaster Academy password");
    expect(message.header("From")).toBe(MAIL_FROM.replaceAll('"', ""));
    token = new RegExp(`${site.url}/reset-password\\?token=([\\w-]{43})`).exec(message.text)?.[1] ?? "";
    expect(token).not.toBe("");

    // Mail scanners open links: a GET shows the form and uses nothing up.
    for (let i = 0; i < 2; i++) {
      const opened = await fetch(`${site.url}/reset-password?token=${token}`);
      expect(opened.status).toBe(200);
      expect(await visibleText(opened)).toContain("Set my new password");
    }
    expect(hashes(student)).toEqual(before);

    const done = await reset(token);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/signed-in?to=%2F");
    const fresh = done.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="));
    expect(fresh).toBeDefined();
    expect(hashes(student)).not.toEqual(before);
    expect(await whoIs(oldSession)).toBe(401);
    expect(await whoIs(fresh?.split(";")[0] ?? "")).toBe(200);
  });

  it("a used, expired, forged or another student's link is refused and changes no password", async () => {
    const other = await createStudent({}, site.database);
    const otherSession = await studentCookie(site.database, other);
    const expired = plantResetToken(student, new Date(Date.now() - 1000), site.database);
    const before = hashes(student, other);

    const refusals = [
      { token, status: 410, says: "This link has already been used" },
      { token: expired, status: 410, says: "This link has expired" },
      { token: "forged-forged-forged-forged-forged-forged-123", status: 400, says: "This link is not valid" },
    ];
    for (const refusal of refusals) {
      const answer = await reset(refusal.token, otherSession);
      expect(answer.status, refusal.says).toBe(refusal.status);
      expect(await visibleText(answer)).toContain(refusal.says);
      expect(answer.headers.getSetCookie().some((cookie) => cookie.startsWith("__session="))).toBe(false);
    }
    expect(hashes(student, other)).toEqual(before);
    expect(await whoIs(otherSession)).toBe(200);

    // The first student's link, posted from the other student's browser, changes only the first student.
    const owners = plantResetToken(student, new Date(Date.now() + HOUR), site.database);
    expect((await reset(owners, otherSession)).status).toBe(302);
    const [studentAfter, otherAfter] = hashes(student, other);
    expect(studentAfter).not.toBe(before[0]);
    expect(otherAfter).toBe(before[1]);
  });
});
