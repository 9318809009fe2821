import { and, count, desc, eq, gte, inArray, lt, min } from "drizzle-orm";
import { subMonths } from "date-fns";
import { MIN_RETENTION_MONTHS } from "~/schemas/site-settings";
import { auditLog, consentRecords, contactMessages, enrollmentForms, sharedFileDownloads } from "../../../db/schema";
import { consentRecordsDue } from "./consent-retention.server";
import { db, type Transaction } from "~/utils/db.server";
import { recordSystemAction } from "../site/audit-log.server";
import { readSettings } from "../site/site-settings.server";

// The retention job's rules: enrollment leads and contact messages older than
// the months set in site settings are deleted. Orders keep pointing at their
// lead's course (orders.enrollment_form_id is ON DELETE SET NULL) and
// tax documents are never touched: the GST law keeps them for 72 months.
// Processing logs (the audit log, the share links' download log) go after
// their own months, never fewer than 12 (DPDP Rules 2025 rule 8(3)); consent
// records after the limitation period that follows a withdrawal
// (consent-retention.server.ts).

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
