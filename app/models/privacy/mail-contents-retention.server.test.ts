// Sent mail keeps its text, HTML and attachments for the months Settings →
// Retention says (at least 12); then the daily job clears them in batches and
// records the count. The row stays, and mail not sent keeps everything.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { auditLog, outboxMessages, users } from "../../../db/schema";
import type { OutboxState } from "../../../db/enums";
import { db } from "~/utils/db.server";
import {
  contentsRemoved,
  getOutboxMessage,
  removeSentMailContents,
  sendFailedMessageAgain,
  sentMailContentsDue,
} from "../site/outbox.server";
import { saveSettings } from "../site/site-settings.server";
import { MAIL_CONTENTS_COUNT_CAP } from "~/schemas/site-settings";
import { exportPersonalData } from "./personal-data.server";
import { countMailContentsDue, MAIL_CONTENTS_ACTION, mailContentMonths, removeDueMailContents } from "./retention.server";

const NOW = new Date("2027-06-15T10:00:00Z");
const admin = { adminId: "mail-retention-test" };
const RECEIPT = { filename: "receipt.pdf", contentType: "application/pdf", contentBase64: "UERGLWJ5dGVz" };

function mail(state: OutboxState, sentAt: Date | null, extra: Partial<typeof outboxMessages.$inferInsert> = {}) {
  return db
    .insert(outboxMessages)
    .values({
      kind: "order-confirmation",
      toAddress: "asha@example.com",
      subject: "Your receipt",
      textBody: "Thank you, Asha. Order 42: ₹4,999.",
      htmlBody: "<p>Thank you, Asha.</p>",
      attachments: [RECEIPT],
      messageId: `<${randomUUID()}@example.test>`,
      state,
      sentAt,
      createdAt: sentAt ?? new Date("2020-01-01T00:00:00Z"),
      ...extra,
    })
    .returning({ id: outboxMessages.id })
    .get().id;
}

const row = (id: number) => db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).get()!;
const held = (id: number) => {
  const { textBody, htmlBody, attachments } = row(id);
  return { textBody, htmlBody, attachments };
};
const HELD = { textBody: "Thank you, Asha. Order 42: ₹4,999.", htmlBody: "<p>Thank you, Asha.</p>", attachments: [RECEIPT] };
const REMOVED = { textBody: null, htmlBody: null, attachments: [] };

beforeEach(() => {
  db.delete(outboxMessages).run();
  db.delete(auditLog).run();
  saveSettings("retention", { leadMonths: 12, shareLinkDays: 7 }, admin);
});

