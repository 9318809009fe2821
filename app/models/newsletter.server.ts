import { newsletterSubscribers } from "../../db/schema";
import { db } from "~/utils/db.server";

export type SubscriptionResult = { status: "subscribed" | "already-subscribed" };

/**
 * Adds an address to the newsletter list, lower-cased so one inbox is one row.
 * Subscribing twice is harmless: the unique email column keeps the first row
 * and the answer says the address was already on the list.
 */
export function subscribeToNewsletter(email: string): SubscriptionResult {
  const inserted = db
    .insert(newsletterSubscribers)
    .values({ email: email.trim().toLowerCase() })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id })
    .get();
  return { status: inserted ? "subscribed" : "already-subscribed" };
}
