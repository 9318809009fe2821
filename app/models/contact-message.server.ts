import { contactMessages } from "../../db/schema";
import type { ContactInput } from "~/schemas/contact";
import { db } from "~/utils/db.server";

/**
 * Stores a message from the contact form or POST /api/contact, unread, for the
 * team to answer. The input has passed ContactSchema (trimmed, within limits);
 * a phone left out is stored as null.
 */
export function sendContactMessage(input: ContactInput): { id: number } {
  return db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      subject: input.subject,
      message: input.message,
      isRead: false,
    })
    .returning({ id: contactMessages.id })
    .get();
}
