import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { newsletterSubscribers } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { queueMail } from "../site/outbox.server";

// The newsletter list, double opt-in. Subscribing stores the address as
// pending and mails it a confirmation link; only that mailbox can confirm it,
// so nobody can sign someone else up. Every answer is the same whether the
// address was new, pending or already confirmed: the form says nothing about
// who is on the list. Unsubscribing deletes the row: nothing about the address
// is kept once it has left the list.

/** How long a confirmation link works. */
export const CONFIRMATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const digest = (token: string) => createHash("sha256").update(token).digest("hex");
const newSecret = () => randomBytes(24).toString("base64url");

/**
 * Asks the address's mailbox to confirm a subscription: a new pending row, or a
 * fresh link for one still pending. An address already confirmed gets nothing
 * (it is subscribed; another mail would only be noise). Lower-cased, so one
 * inbox is one row. `send: false` (the mailbox has had its share of mail from
 * the site's forms today) keeps the row pending without another mail.
 */
export function subscribeToNewsletter(email: string, { send = true, now = new Date() }: { send?: boolean; now?: Date } = {}): void {
  const address = email.trim().toLowerCase();
  db.transaction(
    (tx) => {
      const existing = tx
        .select({ confirmedAt: newsletterSubscribers.confirmedAt, unsubscribeToken: newsletterSubscribers.unsubscribeToken })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, address))
        .get();
      if (existing?.confirmedAt) return;
      const confirmToken = newSecret();
      const pending = { confirmTokenHash: digest(confirmToken), confirmExpiresAt: new Date(now.getTime() + CONFIRMATION_LIFETIME_MS) };
      const unsubscribeToken = existing?.unsubscribeToken ?? newSecret();
      if (existing) tx.update(newsletterSubscribers).set(pending).where(eq(newsletterSubscribers.email, address)).run();
      else
        tx.insert(newsletterSubscribers)
          .values({ email: address, unsubscribeToken, createdAt: now, ...pending })
          .run();
      // The confirmation mail's links carry the confirmation token and the unsubscribe secret.
      if (send) queueMail(tx, { to: address, payload: { kind: "newsletter-confirm", confirmToken, unsubscribeToken } }, now);
    },
    { behavior: "immediate" },
  );
}

/** Follows a confirmation link: true when it confirmed a pending subscription, false for an unknown, used or expired link. */
export function confirmNewsletterSubscription(token: string, now = new Date()): boolean {
  if (!token) return false;
  return (
    db
      .update(newsletterSubscribers)
      .set({ confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
      .where(
        and(
          eq(newsletterSubscribers.confirmTokenHash, digest(token)),
          isNull(newsletterSubscribers.confirmedAt),
          gt(newsletterSubscribers.confirmExpiresAt, now),
        ),
      )
      .run().changes === 1
  );
}

/** Takes the address whose unsubscribe secret this is off the list (the row goes); false when no row had it. */
export function unsubscribeFromNewsletter(token: string): boolean {
  if (!token) return false;
  return db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.unsubscribeToken, token)).run().changes === 1;
}
