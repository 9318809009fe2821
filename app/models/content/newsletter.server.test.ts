import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { newsletterSubscribers, outboxMessages } from "../../../db/schema";
import { db } from "~/utils/db.server";
import {
  CONFIRMATION_LIFETIME_MS,
  confirmNewsletterSubscription,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
  type NewsletterConfirmationMail,
} from "./newsletter.server";

/** The links the confirmation mail would carry, kept so a test can follow them. */
const mailed: { email: string; confirmToken: string; unsubscribeToken: string }[] = [];
const mail: NewsletterConfirmationMail = (to) => {
  mailed.push(to);
  return {
    kind: "newsletter-confirm",
    to: to.email,
    subject: "Confirm",
    text: "t",
    html: null,
    messageId: `<${crypto.randomUUID()}@test>`,
  };
};
const row = (email: string) => db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).get();
const mailsTo = (email: string) => db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email)).all().length;
const lastLink = () => mailed.at(-1)!;

describe("the newsletter's double opt-in", () => {
  test("subscribing stores the address lower-cased as pending and mails it a link; only the link confirms it", () => {
    subscribeToNewsletter(" Reader@Example.COM ", mail);
    expect(row("reader@example.com")).toMatchObject({ email: "reader@example.com", confirmedAt: null });
    expect(mailsTo("reader@example.com")).toBe(1);
    expect(row("reader@example.com")?.confirmTokenHash).not.toContain(lastLink().confirmToken);

    expect(confirmNewsletterSubscription("not-the-token")).toBe(false);
    expect(row("reader@example.com")?.confirmedAt).toBeNull();
    expect(confirmNewsletterSubscription(lastLink().confirmToken)).toBe(true);
    expect(row("reader@example.com")?.confirmedAt).toBeInstanceOf(Date);
    expect(confirmNewsletterSubscription(lastLink().confirmToken)).toBe(false);
  });

  test("asking again while pending sends a fresh link and the old one stops; once confirmed, asking again mails nothing", () => {
    subscribeToNewsletter("again@example.com", mail);
    const first = lastLink();
    subscribeToNewsletter("AGAIN@example.com", mail);
    const second = lastLink();
    expect(second.unsubscribeToken).toBe(first.unsubscribeToken);
    expect(confirmNewsletterSubscription(first.confirmToken)).toBe(false);
    expect(confirmNewsletterSubscription(second.confirmToken)).toBe(true);
    subscribeToNewsletter("again@example.com", mail);
    expect(mailsTo("again@example.com")).toBe(2);
    expect(db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "again@example.com")).all()).toHaveLength(1);
  });

  test("a link used after its 7 days confirms nothing", () => {
    const sent = new Date("2026-11-01T10:00:00Z");
    subscribeToNewsletter("late@example.com", mail, { now: sent });
    expect(confirmNewsletterSubscription(lastLink().confirmToken, new Date(sent.getTime() + CONFIRMATION_LIFETIME_MS + 1))).toBe(false);
    expect(row("late@example.com")?.confirmedAt).toBeNull();
  });

  test("the unsubscribe secret deletes the row, pending or confirmed; an unknown one changes nothing", () => {
    subscribeToNewsletter("leaving@example.com", mail);
    const { unsubscribeToken } = lastLink();
    expect(unsubscribeFromNewsletter("someone-else")).toBe(false);
    expect(row("leaving@example.com")).toBeDefined();
    expect(unsubscribeFromNewsletter(unsubscribeToken)).toBe(true);
    expect(row("leaving@example.com")).toBeUndefined();
    expect(unsubscribeFromNewsletter(unsubscribeToken)).toBe(false);
  });
});
