import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendDueMessages, type MailTransport } from "~/services/mail/sender.server";
import { db } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { outboxMessages } from "../../../db/schema";
import { writeQueuedMail } from "~/services/mail/writer.server";
import type { OutboxPayload } from "./outbox-payload";
import {
  claimDueMessages,
  getOutboxMessage,
  listOutboxMessages,
  MAX_SEND_ATTEMPTS,
  queueMail,
  requeueInterruptedMessages,
  retryDelayMs,
  sendFailedMessageAgain,
  type QueuedMail,
} from "./outbox.server";

/** A message to a fresh address; by default the contact form's acknowledgement, which needs no other rows. */
function mail(payload: OutboxPayload = { kind: "contact-acknowledgement" }): QueuedMail & { to: string } {
  return { to: `${crypto.randomUUID().slice(0, 8)}@example.test`, payload };
}

const queue = (message: QueuedMail, now = new Date()) => db.transaction((tx) => queueMail(tx, message, now));
const row = (id: number) => db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).get();

/** Nothing else may be due when a test sends: clear what earlier tests left. */
function emptyOutbox() {
  db.delete(outboxMessages).run();
}

afterEach(() => vi.restoreAllMocks());

describe("the outbox", () => {
  it("keeps a message queued in a transaction that rolled back out", () => {
    const message = mail();
    expect(() =>
      db.transaction((tx) => {
        queueMail(tx, message);
        throw new Error("the cause failed");
      }),
    ).toThrow("the cause failed");
    expect(listOutboxMessages({ q: message.to }).total).toBe(0);
  });

  it("stores what a message is about, and its Message-ID, until it is written", () => {
    emptyOutbox();
    const id = queue(mail({ kind: "welcome", firstName: "Asha" }));
    expect(row(id)).toMatchObject({ kind: "welcome", payload: { kind: "welcome", firstName: "Asha" }, subject: null, textBody: null });
    // Chosen at queueing, on the site's own domain (SITE_URL), so a resend is the same message.
    expect(row(id)?.messageId).toMatch(/^<[\w-]+@institute\.example>$/);
    expect(claimDueMessages(10)).toEqual([]);
    expect(writeQueuedMail()).toEqual({ written: 1, failed: 0 });
    expect(row(id)).toMatchObject({ payload: null, subject: "Welcome to TradeMaster Academy" });
    expect(row(id)?.textBody).toContain("Hello Asha,");
    expect(writeQueuedMail()).toEqual({ written: 0, failed: 0 });
  });

  it("sends what is due, keeps its Message-ID, and records it sent", async () => {
    emptyOutbox();
    const message = mail();
    const id = queue(message);
    const later = queue(mail(), new Date(Date.now() + 60_000));
    const sent: unknown[] = [];
    const transport: MailTransport = { sendMail: async (mail) => void sent.push(mail) };

    expect(await sendDueMessages(transport, '"Institute" <no-reply@institute.example>')).toEqual({ sent: 1, failed: 0 });
    expect(sent).toEqual([
      {
        from: '"Institute" <no-reply@institute.example>',
        to: message.to,
        subject: "We have received your message to TradeMaster Academy",
        text: expect.stringContaining("Thank you for writing to TradeMaster Academy."),
        html: expect.stringMatching(/^<!DOCTYPE html>.*Thank you for writing to TradeMaster Academy\./s),
        messageId: row(id)?.messageId,
        attachments: [],
      },
    ]);
    expect(row(id)).toMatchObject({ state: "sent", attempts: 1, lastError: null });
    expect(row(id)?.sentAt).toBeInstanceOf(Date);
    expect(row(later)?.state).toBe("queued");
    expect(await sendDueMessages(transport, "x@example.test")).toEqual({ sent: 0, failed: 0 });
  });

  it("sends a reset link whole, then keeps no copy of it", async () => {
    emptyOutbox();
    const link = "https://institute.example/reset-password?token=live-secret-token";
    const id = queue(mail({ kind: "reset-password", firstName: null, token: "live-secret-token" }));
    const sent: { text?: unknown; html?: unknown }[] = [];
    const transport: MailTransport = { sendMail: async (mail) => void sent.push(mail) };

    await sendDueMessages(transport, "x@example.test");
    expect(sent[0]?.text).toContain(link);
    expect(sent[0]?.html).toContain(link);
    expect(row(id)?.state).toBe("sent");
    expect(row(id)?.textBody).not.toContain("live-secret-token");
    expect(row(id)?.htmlBody).not.toContain("live-secret-token");
    expect(row(id)?.textBody).toContain("Choose a new password here:");
    expect(row(id)?.payload).toBeNull();
  });

  it("sends a message's attachments with it, as stored", async () => {
    emptyOutbox();
    const invitation = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n";
    const attachment = { filename: "event.ics", contentType: "text/calendar", contentBase64: Buffer.from(invitation).toString("base64") };
    const id = queue(mail());
    writeQueuedMail();
    db.update(outboxMessages)
      .set({ attachments: [attachment] })
      .where(eq(outboxMessages.id, id))
      .run();
    const sent: { attachments?: unknown }[] = [];
    const transport: MailTransport = { sendMail: async (mail) => void sent.push(mail) };

    await sendDueMessages(transport, "x@example.test");
    expect(sent[0]?.attachments).toEqual([
      { filename: "event.ics", contentType: "text/calendar", content: attachment.contentBase64, encoding: "base64" },
    ]);
  });

  it("retries a failed send after a growing wait, then gives up and shows the last error", async () => {
    emptyOutbox();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const id = queue(mail());
    const transport: MailTransport = {
      sendMail: async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:2525");
      },
    };
    expect(await sendDueMessages(transport, "x@example.test")).toEqual({ sent: 0, failed: 1 });
    const first = row(id);
    expect(first).toMatchObject({ state: "queued", attempts: 1, lastError: "connect ECONNREFUSED 127.0.0.1:2525" });
    expect(first?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 25_000);
    // Not due again until the wait is over.
    expect(await sendDueMessages(transport, "x@example.test")).toEqual({ sent: 0, failed: 0 });

    expect([1, 2, 3, 8, 20].map((attempts) => retryDelayMs(attempts))).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
    db.update(outboxMessages)
      .set({ attempts: MAX_SEND_ATTEMPTS - 1, nextAttemptAt: new Date(0) })
      .where(eq(outboxMessages.id, id))
      .run();
    await sendDueMessages(transport, "x@example.test");
    expect(row(id)).toMatchObject({ state: "failed", attempts: MAX_SEND_ATTEMPTS });
  });

  it("claims a written message once, and queues again one whose sending a crash cut short", () => {
    emptyOutbox();
    const id = queue(mail());
    writeQueuedMail();
    expect(claimDueMessages(10).map((message) => message.id)).toEqual([id]);
    expect(claimDueMessages(10)).toEqual([]);
    expect(row(id)?.state).toBe("sending");
    expect(requeueInterruptedMessages()).toBe(1);
    expect(claimDueMessages(10).map((message) => message.messageId)).toEqual([row(id)?.messageId]);
  });

  it("keeps sending while one message hangs on its connection", async () => {
    emptyOutbox();
    const stuck = mail();
    const stuckId = queue(stuck);
    const others = [mail(), mail(), mail()].map((message) => queue(message));
    let release: () => void = () => {};
    const transport: MailTransport = {
      sendMail: (mail) => (mail.to === stuck.to ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve()),
    };
    const sending = sendDueMessages(transport, "x@example.test");
    await vi.waitFor(() => expect(others.map((id) => row(id)?.state)).toEqual(["sent", "sent", "sent"]));
    expect(row(stuckId)?.state).toBe("sending");
    release();
    expect(await sending).toEqual({ sent: 4, failed: 0 });
    expect(row(stuckId)?.state).toBe("sent");
  });

  it("waits MAIL_RETRY_BASE_MS before the first retry when it is set", async () => {
    emptyOutbox();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { MAIL_RETRY_BASE_MS } = parseEnv({ MAIL_RETRY_BASE_MS: "500" });
    expect(parseEnv({}).MAIL_RETRY_BASE_MS).toBe(30_000);
    expect(() => parseEnv({ MAIL_RETRY_BASE_MS: "soon" })).toThrow(
      "Invalid configuration: MAIL_RETRY_BASE_MS must be a whole number of milliseconds from 100 to 3600000",
    );
    const id = queue(mail());
    const before = Date.now();
    const refused: MailTransport = { sendMail: () => Promise.reject(new Error("connect ECONNREFUSED")) };
    await sendDueMessages(refused, "x@example.test", { retryBaseMs: MAIL_RETRY_BASE_MS });
    const wait = (row(id)?.nextAttemptAt.getTime() ?? 0) - before;
    expect(wait).toBeGreaterThanOrEqual(500);
    expect(wait).toBeLessThan(5_000);
    expect(retryDelayMs(3, MAIL_RETRY_BASE_MS)).toBe(2_000);
  });

  it("fails a message that cannot be written, with the reason, and writes and sends the others", async () => {
    emptyOutbox();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const gone = queue(mail({ kind: "order-confirmation", orderId: 999_999 }));
    const fine = queue(mail());
    const sent: { to?: unknown }[] = [];
    const transport: MailTransport = { sendMail: async (mail) => void sent.push(mail) };

    expect(await sendDueMessages(transport, "x@example.test")).toEqual({ sent: 1, failed: 0 });
    expect(sent.map((message) => message.to)).toEqual([row(fine)?.toAddress]);
    expect(row(gone)).toMatchObject({ state: "failed", lastError: "Could not be written: order 999999 can no longer be read" });
    // The outbox names it by its kind; "Send again" tries to write it once more.
    expect(getOutboxMessage(String(gone))).toMatchObject({ subject: "Not written: order-confirmation", textBody: "" });
    expect(getOutboxMessage(String(gone))).not.toHaveProperty("payload");
    expect(sendFailedMessageAgain(gone, { adminId: "admin" })).toBe(true);
    expect(writeQueuedMail()).toEqual({ written: 0, failed: 1 });
    expect(row(gone)?.state).toBe("failed");
  });
});
