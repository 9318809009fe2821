import { setImmediate as yieldToRequests } from "node:timers/promises";
import { and, count, desc, eq, gte, inArray, lt, min } from "drizzle-orm";
import { subMonths } from "date-fns";
import { DEFAULT_MAIL_CONTENT_MONTHS, MIN_MAIL_CONTENT_MONTHS, MIN_RETENTION_MONTHS } from "~/schemas/site-settings";
import { auditLog, consentRecords, contactMessages, enrollmentForms, sharedFileDownloads } from "../../../db/schema";
import { consentRecordsDue } from "./consent-retention.server";
import { db, type Transaction } from "~/utils/db.server";
import { recordSystemAction } from "../site/audit-log.server";
import { countSentMailContentsDue, removeSentMailContents } from "../site/outbox.server";
import { readSettings } from "../site/site-settings.server";

// The retention job's rules: enrollment leads and contact messages older than
// the months set in site settings are deleted. Orders keep pointing at their
// lead's course (orders.enrollment_form_id is ON DELETE SET NULL) and
// tax documents are never touched: the GST law keeps them for 72 months.
// Processing logs (the audit log, the share links' download log) go after
// their own months, never fewer than 12 (DPDP Rules 2025 rule 8(3)); consent
// records after the limitation period that follows a withdrawal
// (consent-retention.server.ts). Sent mail keeps its contents (text, HTML,
// attachments) for its own months; then only the list of what was sent stays
// (decision 0057).

type Reader = Pick<typeof db, "select">;

export const RETENTION_ACTION = "retention_deleted";

/** What the next run deletes: counts and the oldest creation time among the leads and messages. */
export type RetentionDue = {
  cutoff: Date;
  leads: number;
  messages: number;
  oldest: Date | null;
  /** Processing logs older than their own months. */
  logCutoff: Date;
  logEntries: number;
  shareDownloads: number;
  consentRecords: number[];
};

/** Rows created before this are older than `months` calendar months at `now`; a row exactly that old is kept. */
const retentionCutoff = (now: Date, months: number) => subMonths(now, months);

export function findRetentionDue(now = new Date(), database: Reader = db): RetentionDue {
  const cutoff = retentionCutoff(now, readSettings("retention", database).leadMonths);
  const leads = database
    .select({ due: count(), oldest: min(enrollmentForms.createdAt) })
    .from(enrollmentForms)
    .where(lt(enrollmentForms.createdAt, cutoff))
    .get();
  const messages = database
    .select({ due: count(), oldest: min(contactMessages.createdAt) })
    .from(contactMessages)
    .where(lt(contactMessages.createdAt, cutoff))
    .get();
  const oldest = [leads?.oldest, messages?.oldest]
    .filter((day): day is Date => day instanceof Date)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  const settings = readSettings("retention", database);
  // Never under a year, whatever a stored setting says: rule 8(3) is a floor.
  const logCutoff = retentionCutoff(now, Math.max(settings.logMonths ?? MIN_RETENTION_MONTHS, MIN_RETENTION_MONTHS));
  const logEntries = database.select({ due: count() }).from(auditLog).where(lt(auditLog.createdAt, logCutoff)).get()?.due ?? 0;
  const shareDownloads =
    database.select({ due: count() }).from(sharedFileDownloads).where(lt(sharedFileDownloads.downloadedAt, logCutoff)).get()?.due ?? 0;
  return {
    cutoff,
    leads: leads?.due ?? 0,
    messages: messages?.due ?? 0,
    oldest: oldest ?? null,
    logCutoff,
    logEntries,
    shareDownloads,
    consentRecords: consentRecordsDue(database, now),
  };
}

/** Deletes what is due in one transaction and records the counts; the counts deleted. */
export function deleteRetentionDue(now = new Date()): RetentionDue {
  return db.transaction((tx: Transaction) => deleteDueIn(tx, now));
}

