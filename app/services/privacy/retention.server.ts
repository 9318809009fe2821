import { removeDueMailContents, runDailyRetention } from "~/models/privacy/retention.server";
import { sweepStoppedExportFiles } from "../exports/stored-files.server";

// The in-process retention job, started by server.ts beside the reminders:
// every hour it asks whether a day has passed since the last recorded run
// and, if so, deletes what the retention setting says is due
// (app/models/privacy/retention.server.ts holds the rules). The audit row is the
// truth, so a restart or a second process never runs it twice in a day.
// The day's run then clears the contents of sent mail past its months, a batch
// at a time with requests served between batches (decision 0057); a run cut
// short goes on at the next day's.
// Each tick also removes the stored Excel files whose share links have
// expired or were revoked (decision 0037), so none outlives its link by more
// than an hour.

const TICK_MS = 60 * 60 * 1000;

/** Starts ticking now and every hour; returns the function that stops it (once a batch in progress has committed). */
export function startRetentionJob(): () => Promise<void> {
  let stopping = false;
  let clearingMail: Promise<void> | null = null;
  const tick = () => {
    const now = new Date();
    try {
      const deleted = runDailyRetention(now);
      if (deleted && deleted.leads + deleted.messages > 0) {
        console.log(`Retention: deleted ${deleted.leads} enrollment leads and ${deleted.messages} contact messages.`);
      }
      if (deleted && !clearingMail) clearingMail = clearMailContents(now, () => stopping).finally(() => (clearingMail = null));
    } catch (error) {
      // The database may be briefly unwritable (decision 0010); the next tick tries again.
      console.warn("Retention: could not run this hour's check:", error);
    }
    sweepStoppedExportFiles().then(
      (removed) => {
        if (removed > 0) console.log(`Retention: removed ${removed} Excel files whose share links had stopped.`);
      },
      (error: unknown) => console.warn("Retention: could not remove the files of stopped share links this hour:", error),
    );
  };
  tick();
  const timer = setInterval(tick, TICK_MS).unref();
  return async () => {
    clearInterval(timer);
    stopping = true;
    await clearingMail;
  };
}

async function clearMailContents(now: Date, stopped: () => boolean): Promise<void> {
  try {
    const cleared = await removeDueMailContents(now, { stopped });
    if (cleared.mails > 0)
      console.log(`Retention: removed the contents of ${cleared.mails} mails sent before ${cleared.sentBefore.toISOString()}.`);
  } catch (error) {
    // Batches already committed stay cleared; the next day's run clears the rest.
    console.warn("Retention: could not remove the contents of old sent mail:", error);
  }
}
