import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStudent, studentCookie } from "../support/accounts";
import { withDatabase } from "../support/database";
import { postForm, postJson } from "./support/http";
import { startMailCatcher, type MailCatcher } from "./support/smtp";
import { BASE_PORT, startSite, type Site } from "./support/production-server";

// The mail a production server sends over real SMTP when a student enrols
// (the confirmation with the course link and the receipt, once however often
// the enrollment is reported) and when someone writes through the contact form.

const SITE_PORT = BASE_PORT + 190;
const SMTP_PORT = BASE_PORT + 191;

let site: Site;
let mail: MailCatcher;

beforeAll(async () => {
  mail = await startMailCatcher(SMTP_PORT);
  site = await startSite({
    name: "order-mail",
    port: SITE_PORT,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      SITE_URL: `http://localhost:${SITE_PORT}`,
      MAIL_FROM: '"TradeMaster Academy" <hello@institute.example>',
    },
  });
});

afterAll(async () => {
  await site?.stop();
  await mail?.stop();
});

describe("mail over SMTP", () => {
  it("a free enrollment, reported twice, delivers one confirmation with the course link and the receipt", async () => {
    const title = `Free Options Basics ${randomUUID().slice(0, 8)}`;
    const courseId = withDatabase(
      (db) =>
        Number(
          db
            .prepare(
              "INSERT INTO courses (title, short_description, description, duration, price_paise) VALUES (?, 's', 'd', '2 weeks', 0)",
            )
            .run(title).lastInsertRowid,
        ),
      site.database,
    );
    const student = await createStudent({}, site.database);
    const cookie = await studentCookie(site.database, student);
    for (const status of [201, 200]) expect((await postJson(`${site.url}/api/enroll-course`, { courseId }, cookie)).status).toBe(status);

    const confirmation = await mail.next(student.email, (message) => (message.header("Subject") ?? "").includes(title));
    expect(confirmation.header("Subject")).toMatch(new RegExp(`^You are enrolled in ${title} \\(order TMA-\\d{6}\\)$`));
    expect(confirmation.header("From")).toBe("TradeMaster Academy <hello@institute.example>");
    expect(confirmation.text).toContain(`${site.url}/learn/${courseId}`);
    expect(confirmation.text).toContain("Amount paid: Free");
    expect(confirmation.text).toContain("This is a payment receipt, not a tax invoice.");

    const sent = () =>
      withDatabase(
        (db) =>
          db.prepare("SELECT state FROM outbox_messages WHERE to_address = ? AND kind = 'order-confirmation'").pluck().all(student.email),
        site.database,
      );
    await expect.poll(sent, { timeout: 10_000 }).toEqual(["sent"]);
    expect(mail.received.filter((message) => message.to.includes(student.email))).toHaveLength(1);
  });

  it("a contact message delivers an acknowledgement to its sender, without repeating their subject", async () => {
    const email = `writer-${randomUUID().slice(0, 8)}@example.com`;
    const subject = `Weekend batch ${randomUUID().slice(0, 8)}`;
    const fields = { name: "Priya Sharma", email, subject, message: "Is there a weekend batch for beginners?", consent: "on" };
    expect((await postForm(`${site.url}/contact`, fields)).status).toBe(302);

    const acknowledgement = await mail.next(email, (message) =>
      (message.header("Subject") ?? "").startsWith("We have received your message"),
    );
    expect(acknowledgement.header("Subject")).toBe("We have received your message to TradeMaster Academy");
    expect(acknowledgement.text).not.toContain(subject);
    expect(acknowledgement.text).toContain("within 24 hours");
    expect(acknowledgement.text).toContain("info@trademasteracademy.in");
  });
});
