import type { Env } from "~/utils/env.server";
import { writeQueuedMail } from "../mail/writer.server";
import { providersWithKeys } from "./registry.server";

// The in-process reconciler, started by server.ts beside the mail sender and
// the reminders: every interval it asks each provider that needs it (Razorpay) about orders still pending
// 15 minutes after they were made (a webhook lost or late, a student who
// never came back) and settles them as the webhook would have. The order rows
// are the truth and settling is idempotent, so a tick racing the webhook, a
// second process or a restart changes nothing twice.

/** Starts ticking now and every RECONCILE_INTERVAL_MS while such a provider's keys are set; returns what stops it. */
export function startPaymentReconciliation(env: Env): (() => void) | null {
  const reconcilers = providersWithKeys().flatMap((provider) => (provider.reconcile ? [provider.reconcile] : []));
  if (reconcilers.length === 0) return null;
  let running = false;
  const tick = async () => {
    if (running) return; // a slow Razorpay: the next tick waits for this one
    running = true;
    try {
      for (const reconcile of reconcilers) await reconcile();
      // The settled orders' mail, written now as a request's would be.
      writeQueuedMail();
    } catch (error) {
      // The database may be briefly unwritable (decision 0010); the next tick tries again.
      console.warn("Payment reconciliation: this run could not finish:", error);
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), env.RECONCILE_INTERVAL_MS).unref();
  return () => clearInterval(timer);
}
