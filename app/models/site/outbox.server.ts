import { and, desc, eq, getTableColumns, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { outboxMessages, type OutboxAttachment } from "../../../db/schema";
import { type OutboxState } from "../../../db/enums";
import { MAIL_CONTENTS_COUNT_CAP } from "~/schemas/site-settings";
import { db, type Transaction } from "~/utils/db.server";
import { noteMailQueued } from "~/utils/mail-queued.server";
import { newMessageId } from "~/utils/message-id.server";
import { hideSingleUseLinks } from "~/utils/single-use-links";
import { parseId } from "~/utils/validation";
import type { PublicAdmin } from "../accounts/admin.server";
import { recordAdminAction } from "./audit-log.server";
import type { OutboxPayload } from "./outbox-payload";
import { countRows, matchesSearch, paginateThenJoin, type ListPage, type ListRequest } from "./paging.server";

// The mail outbox: every message is a row, written in the same transaction as
// what caused it, so nothing is sent for a change that rolled back and nothing
// is lost when the process dies. The row holds what the message is about (its
// payload); the mail writer (app/services/mail/writer.server.ts) writes it out
// once the transaction has committed. The sender (app/services/mail/sender.server.ts)
// claims due rows, sends them and records the outcome; with no mail server
// configured the rows wait here and admins read them at /admin/outbox.

/** A message to queue: to whom, and what it is about. */
export type QueuedMail = {
  to: string;
  /** The account it belongs to (its data download lists it; erasing the account erases it). */
  userId?: string | null;
  payload: OutboxPayload;
};

/**
 * Queues a message in the caller's transaction. It is stored as its payload
 * and written (subject, bodies, attachments) by the mail writer once the
 * transaction has committed; a transaction that rolls back leaves nothing.
 */
export function queueMail(tx: Transaction, mail: QueuedMail, now = new Date()): number {
  noteMailQueued();
  return tx
    .insert(outboxMessages)
    .values({
      kind: mail.payload.kind,
      toAddress: mail.to,
      payload: mail.payload,
      messageId: newMessageId(),
      userId: mail.userId ?? null,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning({ id: outboxMessages.id })
    .get().id;
}

/** A message still to write: the payload its transaction stored. */
export type UnwrittenMessage = { id: number; toAddress: string; payload: OutboxPayload };

/** Queued messages not yet written, oldest first. */
export function unwrittenMessages(limit: number): UnwrittenMessage[] {
  return db
    .select({ id: outboxMessages.id, toAddress: outboxMessages.toAddress, payload: outboxMessages.payload })
    .from(outboxMessages)
    .where(and(isNotNull(outboxMessages.payload), eq(outboxMessages.state, "queued")))
    .orderBy(outboxMessages.id)
    .limit(limit)
    .all()
    .flatMap((row) =>
      // Only queueMail writes payloads, always an OutboxPayload.
      row.payload ? [{ id: row.id, toAddress: row.toAddress, payload: row.payload as OutboxPayload }] : [],
    );
}

export type WrittenMessage = {
  subject: string;
  text: string;
  html: string;
  attachments: OutboxAttachment[];
  /** A list's mail: where one click takes the address off the list (sent as List-Unsubscribe). */
  listUnsubscribe: string | null;
};

/** Stores a message's written content; false when another writer was first (the row is left as it is). */
export function storeWrittenMessage(id: number, written: WrittenMessage): boolean {
  return (
    db
      .update(outboxMessages)
      .set({
        subject: written.subject,
        textBody: written.text,
        htmlBody: written.html,
        attachments: written.attachments,
        listUnsubscribe: written.listUnsubscribe,
        payload: null,
      })
      .where(and(eq(outboxMessages.id, id), isNotNull(outboxMessages.payload)))
      .run().changes > 0
  );
}

/**
 * A message that could not be written (what it was about has gone, say an
 * erased account's order): failed at once, with the reason in the outbox. Its
 * payload stays, so an admin's "Send again" tries to write it once more.
 */
export function markMessageUnwritable(id: number, reason: string): void {
  db.update(outboxMessages)
    .set({ state: "failed", lastError: `Could not be written: ${reason}`.slice(0, 1000) })
    .where(and(eq(outboxMessages.id, id), isNotNull(outboxMessages.payload)))
    .run();
}

export type OutgoingMessage = Pick<
  typeof outboxMessages.$inferSelect,
  "id" | "toAddress" | "subject" | "textBody" | "htmlBody" | "messageId" | "attempts" | "attachments" | "listUnsubscribe"
>;

const outgoingColumns = {
  id: outboxMessages.id,
  toAddress: outboxMessages.toAddress,
  subject: outboxMessages.subject,
  textBody: outboxMessages.textBody,
  htmlBody: outboxMessages.htmlBody,
  messageId: outboxMessages.messageId,
  attempts: outboxMessages.attempts,
  attachments: outboxMessages.attachments,
  listUnsubscribe: outboxMessages.listUnsubscribe,
};

/** Takes up to `limit` due messages for sending (queued → sending), oldest first. */
export function claimDueMessages(limit: number, now = new Date()): OutgoingMessage[] {
  return db.transaction(
    (tx) => {
      const due = tx
        .select(outgoingColumns)
        .from(outboxMessages)
        .where(and(eq(outboxMessages.state, "queued"), lte(outboxMessages.nextAttemptAt, now), isNull(outboxMessages.payload)))
        .orderBy(outboxMessages.nextAttemptAt, outboxMessages.id)
        .limit(limit)
        .all();
      if (due.length > 0)
        tx.update(outboxMessages)
          .set({ state: "sending" })
          .where(
            inArray(
              outboxMessages.id,
              due.map((message) => message.id),
            ),
          )
          .run();
      return due;
    },
    { behavior: "immediate" },
  );
}

/**
 * A message the mail server took. Its stored copy keeps no single-use link:
 * the mailbox has the message now, and the copy is what admins and the
 * student's data download read.
 */
export function markMessageSent(id: number, now = new Date()) {
  db.transaction((tx) => {
    const sent = tx
      .select({ text: outboxMessages.textBody, html: outboxMessages.htmlBody })
      .from(outboxMessages)
      .where(eq(outboxMessages.id, id))
      .get();
    if (!sent) return;
    tx.update(outboxMessages)
      .set({
        state: "sent",
        sentAt: now,
        attempts: sql`${outboxMessages.attempts} + 1`,
        lastError: null,
        textBody: sent.text === null ? null : hideSingleUseLinks(sent.text),
        htmlBody: sent.html === null ? null : hideSingleUseLinks(sent.html),
      })
      .where(eq(outboxMessages.id, id))
      .run();
  });
}

/** After this many failed attempts a message is given up on (state failed) and shows so in the outbox. */
export const MAX_SEND_ATTEMPTS = 8;
/** The first retry's wait unless MAIL_RETRY_BASE_MS says otherwise. */
export const DEFAULT_RETRY_BASE_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** The wait before attempt `attempts + 1`: the base (30 s), doubling, at most an hour. */
export function retryDelayMs(attempts: number, baseMs = DEFAULT_RETRY_BASE_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/** A failed attempt: queued again after a growing wait, or failed for good after MAX_SEND_ATTEMPTS. */
export function markMessageAttemptFailed(
  id: number,
  error: string,
  { now = new Date(), retryBaseMs = DEFAULT_RETRY_BASE_MS }: { now?: Date; retryBaseMs?: number } = {},
): OutboxState {
  return db.transaction((tx) => {
    const attempts =
      (tx.select({ attempts: outboxMessages.attempts }).from(outboxMessages).where(eq(outboxMessages.id, id)).get()?.attempts ?? 0) + 1;
    const state: OutboxState = attempts >= MAX_SEND_ATTEMPTS ? "failed" : "queued";
    tx.update(outboxMessages)
      .set({
        state,
        attempts,
        lastError: error.slice(0, 1000),
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts, retryBaseMs)),
      })
      .where(eq(outboxMessages.id, id))
      .run();
    return state;
  });
}

/**
 * At start-up: messages left "sending" by a process that died mid-send go back
 * in the queue. One may then arrive twice, with the same Message-ID.
 */
export function requeueInterruptedMessages(): number {
  return db.update(outboxMessages).set({ state: "queued" }).where(eq(outboxMessages.state, "sending")).run().changes;
}

// ---- Retention: the contents of old sent mail ----

/** Mail that still has something to send: its written text, or the payload it is written from. */
const hasContents = or(isNotNull(outboxMessages.textBody), isNotNull(outboxMessages.payload));

/**
 * Sent before `sentBefore`, contents still held: found through
 * outbox_messages_sent_at_idx (sent_at, over the rows whose text is held), so
 * a batch reads only the rows it clears and a cleared row leaves the index.
 * The unary + keeps the planner off the state index (outbox_messages_due_idx),
 * which without statistics looks better and would read every sent mail ever
 * (https://sqlite.org/optoverview.html#uplus).
 */
const sentMailWithContents = (sentBefore: Date) =>
  and(isNotNull(outboxMessages.textBody), lt(outboxMessages.sentAt, sentBefore), sql`+${outboxMessages.state} = 'sent'`);

/** The ids of the next `limit` mails whose contents are due, the oldest sent first. */
export const sentMailContentsDue = (sentBefore: Date, limit: number) =>
  db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(sentMailWithContents(sentBefore))
    .orderBy(outboxMessages.sentAt)
    .limit(limit);

/**
 * Whether the retention job removed this mail's contents. A message is written
 * (text, HTML, attachments) before it can be claimed, so a sent one without
 * text is one whose contents were removed.
 */
export function contentsRemoved(message: { state: OutboxState; textBody: string | null }): boolean {
  return message.state === "sent" && message.textBody === null;
}

/**
 * Removes the text, HTML and attachments of up to `limit` mails sent before
 * `sentBefore`, the oldest first; how many. The row stays: recipient, subject,
 * kind, state, dates and Message-ID still say what was sent. Mail not sent
 * (queued, sending, failed) keeps everything, since it may still go out.
 */
export function removeSentMailContents(sentBefore: Date, limit: number): number {
  const due = sentMailContentsDue(sentBefore, limit);
  return db.transaction(
    (tx) =>
      tx.update(outboxMessages).set({ textBody: null, htmlBody: null, attachments: [] }).where(inArray(outboxMessages.id, due)).run()
        .changes,
    { behavior: "immediate" },
  );
}

/**
 * How many sent mails removeSentMailContents would clear for `sentBefore` (the
 * settings card's preview), counted up to MAIL_CONTENTS_COUNT_CAP + 1: on a
 * large outbox the first run has most of it to clear, and an exact count
 * would read every mail on each view of the settings.
 */
export function countSentMailContentsDue(sentBefore: Date, database: Pick<typeof db, "select"> = db): number {
  const due = database
    .select({ one: sql`1` })
    .from(outboxMessages)
    .where(sentMailWithContents(sentBefore))
    .limit(MAIL_CONTENTS_COUNT_CAP + 1)
    .as("due");
  return database.select({ count: countRows }).from(due).get()?.count ?? 0;
}

// ---- Admin (Outbox tab) ----

/**
 * An admin's "Send again" for a message given up on (the mail server refused
 * it eight times, or was down for hours): queued at once with a fresh count of
 * attempts, keeping its Message-ID and last error. Only a failed message can be
 * sent again, so a message never goes out twice by this button.
 */
export function sendFailedMessageAgain(id: number, admin: Pick<PublicAdmin, "adminId">, now = new Date()): boolean {
  return db.transaction((tx) => {
    const requeued = tx
      .update(outboxMessages)
      .set({ state: "queued", attempts: 0, nextAttemptAt: now })
      // Written, or still to write: a message whose contents are gone has nothing to send.
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.state, "failed"), hasContents))
      .run().changes;
    if (requeued > 0) recordAdminAction(admin, "outbox_message_requeued", { type: "outbox_message", id }, { database: tx });
    return requeued > 0;
  });
}

