import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { eventRegistrations, events } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { queueMail } from "../site/outbox.server";

// Reminders before an event, a day and an hour ahead
// (docs/decisions/0025-event-mail-and-reminders.md). The registration rows are
// the truth: a reminder is due when its window is open and its column is
// empty, and the message and the column are written in one transaction, so a
// tick repeated, or a restart, never sends one twice.

const HOUR_MS = 60 * 60 * 1000;

const REMINDER_KINDS = ["day-before", "hour-before"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** How far ahead of the start each reminder falls due, and the column that records it. */
const REMINDERS = {
  "day-before": {
    leadMs: 24 * HOUR_MS,
    column: eventRegistrations.remindedDayBeforeAt,
    sent: (at: Date) => ({ remindedDayBeforeAt: at }),
  },
  "hour-before": {
    leadMs: HOUR_MS,
    column: eventRegistrations.remindedHourBeforeAt,
    sent: (at: Date) => ({ remindedHourBeforeAt: at }),
  },
} as const;

/** At most this many reminders per tick, so one tick stays short; the next tick takes the rest. */
const BATCH = 200;

/**
 * Queues every reminder due at `now` and records it, in one transaction.
 *
 * A reminder is due for a registration of an active event when:
 * - the event starts within its lead (24 h or 1 h) and has not started;
 * - for the day-before one, more than an hour remains (after that the hour
 *   reminder says the same, later and better);
 * - the registration existed when the reminder fell due (registered at least
 *   the lead before the start): a student who registers 2 hours ahead has just
 *   had the confirmation and gets only the hour reminder;
 * - it has not been sent (its column is empty).
 * A cancelled registration is deleted, so it gets none.
 */
export function queueDueReminders(now = new Date()): Record<ReminderKind, number> {
  return db.transaction(
    (tx) => {
      const queued: Record<ReminderKind, number> = { "day-before": 0, "hour-before": 0 };
      for (const kind of REMINDER_KINDS) {
        const { leadMs, column, sent } = REMINDERS[kind];
        const notBefore = kind === "day-before" ? new Date(now.getTime() + HOUR_MS) : now;
        const due = tx
          .select({
            id: eventRegistrations.id,
            userId: eventRegistrations.userId,
            email: eventRegistrations.email,
            eventId: events.id,
          })
          .from(eventRegistrations)
          .innerJoin(events, eq(events.id, eventRegistrations.eventId))
          .where(
            and(
              eq(events.isActive, true),
              gt(events.eventDate, notBefore),
              lte(events.eventDate, new Date(now.getTime() + leadMs)),
              lte(eventRegistrations.registeredAt, sql`${events.eventDate} - ${leadMs}`),
              isNull(column),
            ),
          )
          .orderBy(events.eventDate, eventRegistrations.id)
          .limit(BATCH)
          .all();
        for (const registration of due) {
          const payload = { kind: `event-reminder-${kind}` as const, eventId: registration.eventId };
          queueMail(tx, { to: registration.email, userId: registration.userId, payload }, now);
          tx.update(eventRegistrations).set(sent(now)).where(eq(eventRegistrations.id, registration.id)).run();
        }
        queued[kind] = due.length;
      }
      return queued;
    },
    { behavior: "immediate" },
  );
}
