import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { newsletterSubscribers, outboxMessages } from "../../../db/schema";
import { db } from "~/utils/db.server";
import {
  CONFIRMATION_LIFETIME_MS,
  confirmNewsletterSubscription,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "./newsletter.server";
import { lastPayload } from "../../../tests/support/unit-mail";

const row = (email: string) => db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).get();
const mailsTo = (email: string) => db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email)).all().length;
/** The secrets the newest confirmation mail to `email` carries (its payload, as queued). */
const lastLink = (email: string) => lastPayload(email, "newsletter-confirm");

describe("the newsletter's double opt-in", () => {
  test("subscribing stores the address lower-cased as pending and mails it a link; only the link confirms it", () => {
    subscribeToNewsletter(" Reader@Example.COM ");
    expect(row("reader@example.com")).toMatchObject({ email: "reader@example.com", confirmedAt: null });
    expect(mailsTo("reader@example.com")).toBe(1);
    expect(row("reader@example.com")?.confirmTokenHash).not.toContain(lastLink("reader@example.com").confirmToken);

    expect(confirmNewsletterSubscription("not-the-token")).toBe(false);
    expect(row("reader@example.com")?.confirmedAt).toBeNull();
    expect(confirmNewsletterSubscription(lastLink("reader@example.com").confirmToken)).toBe(true);
    expect(row("reader@example.com")?.confirmedAt).toBeInstanceOf(Date);
    expect(confirmNewsletterSubscription(lastLink("reader@example.com").confirmToken)).toBe(false);
  });

  test("asking again while pending sends a fresh link and the old one stops; once confirmed, asking again mails nothing", () => {
    subscribeToNewsletter("again@example.com");
    const first = lastLink("again@example.com");
    subscribeToNewsletter("AGAIN@example.com");
    const second = lastLink("again@example.com");
    expect(second.unsubscribeToken).toBe(first.unsubscribeToken);
    expect(confirmNewsletterSubscription(first.confirmToken)).toBe(false);
    expect(confirmNewsletterSubscription(second.confirmToken)).toBe(true);
    subscribeToNewsletter("again@example.com");
    expect(mailsTo("again@example.com")).toBe(2);
    expect(db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "again@example.com")).all()).toHaveLength(1);
  });

  test("a link used after its 7 days confirms nothing", () => {
    const sent = new Date("2026-11-01T10:00:00Z");
    subscribeToNewsletter("late@example.com", { now: sent });
    expect(
      confirmNewsletterSubscription(lastLink("late@example.com").confirmToken, new Date(sent.getTime() + CONFIRMATION_LIFETIME_MS + 1)),
    ).toBe(false);
    expect(row("late@example.com")?.confirmedAt).toBeNull();
  });

  test("the unsubscribe secret deletes the row, pending or confirmed; an unknown one changes nothing", () => {
    subscribeToNewsletter("leaving@example.com");
    const { unsubscribeToken } = lastLink("leaving@example.com");
    expect(unsubscribeFromNewsletter("someone-else")).toBe(false);
    expect(row("leaving@example.com")).toBeDefined();
    expect(unsubscribeFromNewsletter(unsubscribeToken)).toBe(true);
    expect(row("leaving@example.com")).toBeUndefined();
    expect(unsubscribeFromNewsletter(unsubscribeToken)).toBe(false);
  });
});
