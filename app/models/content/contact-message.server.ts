import { asc, desc, eq, sql } from "drizzle-orm";
import { contactMessages } from "../../../db/schema";
import type { ContactInput } from "~/schemas/contact";
import { FORM_CONSENT } from "~/schemas/consent";
import { db } from "~/utils/db.server";
import { parseId } from "~/utils/validation";
import { recordConsent, type ConsentSubject } from "../privacy/consent.server";
import { queueMail } from "../site/outbox.server";
import { countRows, paginate } from "../site/paging.server";
import { queueTeamNotice } from "../site/team-notice.server";

/**
 * Stores a message from the contact form or POST /api/contact, unread, for the
 * team to answer, and queues the sender's acknowledgement in the same
 * transaction, with the team's notice when the settings ask for one. The
 * input has passed ContactSchema (trimmed, within limits, consent ticked: recorded
 * with the message, for the sender's account or browser); a phone left out is
 * stored as null. `acknowledge: false` (the address has had its share of
 * acknowledgements today) stores the message and tells the team, mailing the
 * sender nothing.
 */
export function sendContactMessage(
  input: ContactInput,
  sender: ConsentSubject,
  { acknowledge = true }: { acknowledge?: boolean } = {},
): { id: number } {
  return db.transaction((tx) => {
    recordConsent({ ...sender, purpose: FORM_CONSENT.contact.purpose, decision: "granted", source: "contact" }, tx);
    const stored = tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        subject: input.subject,
        message: input.message,
        isRead: false,
      })
      .returning({ id: contactMessages.id })
      .get();
    if (acknowledge) queueMail(tx, { to: input.email, payload: { kind: "contact-acknowledgement" } });
    const { name, email, phone, subject, message } = input;
    queueTeamNotice(tx, "contactMessages", { kind: "team-contact-message", message: { name, email, phone, subject, message } });
    return stored;
  });
}

// ---- Admin (Inbox tab) ----

export const INBOX_PAGE_SIZE = 20;
export const INBOX_FILTERS = ["all", "unread", "read"] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export type InboxMessage = typeof contactMessages.$inferSelect;

export type InboxPage = {
  messages: InboxMessage[];
  /** Messages matching the filter, on all pages. */
  total: number;
  /** The page shown: the one asked for, kept within 1…pageCount. */
  page: number;
  pageCount: number;
};

const filterCondition = (filter: InboxFilter) =>
  filter === "unread" ? eq(contactMessages.isRead, false) : filter === "read" ? eq(contactMessages.isRead, true) : undefined;

/** Unread first, then newest first, a page at a time. A page past the end shows the last one. */
export function listInboxMessages({ page = 1, filter = "all" }: { page?: number; filter?: InboxFilter } = {}): InboxPage {
  const where = filterCondition(filter);
  const {
    rows,
    total,
    page: shown,
    pageCount,
  } = paginate(
    { page, pageSize: INBOX_PAGE_SIZE },
    () => db.select({ count: countRows }).from(contactMessages).where(where).get()?.count ?? 0,
    (limit, offset) =>
      db
        .select()
        .from(contactMessages)
        .where(where)
        .orderBy(asc(contactMessages.isRead), desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(limit)
        .offset(offset)
        .all(),
  );
  return { messages: rows, total, page: shown, pageCount };
}

export function countUnreadMessages(): number {
  return (
    db
      .select({ count: sql<number>`count(*)` })
      .from(contactMessages)
      .where(eq(contactMessages.isRead, false))
      .get()?.count ?? 0
  );
}

export type MarkMessageResult = { ok: true; id: number; name: string; subject: string } | { ok: false; reason: "not-found" };

/** Marks a message read or unread (an admin's explicit choice; opening the inbox changes nothing). */
export function markMessageRead(id: number | string, isRead: boolean, now = new Date()): MarkMessageResult {
  const numericId = typeof id === "number" ? id : parseId(id);
  if (numericId === null) return { ok: false, reason: "not-found" };
  const row = db
    .update(contactMessages)
    .set({ isRead, updatedAt: now })
    .where(eq(contactMessages.id, numericId))
    .returning({ id: contactMessages.id, name: contactMessages.name, subject: contactMessages.subject })
    .get();
  return row ? { ok: true, ...row } : { ok: false, reason: "not-found" };
}
