import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { contactMessages } from "../../db/schema";
import { db } from "~/utils/db.server";
import { sendContactMessage } from "./contact-message.server";

const message = {
  name: "Priya Sharma",
  email: "priya@example.com",
  subject: "Course question",
  message: "Is the currency course suitable for beginners?",
};

describe("sendContactMessage", () => {
  test("stores the message unread, with its time", () => {
    const before = Date.now();
    const { id } = sendContactMessage({ ...message, phone: "+91 98765 43210" });
    const row = db.select().from(contactMessages).where(eq(contactMessages.id, id)).get();
    expect(row).toMatchObject({ ...message, phone: "+91 98765 43210", isRead: false });
    expect(row?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  test("a message without a phone stores null, and each message is its own row", () => {
    const first = sendContactMessage(message);
    const second = sendContactMessage(message);
    expect(second.id).not.toBe(first.id);
    const row = db.select({ phone: contactMessages.phone }).from(contactMessages).where(eq(contactMessages.id, first.id)).get();
    expect(row).toEqual({ phone: null });
  });
});