/** A message's subject; one that could not be written (its reason is its last error) is named by its kind. */
export const subjectShown = sql<string>`coalesce(${outboxMessages.subject}, 'Not written: ' || ${outboxMessages.kind})`;

export type OutboxListRow = Pick<
  typeof outboxMessages.$inferSelect,
  "id" | "kind" | "toAddress" | "state" | "attempts" | "lastError" | "createdAt" | "sentAt"
> & { subject: string };

/** Newest first, a page at a time; searched by recipient or subject. */
export function listOutboxMessages(request: ListRequest = {}): ListPage<OutboxListRow> {
  const where = matchesSearch(request.q, {
    table: outboxMessages,
    index: "outbox_search",
    columns: [outboxMessages.toAddress, outboxMessages.subject],
  });
  return paginateThenJoin(request, { table: outboxMessages, time: outboxMessages.createdAt, id: outboxMessages.id, where }, (onPage) =>
    db
      .select({
        id: outboxMessages.id,
        kind: outboxMessages.kind,
        toAddress: outboxMessages.toAddress,
        subject: subjectShown,
        state: outboxMessages.state,
        attempts: outboxMessages.attempts,
        lastError: outboxMessages.lastError,
        createdAt: outboxMessages.createdAt,
        sentAt: outboxMessages.sentAt,
      })
      .from(outboxMessages)
      .where(onPage)
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
      .all(),
  );
}

