import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { SESSION_REMINDER_KINDS, type SessionReminderKind } from "../../../db/enums";
import { batchSessions, batchStudents, batches, sessionReminders, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { queueMail } from "../site/outbox.server";

// Reminders before a batch's live session, a day and an hour ahead, to every
// student seated in the batch, by mail. A `session_reminders` row keyed on
// (session, student, kind, start) records each one, written in the same
// transaction as its message: a tick repeated, a second process or a restart
// (even one that killed the process mid-tick) finds the row and queues
// nothing twice. The start is part of the key, so a session moved to a new
// time is reminded of again at that time.

const HOUR_MS = 60 * 60 * 1000;

/** How far ahead of the start each reminder falls due. */
const LEAD_MS: Record<SessionReminderKind, number> = { "day-before": 24 * HOUR_MS, "hour-before": HOUR_MS };

/** At most this many reminders of each kind per tick, so one tick's transaction stays short; the next tick takes the rest. */
export const SESSION_REMINDERS_PER_TICK = 200;

/**
 * Queues every session reminder due at `now` and records it, in one transaction.
 *
 * A reminder is due for a student seated in a batch, for a session, when:
 * - neither the session nor its batch is cancelled;
 * - the session starts within the lead (24 h or 1 h) and has not started;
 * - for the day-before one, more than an hour remains (after that the hour
 *   reminder says the same, later and better);
 * - the student was seated at least the lead before the start (a student who
 *   joins the batch two hours ahead gets only the hour reminder);
 * - no reminder of that kind was queued for that student and that start.
 * Accounts that cannot sign in (deactivated, erased) get none.
 */
export function queueDueSessionReminders(now = new Date()): Record<SessionReminderKind, number> {
  return db.transaction(
    (tx) => {
      const queued: Record<SessionReminderKind, number> = { "day-before": 0, "hour-before": 0 };
      for (const kind of SESSION_REMINDER_KINDS) {
        const leadMs = LEAD_MS[kind];
        const notBefore = kind === "day-before" ? new Date(now.getTime() + HOUR_MS) : now;
        const due = tx
          .select({
            sessionId: batchSessions.id,
            startsAt: batchSessions.startsAt,
            userId: users.id,
            email: users.email,
            firstName: users.firstName,
          })
          .from(batchSessions)
          .innerJoin(batches, eq(batches.id, batchSessions.batchId))
          .innerJoin(batchStudents, eq(batchStudents.batchId, batchSessions.batchId))
          .innerJoin(users, eq(users.id, batchStudents.userId))
          .leftJoin(
            sessionReminders,
            and(
              eq(sessionReminders.sessionId, batchSessions.id),
              eq(sessionReminders.userId, batchStudents.userId),
              eq(sessionReminders.kind, kind),
              eq(sessionReminders.startsAt, batchSessions.startsAt),
            ),
          )
          .where(
            and(
              isNull(batchSessions.cancelledAt),
              isNull(batches.cancelledAt),
              gt(batchSessions.startsAt, notBefore),
              lte(batchSessions.startsAt, new Date(now.getTime() + leadMs)),
              lte(batchStudents.joinedAt, sql`${batchSessions.startsAt} - ${leadMs}`),
              isNull(sessionReminders.sessionId),
              isNull(users.deactivatedAt),
              isNull(users.erasedAt),
            ),
          )
          .orderBy(batchSessions.startsAt, batchSessions.id, batchStudents.id)
          .limit(SESSION_REMINDERS_PER_TICK)
          .all();
        for (const reminder of due) {
          const recorded = tx
            .insert(sessionReminders)
            .values({ sessionId: reminder.sessionId, userId: reminder.userId, kind, startsAt: reminder.startsAt, queuedAt: now })
            .onConflictDoNothing()
            .run();
          if (recorded.changes === 0) continue;
          const payload = { kind: `batch-session-reminder-${kind}` as const, sessionId: reminder.sessionId, firstName: reminder.firstName };
          queueMail(tx, { to: reminder.email, userId: reminder.userId, payload }, now);
          queued[kind]++;
        }
      }
      return queued;
    },
    { behavior: "immediate" },
  );
}
