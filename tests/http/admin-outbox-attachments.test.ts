import { randomUUID } from "node:crypto";
import { adminApiClient, clientWithCookie, createStudent, describe, expect, plantSession, test, withDatabase } from "./support/test";

// The files sent with an outbox message (a calendar invitation, a receipt):
// /admin/outbox/:id lists them, and /admin/outbox/:id/attachments/:number
// hands an admin the bytes as a download. Everyone else is refused as on the
// other outbox pages: signed-out visitors and students go to the admin
// sign-in, content managers get 403.

const INVITATION = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nSUMMARY:Price action webinar\r\nEND:VCALENDAR\r\n";
const RECEIPT = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x00, 0xff, 0xfe]);

/** A queued message with two attachments; its id. */
function queueMessageWithAttachments(): number {
  const tag = randomUUID().slice(0, 8);
  const attachments = [
    { filename: "webinar.ics", contentType: "text/calendar; charset=utf-8", contentBase64: Buffer.from(INVITATION).toString("base64") },
    { filename: 'receipt "March".pdf', contentType: "application/pdf", contentBase64: RECEIPT.toString("base64") },
  ];
  return withDatabase(
    (database) =>
      database
        .prepare(
          "INSERT INTO outbox_messages (kind, to_address, subject, text_body, message_id, attachments) VALUES ('test', ?, ?, 'Hello', ?, ?) RETURNING id",
        )
        .get(`${tag}@example.test`, `Your registration ${tag}`, `<${tag}@example.test>`, JSON.stringify(attachments)) as { id: number },
  ).id;
}

describe("an outbox message's attachments", () => {
  test("an admin sees each file's name, type and size on the message, and downloads its bytes as an attachment", async () => {
    const id = queueMessageWithAttachments();
    const { client } = await adminApiClient("admin");

    const page = await client.get(`/admin/outbox/${id}`);
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toContain("Attachments");
    expect(html).toContain(`href="/admin/outbox/${id}/attachments/1"`);
    expect(html).toMatch(/webinar\.ics<\/a>\s*<span[^>]*>\(text\/calendar; charset=utf-8, 75 bytes\)/);
    expect(html).toContain(`href="/admin/outbox/${id}/attachments/2"`);
    expect(html).toMatch(/receipt &quot;March&quot;\.pdf<\/a>\s*<span[^>]*>\(application\/pdf, 12 bytes\)/);

    const invitation = await client.get(`/admin/outbox/${id}/attachments/1`);
    expect(invitation.status()).toBe(200);
    expect(invitation.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(invitation.headers()["content-disposition"]).toBe(`attachment; filename="webinar.ics"; filename*=UTF-8''webinar.ics`);
    expect(await invitation.text()).toBe(INVITATION);

    const receipt = await client.get(`/admin/outbox/${id}/attachments/2`);
    expect(receipt.status()).toBe(200);
    expect(receipt.headers()["content-type"]).toBe("application/pdf");
    expect(receipt.headers()["content-disposition"]).toBe(
      `attachment; filename="receipt _March_.pdf"; filename*=UTF-8''receipt%20%22March%22.pdf`,
    );
    expect(receipt.headers()["cache-control"]).toBe("private, no-store");
    expect(Buffer.compare(await receipt.body(), RECEIPT)).toBe(0);
  });

  test("a number that names no attachment, or a message that is not one, is 404", async () => {
    const id = queueMessageWithAttachments();
    const { client } = await adminApiClient("admin");
    for (const path of [
      `/admin/outbox/${id}/attachments/3`,
      `/admin/outbox/${id}/attachments/0`,
      `/admin/outbox/${id}/attachments/first`,
      `/admin/outbox/999999999/attachments/1`,
    ])
      expect((await client.get(path)).status(), path).toBe(404);
  });

  test("signed-out visitors and students are sent to the admin sign-in; content managers are refused", async () => {
    const id = queueMessageWithAttachments();
    const path = `/admin/outbox/${id}/attachments/1`;
    const anonymous = await clientWithCookie();
    const student = await clientWithCookie(await plantSession(await createStudent()));
    for (const client of [anonymous, student]) {
      const answer = await client.get(path, { maxRedirects: 0 });
      expect(answer.status()).toBe(302);
      expect(answer.headers().location).toBe(`/admin/login?${new URLSearchParams({ redirectTo: path })}`);
      expect(await answer.text()).not.toContain("VCALENDAR");
    }
    const { client: contentManager } = await adminApiClient("content_manager");
    const refused = await contentManager.get(path, { maxRedirects: 0 });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).not.toContain("VCALENDAR");
  });
});