function deleteDueIn(tx: Transaction, now: Date): RetentionDue {
  const due = findRetentionDue(now, tx);
  tx.delete(enrollmentForms).where(lt(enrollmentForms.createdAt, due.cutoff)).run();
  tx.delete(contactMessages).where(lt(contactMessages.createdAt, due.cutoff)).run();
  // Before this run's own row is written, so it is never among the deleted.
  tx.delete(auditLog).where(lt(auditLog.createdAt, due.logCutoff)).run();
  tx.delete(sharedFileDownloads).where(lt(sharedFileDownloads.downloadedAt, due.logCutoff)).run();
  if (due.consentRecords.length) tx.delete(consentRecords).where(inArray(consentRecords.id, due.consentRecords)).run();
  recordSystemAction(
    {
      actor: "retention",
      action: RETENTION_ACTION,
      subject: null,
      at: now,
      details: {
        // The audit rows already written use this key; it keeps its first spelling.
        enrolmentLeads: due.leads,
        contactMessages: due.messages,
        createdBefore: due.cutoff.toISOString(),
        logEntries: due.logEntries,
        shareDownloads: due.shareDownloads,
        logsCreatedBefore: due.logCutoff.toISOString(),
        consentRecords: due.consentRecords.length,
      },
    },
    tx,
  );
  return due;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily run: deletes and records unless a run was recorded in the last
 * day. The check and the run share one transaction, so a restart or a second
 * process never runs twice in a day. Null when it was not yet due.
 */
export function runDailyRetention(now = new Date()): RetentionDue | null {
  return db.transaction((tx: Transaction) => {
    const lastRun = tx
      .select({ at: auditLog.createdAt })
      .from(auditLog)
      .where(and(eq(auditLog.action, RETENTION_ACTION), gte(auditLog.createdAt, new Date(now.getTime() - DAY_MS))))
      .orderBy(desc(auditLog.createdAt))
      .get();
    return lastRun ? null : deleteDueIn(tx, now);
  });
}

// ---- The contents of sent mail (decision 0057) ----

export const MAIL_CONTENTS_ACTION = "retention_mail_contents_removed";

/** Rows cleared per transaction: a few milliseconds of writing, then requests get their turn. */
export const MAIL_CONTENTS_BATCH_SIZE = 1_000;

/** The months a sent mail keeps its contents: the setting, or the default; never under the floor, whatever is stored. */
export function mailContentMonths(database: Reader = db): number {
  const months = readSettings("retention", database).mailContentMonths ?? DEFAULT_MAIL_CONTENT_MONTHS;
  return Math.max(months, MIN_MAIL_CONTENT_MONTHS);
}

/** Mails sent before this have their contents removed at the next run. */
export const mailContentsCutoff = (now = new Date(), database: Reader = db) => retentionCutoff(now, mailContentMonths(database));

/** How many sent mails the next run clears (the settings card's preview). */
export function countMailContentsDue(now = new Date()): number {
  return countSentMailContentsDue(mailContentsCutoff(now));
}

export type MailContentsRemoved = {
  sentBefore: Date;
  mails: number;
  batches: number;
  /** False when the run stopped early (the process is stopping, or a batch failed): the next run goes on. */
  finished: boolean;
};

/**
 * Clears the text, HTML and attachments of mails sent more than the set months
 * ago, MAIL_CONTENTS_BATCH_SIZE rows a transaction, letting requests run
 * between batches: a decade of mail is cleared without holding the database
 * for the whole of it. A mail exactly that old keeps its contents until the
 * next run. Records the count in the audit log, as the deletions are recorded;
 * the row names no one.
 */
export async function removeDueMailContents(
  now = new Date(),
  { batchSize = MAIL_CONTENTS_BATCH_SIZE, stopped = () => false }: { batchSize?: number; stopped?: () => boolean } = {},
): Promise<MailContentsRemoved> {
  const months = mailContentMonths();
  const result: MailContentsRemoved = { sentBefore: retentionCutoff(now, months), mails: 0, batches: 0, finished: false };
  try {
    while (!stopped()) {
      const cleared = removeSentMailContents(result.sentBefore, batchSize);
      if (cleared > 0) {
        result.mails += cleared;
        result.batches += 1;
      }
      if (cleared < batchSize) {
        result.finished = true;
        break;
      }
      await yieldToRequests();
    }
  } finally {
    // Also after a failed batch: the batches before it were committed, and the record says so.
    recordSystemAction({
      actor: "retention",
      action: MAIL_CONTENTS_ACTION,
      subject: null,
      at: now,
      details: {
        sentMails: result.mails,
        sentBefore: result.sentBefore.toISOString(),
        months,
        finished: result.finished,
      },
    });
  }
  return result;
}
