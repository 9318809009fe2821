import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendDueMessages, type MailTransport } from "~/services/mail/sender.server";
import { db } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import { outboxMessages } from "../../../db/schema";
import {
  claimDueMessages,
  listOutboxMessages,
  MAX_SEND_ATTEMPTS,
  queueMessage,
  requeueInterruptedMessages,
  retryDelayMs,
  type OutboxDraft,
} from "./outbox.server";

function draft(overrides: Partial<OutboxDraft> = {}): OutboxDraft {
  const tag = crypto.randomUUID().slice(0, 8);
  return {
    kind: "test",
    to: `${tag}@example.test`,
    subject: `Subject ${tag}`,
    text: "Hello",
    html: "<p>Hello</p>",
    messageId: `<${tag}@example.test>`,
    ...overrides,
  };
}

const queue = (message: OutboxDraft, now = new Date()) => db.transaction((tx) => queueMessage(tx, message, now));
const row = (id: number) => db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).get();

/** Nothing else may be due when a test sends: clear what earlier tests left. */
function emptyOutbox() {
  db.delete(outboxMessages).run();
}

afterEach(() => vi.restoreAllMocks());

describe("the outbox", () => {
  it("keeps a message written in a transaction that rolled back out", () => {
    const message = draft();
    expect(() =>
      db.transaction((tx) => {
        queueMessage(tx, message);
        throw new Error("the cause failed");
      }),
    ).toThrow("the cause failed");
    expect(listOutboxMessages({ q: message.to }).total).toBe(0);
  });

  it("sends what is due, keeps its Message-ID, and records it sent", async () => {
    emptyOutbox();
    const message = draft();
    const id = queue(message);
    const later = queue(draft(), new Date(Date.now() + 60_000));
    const sent: unknown[] = [];
    const transport: MailTransport = { sendMail: async (mail) => void sent.push(mail) };

    expect(await sendDueMessages(transport, '"Institute" <no-reply@institute.example>')).toEqual({ sent: 1, failed: 0 });
    expect(sent).toEqual([
      {
        from: '"Institute" <no-reply@institute.example>',
        to: message.to,
        subject: message.subject,
        text: "Hello",
        html: "<p>Hello</p>",
        messageId: message.messageId,
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
    const id = queue(draft({ kind: "reset-password", text: `Choose a new password:\n${link}\n`, html: `<a href="${link}">Choose</a>` }));
    const sent: { text?: unknown; html?: unknown }[] = [];
    const transport: MailTransport = { sendMail: async (mail) => void sent.push(mail) };

    await sendDueMessages(transport, "x@example.test");
    expect(sent[0]?.text).toContain(link);
    expect(sent[0]?.html).toContain(link);
    expect(row(id)?.state).toBe("sent");
    expect(row(id)?.textBody).not.toContain("live-secret-token");
    expect(row(id)?.htmlBody).not.toContain("live-secret-token");
    expect(row(id)?.textBody).toContain("Choose a new password:");
  });

  it("sends a message's attachments with it, as stored", async () => {
    emptyOutbox();
    const invitation = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n";
    const attachment = { filename: "event.ics", contentType: "text/calendar", contentBase64: Buffer.from(invitation).toString("base64") };
    const id = queue(draft({ attachments: [attachment] }));
    expect(row(id)?.attachments).toEqual([attachment]);
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
    const id = queue(draft());
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

  it("claims a message once, and queues again one whose sending a crash cut short", () => {
    emptyOutbox();
    const id = queue(draft());
    expect(claimDueMessages(10).map((message) => message.id)).toEqual([id]);
    expect(claimDueMessages(10)).toEqual([]);
    expect(row(id)?.state).toBe("sending");
    expect(requeueInterruptedMessages()).toBe(1);
    expect(claimDueMessages(10).map((message) => message.messageId)).toEqual([row(id)?.messageId]);
  });

  it("keeps sending while one message hangs on its connection", async () => {
    emptyOutbox();
    const stuck = draft();
    const stuckId = queue(stuck);
    const others = [draft(), draft(), draft()].map((message) => queue(message));
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
    const id = queue(draft());
    const before = Date.now();
    const refused: MailTransport = { sendMail: () => Promise.reject(new Error("connect ECONNREFUSED")) };
    await sendDueMessages(refused, "x@example.test", { retryBaseMs: MAIL_RETRY_BASE_MS });
    const wait = (row(id)?.nextAttemptAt.getTime() ?? 0) - before;
    expect(wait).toBeGreaterThanOrEqual(500);
    expect(wait).toBeLessThan(5_000);
    expect(retryDelayMs(3, MAIL_RETRY_BASE_MS)).toBe(2_000);
  });
});
