import { queueDueReminders } from "~/models/events/event-reminder.server";
import { offerFreedSeats } from "~/models/events/event-seat.server";
import { offerFreedBatchSeats } from "~/models/batches/batch-waitlist.server";
import { queueDueSessionReminders } from "~/models/batches/session-reminder.server";
import { writeQueuedMail } from "../mail/writer.server";

// The in-process reminder scheduler, started by server.ts beside the mail
// sender: every minute it queues the reminders that have fallen due, of events
// and of batches' live sessions (app/models/events/event-reminder.server.ts and
// app/models/batches/session-reminder.server.ts hold the rules), and offers seats
// freed at full events and batches to the next students on their waitlists
// (app/models/events/event-seat.server.ts, app/models/batches/batch-waitlist.server.ts). The rows are the
// truth, so a missed tick, a second process or a restart sends nothing twice.
// The messages are written at once; the sender (or an admin at /admin/outbox)
// takes them from there.

const TICK_MS = 60_000;

/** One minute's work: the reminders now due and the freed seats' offers, queued and written; returns how many offers were made. */
export function remindAndOfferSeats(now = new Date()): number {
  queueDueReminders(now);
  queueDueSessionReminders(now);
  // The events' sweep lets lapsed offers go first, for batches too (one waitlist table).
  const offers = offerFreedSeats(now) + offerFreedBatchSeats(now);
  writeQueuedMail();
  return offers;
}

/** Starts ticking now and every minute; returns the function that stops it. */
export function startEventReminders(): () => void {
  const tick = () => {
    try {
      remindAndOfferSeats();
    } catch (error) {
      // The database may be briefly unwritable (decision 0010); the next tick tries again.
      console.warn("Event reminders: could not queue this minute's reminders and waitlist offers:", error);
    }
  };
  tick();
  const timer = setInterval(tick, TICK_MS).unref();
  return () => clearInterval(timer);
}
