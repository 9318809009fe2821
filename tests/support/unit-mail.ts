import { and, asc, eq, type SQL } from "drizzle-orm";
import { outboxMessages } from "../../db/schema";
import type { OutboxKind, PayloadOf } from "~/models/site/outbox-payload";
import { writeQueuedMail } from "~/services/mail/writer.server";
import { db } from "~/utils/db.server";

// For unit tests (their in-memory database): the mail a model queued, read as
// the transaction stored it (its payload: what it is about, a single-use
// token) or as the mail writer writes it after the commit, as the site does
// after every request.

const addressed = (to: string, kind?: OutboxKind): SQL | undefined =>
  and(eq(outboxMessages.toAddress, to), kind ? eq(outboxMessages.kind, kind) : undefined);

/** The payloads of the messages of `kind` queued to `to` and not written yet, oldest first. */
export function queuedPayloads<Kind extends OutboxKind>(to: string, kind: Kind): PayloadOf<Kind>[] {
  return db
    .select({ payload: outboxMessages.payload })
    .from(outboxMessages)
    .where(addressed(to, kind))
    .orderBy(asc(outboxMessages.id))
    .all()
    .flatMap((row) => (row.payload ? [row.payload as PayloadOf<Kind>] : []));
}

/** The newest payload of `kind` to `to`; fails the test when there is none. */
export function lastPayload<Kind extends OutboxKind>(to: string, kind: Kind): PayloadOf<Kind> {
  const payload = queuedPayloads(to, kind).at(-1);
  if (!payload) throw new Error(`No ${kind} mail queued to ${to}`);
  return payload;
}

export type WrittenMail = {
  kind: string;
  to: string;
  userId: string | null;
  subject: string;
  text: string;
  html: string;
  attachments: (typeof outboxMessages.$inferSelect)["attachments"];
  listUnsubscribe: string | null;
};

/** Every message to `to` (of `kind`, if given), written first as the site writes them after a request; oldest first. */
export function writtenMail(to: string, kind?: OutboxKind): WrittenMail[] {
  writeQueuedMail();
  return db
    .select()
    .from(outboxMessages)
    .where(addressed(to, kind))
    .orderBy(asc(outboxMessages.id))
    .all()
    .map((row) => ({
      kind: row.kind,
      to: row.toAddress,
      userId: row.userId,
      subject: row.subject ?? "",
      text: row.textBody ?? "",
      html: row.htmlBody ?? "",
      attachments: row.attachments,
      listUnsubscribe: row.listUnsubscribe,
    }));
}