describe("the contents of sent mail", () => {
  test("12 months by default; the setting's months otherwise, never fewer than 12 whatever is stored", () => {
    expect(mailContentMonths()).toBe(12);
    saveSettings("retention", { leadMonths: 12, shareLinkDays: 7, mailContentMonths: 18 }, admin);
    expect(mailContentMonths()).toBe(18);
    // A value no form accepts (written by hand, or an older rule) still keeps a year.
    saveSettings("retention", { leadMonths: 12, shareLinkDays: 7, mailContentMonths: 3 }, admin);
    expect(mailContentMonths()).toBe(12);
  });

  test("sent mail older than the months loses its text, HTML and attachments; the rest of the row and every other mail stay", async () => {
    const old = mail("sent", new Date("2026-06-15T09:59:59.999Z"));
    const exactlyAYear = mail("sent", new Date("2026-06-15T10:00:00Z"));
    const recent = mail("sent", new Date("2027-05-01T00:00:00Z"));
    // Not sent: each may still go out (a retry, or an admin's "Send again"), so it keeps everything, however old.
    const failed = mail("failed", null, { lastError: "550 mailbox unavailable", attempts: 8 });
    const queued = mail("queued", null);
    const sending = mail("sending", null);
    const unwritten = mail("failed", null, { subject: null, textBody: null, htmlBody: null, payload: { kind: "welcome" } });
    const before = row(old);

    expect(countMailContentsDue(NOW)).toBe(1);
    const cleared = await removeDueMailContents(NOW);

    expect(cleared).toEqual({ sentBefore: new Date("2026-06-15T10:00:00Z"), mails: 1, batches: 1, finished: true });
    expect(row(old)).toEqual({ ...before, ...REMOVED });
    expect(row(old)).toMatchObject({ subject: "Your receipt", toAddress: "asha@example.com", state: "sent", sentAt: before.sentAt });
    for (const kept of [exactlyAYear, recent, failed, queued, sending]) expect(held(kept)).toEqual(HELD);
    expect(row(unwritten)).toMatchObject({ textBody: null, payload: { kind: "welcome" }, attachments: [RECEIPT] });
    expect(countMailContentsDue(NOW)).toBe(0);
  });

  test("the months come from settings", async () => {
    const fifteenMonths = mail("sent", new Date("2026-03-15T10:00:00Z"));
    const twentyMonths = mail("sent", new Date("2025-10-15T10:00:00Z"));
    saveSettings("retention", { leadMonths: 12, shareLinkDays: 7, mailContentMonths: 18 }, admin);

    expect(await removeDueMailContents(NOW)).toMatchObject({ sentBefore: new Date("2025-12-15T10:00:00Z"), mails: 1 });
    expect(held(twentyMonths)).toEqual(REMOVED);
    expect(held(fifteenMonths)).toEqual(HELD);
  });

  test("clears a batch at a time, oldest first, and records the count once in the audit log", async () => {
    const ids = Array.from({ length: 7 }, (_, day) => mail("sent", new Date(Date.UTC(2024, 0, 7 - day))));
    // One batch: the three sent first, whatever the order of their ids.
    expect(removeSentMailContents(new Date("2026-06-15T10:00:00Z"), 3)).toBe(3);
    expect(ids.map((id) => held(id).textBody === null)).toEqual([false, false, false, false, true, true, true]);

    const batchesSeen: number[] = [];
    const cleared = await removeDueMailContents(NOW, {
      batchSize: 2,
      stopped: () => {
        batchesSeen.push(ids.filter((id) => held(id).textBody === null).length);
        return false;
      },
    });
    // Two full batches, then a short one that ends the run: each committed before the next began.
    expect(cleared).toMatchObject({ mails: 4, batches: 2, finished: true });
    expect(batchesSeen).toEqual([3, 5, 7]);

    const records = db.select().from(auditLog).where(eq(auditLog.action, MAIL_CONTENTS_ACTION)).all();
    expect(records.map((record) => [record.actorType, record.actorId, record.entityId, record.createdAt, record.details])).toEqual([
      ["system", "retention", null, NOW, { sentMails: 4, sentBefore: "2026-06-15T10:00:00.000Z", months: 12, finished: true }],
    ]);
  });

  test("a run told to stop ends after the batch in progress, and records what it cleared", async () => {
    for (let day = 1; day <= 5; day += 1) mail("sent", new Date(Date.UTC(2024, 0, day)));
    let checks = 0;
    const cleared = await removeDueMailContents(NOW, { batchSize: 2, stopped: () => ++checks > 1 });
    expect(cleared).toMatchObject({ mails: 2, batches: 1, finished: false });
    expect(db.select().from(auditLog).where(eq(auditLog.action, MAIL_CONTENTS_ACTION)).get()?.details).toMatchObject({
      sentMails: 2,
      finished: false,
    });
    // The next run goes on where it stopped.
    expect(await removeDueMailContents(NOW)).toMatchObject({ mails: 3, finished: true });
  });

  test("a removed mail reads as removed, cannot be sent again, and stays in the student's data download", async () => {
    const student = db
      .insert(users)
      .values({ email: `mail-retention-${randomUUID().slice(0, 8)}@example.com`, emailVerifiedAt: NOW })
      .returning()
      .get();
    const old = mail("sent", new Date("2025-01-01T00:00:00Z"), { toAddress: student.email, userId: student.id });
    const recent = mail("sent", new Date("2027-06-01T00:00:00Z"), { toAddress: student.email, userId: student.id });
    await removeDueMailContents(NOW);

    expect(getOutboxMessage(String(old))).toMatchObject({ subject: "Your receipt", textBody: "", attachments: [], contentsRemoved: true });
    expect(getOutboxMessage(String(recent))).toMatchObject({ contentsRemoved: false });
    expect(contentsRemoved({ state: "failed", textBody: null })).toBe(false);

    // Even marked failed by hand, a mail with nothing to send is never queued.
    db.update(outboxMessages).set({ state: "failed" }).where(eq(outboxMessages.id, old)).run();
    expect(sendFailedMessageAgain(old, admin)).toBe(false);
    expect(row(old).state).toBe("failed");
    db.update(outboxMessages).set({ state: "sent" }).where(eq(outboxMessages.id, old)).run();

    const download = exportPersonalData(student.id, NOW)!;
    const bySubjectAndDate = download.messagesToYou.map(({ subject, textBody, attachments, state, sentAt, contentsRemoved }) => ({
      subject,
      textBody,
      attachments,
      state,
      sentAt,
      contentsRemoved,
    }));
    expect(bySubjectAndDate).toEqual(
      expect.arrayContaining([
        {
          subject: "Your receipt",
          textBody: null,
          attachments: [],
          state: "sent",
          sentAt: new Date("2025-01-01T00:00:00Z"),
          contentsRemoved: true,
        },
        {
          subject: "Your receipt",
          textBody: HELD.textBody,
          attachments: ["receipt.pdf"],
          state: "sent",
          sentAt: new Date("2027-06-01T00:00:00Z"),
          contentsRemoved: false,
        },
      ]),
    );
    expect(JSON.parse(JSON.stringify(download)).messagesToYou).toHaveLength(2);
  });

  test("each batch finds its rows through the sent_at index of mail whose text is held", () => {
    // No statistics, as on a database never analyzed: the plan must not depend on them.
    const query = sentMailContentsDue(NOW, 1_000).toSQL();
    const plan = db.$client.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.params) as { detail: string }[];
    expect(plan.map((step) => step.detail)).toEqual(["SEARCH outbox_messages USING INDEX outbox_messages_sent_at_idx (sent_at<?)"]);
  });
});

describe("the settings card's count of mails due", () => {
  test("counts exactly up to the cap, and past it reads no further than one more", () => {
    const old = new Date("2025-01-01T00:00:00Z");
    const insert = db.$client.prepare(
      "INSERT INTO outbox_messages (kind, to_address, subject, text_body, message_id, state, sent_at) VALUES ('welcome', 'a@example.com', 'Hi', 'Hello', ?, 'sent', ?)",
    );
    const add = (count: number) =>
      db.$client.transaction(() => {
        for (let n = 0; n < count; n++) insert.run(`<${randomUUID()}@example.test>`, old.getTime());
      })();
    add(MAIL_CONTENTS_COUNT_CAP);
    expect(countMailContentsDue(NOW)).toBe(MAIL_CONTENTS_COUNT_CAP);
    add(5);
    expect(countMailContentsDue(NOW)).toBe(MAIL_CONTENTS_COUNT_CAP + 1);
  });
});