export type OutboxMessage = Omit<typeof outboxMessages.$inferSelect, "subject" | "textBody" | "payload"> & {
  subject: string;
  textBody: string;
  /** The retention job removed its text, HTML and attachments (see contentsRemoved). */
  contentsRemoved: boolean;
};

/** The message at /admin/outbox/:id (empty text while unwritten or removed); null for an id that is not one. */
export function getOutboxMessage(id: string | undefined): OutboxMessage | null {
  const messageId = parseId(id);
  if (messageId === null) return null;
  const row = db
    .select({ ...getTableColumns(outboxMessages), subject: subjectShown })
    .from(outboxMessages)
    .where(eq(outboxMessages.id, messageId))
    .get();
  if (!row) return null;
  // The payload may hold a single-use token: it never leaves the model.
  const { payload: _payload, ...message } = row;
  return { ...message, textBody: message.textBody ?? "", contentsRemoved: contentsRemoved(message) };
}

/** Queues the message unless the account has already had one of its kind (a welcome goes once). */
export function queueOncePerAccount(tx: Transaction, mail: QueuedMail & { userId: string }, now = new Date()): boolean {
  const earlier = tx
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, mail.userId), eq(outboxMessages.kind, mail.payload.kind)))
    .get();
  if (earlier) return false;
  queueMail(tx, mail, now);
  return true;
}

/** Attachment `number` (1 for the first) of the message at /admin/outbox/:id; null when there is none. */
export function getOutboxAttachment(id: string | undefined, number: string | undefined): OutboxAttachment | null {
  const messageId = parseId(id);
  const position = parseId(number);
  if (messageId === null || position === null) return null;
  const message = db.select({ attachments: outboxMessages.attachments }).from(outboxMessages).where(eq(outboxMessages.id, messageId)).get();
  return message?.attachments[position - 1] ?? null;
}
