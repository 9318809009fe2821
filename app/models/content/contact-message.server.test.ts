import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { contactMessages, outboxMessages } from "../../../db/schema";
import { currentConsent } from "../privacy/consent.server";
import { db } from "~/utils/db.server";
import {
  countUnreadMessages,
  INBOX_PAGE_SIZE,
  listInboxMessages,
  markMessageRead,
  sendContactMessage as storeContactMessage,
} from "./contact-message.server";
import { writtenMail } from "../../../tests/support/unit-mail";
import { writeQueuedMail } from "~/services/mail/writer.server";
import { saveSettings } from "../site/site-settings.server";

const sendContactMessage = (input: Parameters<typeof storeContactMessage>[0]) => storeContactMessage(input, VISITOR);
const VISITOR = { visitorId: "b7f3c2a1-0000-4000-8000-000000000001" };

const message = {
  name: "Priya Sharma",
  email: "priya@example.com",
  subject: "Course question",
  message: "Is the currency course suitable for beginners?",
  consent: true as const,
};

describe("sendContactMessage", () => {
  test("stores the message unread, with its time, and the sender's consent beside it", () => {
    const before = Date.now();
    const { id } = sendContactMessage({ ...message, phone: "+91 98765 43210" });
    const row = db.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
    const { consent: _consent, ...fields } = message;
    expect(row).toMatchObject({ ...fields, phone: "+91 98765 43210", isRead: false });
    expect(currentConsent(VISITOR, "contact-reply")).toBe("granted");
    expect(row?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  test("a message without a phone stores null, and each message is its own row", () => {
    const first = sendContactMessage(message);
    const second = sendContactMessage(message);
    expect(second.id).not.toBe(first.id);
    const row = db.select({ phone: contactMessages.phone }).from(contactMessages).where(eq(contactMessages.id, first.id)).get();
    expect(row).toEqual({ phone: null });
  });

  test("queues the acknowledgement to the sender with the message, repeating nothing they typed, and neither when the mail cannot be queued", () => {
    const sender = {
      ...message,
      name: "Win a prize at scam.example",
      email: "ack@example.com",
      subject: "Claim your reward: scam.example/now",
    };
    sendContactMessage(sender);
    const queued = () => writtenMail(sender.email);
    expect(queued()).toEqual([
      expect.objectContaining({
        kind: "contact-acknowledgement",
        to: "ack@example.com",
        subject: "We have received your message to TradeMaster Academy",
      }),
    ]);
    for (const part of [queued()[0]?.subject, queued()[0]?.text, queued()[0]?.html])
      expect(part).not.toMatch(/scam\.example|Win a prize|Claim your reward/);

    const stored = () => db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.email, sender.email)).all();
    // The outbox refuses the acknowledgement, as a full disk would: the message is not stored either.
    db.$client.exec(
      "CREATE TEMP TRIGGER refuse_acknowledgement BEFORE INSERT ON outbox_messages BEGIN SELECT RAISE(ABORT, 'mail not queued'); END",
    );
    try {
      expect(() => storeContactMessage(sender, VISITOR)).toThrow("mail not queued");
    } finally {
      db.$client.exec("DROP TRIGGER refuse_acknowledgement");
    }
    expect(stored()).toHaveLength(1);
    expect(queued()).toHaveLength(1);
  });

  test("past the address's share of acknowledgements, the message is stored and the team told, and the sender is mailed nothing", () => {
    const settings = { notifyAddress: "desk@example.com", contactMessages: true, enrolmentLeads: false };
    saveSettings("notifications", settings, { adminId: "admin-1" });
    const sender = { ...message, email: "capped@example.com", subject: "Fourth message today" };
    const { id } = storeContactMessage(sender, VISITOR, { acknowledge: false });
    expect(db.select({ subject: contactMessages.subject }).from(contactMessages).where(eq(contactMessages.id, id)).all()).toEqual([
      { subject: "Fourth message today" },
    ]);
    const mail = db.select({ to: outboxMessages.toAddress, kind: outboxMessages.kind }).from(outboxMessages).all();
    expect(mail.filter((row) => row.to === sender.email)).toEqual([]);
    expect(mail.filter((row) => row.kind === "team-contact-message").at(-1)).toEqual({
      to: "desk@example.com",
      kind: "team-contact-message",
    });
  });

  test("tells the team at the settings' address while notices are on, and not once they are off", () => {
    // Every team notice, to any address, as the mail writer wrote it.
    const teamMail = () => {
      writeQueuedMail();
      return db
        .select({ to: outboxMessages.toAddress, subject: outboxMessages.subject })
        .from(outboxMessages)
        .where(eq(outboxMessages.kind, "team-contact-message"))
        .orderBy(outboxMessages.id)
        .all();
    };
    const settings = { notifyAddress: "desk@example.com", contactMessages: true, enrolmentLeads: false };
    saveSettings("notifications", settings, { adminId: "admin-1" });
    const before = teamMail().length;
    sendContactMessage({ ...message, subject: "Weekend batch" });
    expect(teamMail().slice(before)).toEqual([{ to: "desk@example.com", subject: "New contact message: Weekend batch" }]);

    saveSettings("notifications", { ...settings, contactMessages: false }, { adminId: "admin-1" });
    sendContactMessage({ ...message, subject: "Another question" });
    expect(teamMail()).toHaveLength(before + 1);
  });
});

function addMessage(subject: string, createdAt: Date, isRead = false) {
  return db
    .insert(contactMessages)
    .values({ ...message, subject, createdAt, updatedAt: createdAt, isRead })
    .returning({ id: contactMessages.id })
    .get().id;
}

describe("the admin inbox", () => {
  test("unread first, then newest first; the filter narrows to unread or read", () => {
    db.delete(contactMessages).run();
    const oldUnread = addMessage("old unread", new Date("2026-01-01T10:00:00Z"));
    const newRead = addMessage("new read", new Date("2026-03-01T10:00:00Z"), true);
    const newUnread = addMessage("new unread", new Date("2026-02-01T10:00:00Z"));
    const oldRead = addMessage("old read", new Date("2025-12-01T10:00:00Z"), true);
    expect(listInboxMessages().messages.map((m) => m.id)).toEqual([newUnread, oldUnread, newRead, oldRead]);
    expect(listInboxMessages({ filter: "unread" })).toMatchObject({ total: 2, page: 1, pageCount: 1 });
    expect(listInboxMessages({ filter: "unread" }).messages.map((m) => m.id)).toEqual([newUnread, oldUnread]);
    expect(listInboxMessages({ filter: "read" }).messages.map((m) => m.id)).toEqual([newRead, oldRead]);
    expect(countUnreadMessages()).toBe(2);
  });

  test(`${INBOX_PAGE_SIZE} to a page; a page past the end shows the last, a nonsense page the first`, () => {
    db.delete(contactMessages).run();
    const ids = Array.from({ length: INBOX_PAGE_SIZE + 3 }, (_, i) => addMessage(`m${i}`, new Date(Date.UTC(2026, 0, 1, 0, i))));
    const newestFirst = [...ids].reverse();
    const first = listInboxMessages({ page: 1 });
    expect(first).toMatchObject({ total: INBOX_PAGE_SIZE + 3, page: 1, pageCount: 2 });
    expect(first.messages.map((m) => m.id)).toEqual(newestFirst.slice(0, INBOX_PAGE_SIZE));
    expect(listInboxMessages({ page: 2 }).messages.map((m) => m.id)).toEqual(newestFirst.slice(INBOX_PAGE_SIZE));
    expect(listInboxMessages({ page: 9 }).page).toBe(2);
    expect(listInboxMessages({ page: Number.NaN }).page).toBe(1);
    expect(listInboxMessages({ page: -3 }).page).toBe(1);
  });

  test("an empty inbox is one empty page", () => {
    db.delete(contactMessages).run();
    expect(listInboxMessages({ page: 4 })).toEqual({ messages: [], total: 0, page: 1, pageCount: 1 });
    expect(countUnreadMessages()).toBe(0);
  });

  test("marks a message read and unread again; unknown ids are not found", () => {
    const id = addMessage("to mark", new Date("2026-01-01T10:00:00Z"));
    const later = new Date("2026-05-05T05:05:05Z");
    expect(markMessageRead(String(id), true, later)).toEqual({ ok: true, id, name: message.name, subject: "to mark" });
    expect(db.select().from(contactMessages).where(eq(contactMessages.id, id)).get()).toMatchObject({ isRead: true, updatedAt: later });
    expect(markMessageRead(id, false)).toMatchObject({ ok: true });
    expect(db.select({ isRead: contactMessages.isRead }).from(contactMessages).where(eq(contactMessages.id, id)).get()).toEqual({
      isRead: false,
    });
    expect(markMessageRead(999_999, true)).toEqual({ ok: false, reason: "not-found" });
    expect(markMessageRead("1e3", true)).toEqual({ ok: false, reason: "not-found" });
  });
});
