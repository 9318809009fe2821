// The order mail of a GST-registered institute carries the order's tax
// invoice: queued with the order (naming the document), drawn as a PDF when
// the sender sends it.
import { eq } from "drizzle-orm";
import type { SendMailOptions } from "nodemailer";
import { expect, test } from "vitest";
import { courses, orders, outboxMessages, siteSettings, users } from "../../../db/schema";
import { completeOrder, reserveOrder } from "~/models/orders/order.server";
import { db } from "~/utils/db.server";
import { readPdf } from "../../../tests/support/pdf-text";
import { registeredSeller } from "../../../tests/support/invoicing";
import { sendDueMessages, type MailTransport } from "./sender.server";
import { writeQueuedMail } from "./writer.server";
import { STRIPE_CARD } from "../../../tests/support/unit-orders";

const PAID = new Date("2026-11-20T10:00:00Z");

test("the order mail names the invoice, and the sender attaches its PDF", async () => {
  db.insert(siteSettings).values({ section: "invoicing", value: registeredSeller }).run();
  const user = db.insert(users).values({ email: "ravi@example.com", firstName: "Ravi", adultConfirmedAt: new Date() }).returning().get();
  const course = db
    .insert(courses)
    .values({ title: "Swing Trading Basics", shortDescription: "s", description: "d", duration: "4 weeks", pricePaise: 499_900 })
    .returning()
    .get();
  const reserved = reserveOrder(
    { userId: user.id, courseId: course.id, eventId: null, amountPaise: 499_900, couponId: null, enrollmentFormId: null },
    STRIPE_CARD,
  );
  if (!reserved.ok) throw new Error("not reserved");
  db.update(orders)
    .set({ billing: { name: "Ravi Patil", address: "4 FC Road", city: "Pune", stateCode: "27", pin: "411004" } })
    .where(eq(orders.id, reserved.order.id))
    .run();
  expect(completeOrder(reserved.order.id, "pi_mail_invoice", { paidAt: PAID, now: PAID })).toBe("completed");

  // Written as the site writes it once the order's transaction has committed.
  writeQueuedMail();
  const queued = db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, "ravi@example.com")).get();
  expect(queued?.textBody).toContain("Your GST tax invoice TMA/26-27/000001 is attached as a PDF.");
  expect(queued?.htmlBody).toContain("Your GST tax invoice TMA/26-27/000001 is attached as a PDF.");
  expect(queued?.attachments).toEqual([
    {
      filename: "tax-invoice-TMA-26-27-000001.pdf",
      contentType: "application/pdf",
      document: { kind: "tax-document", id: expect.any(Number) },
    },
  ]);

  const sent: SendMailOptions[] = [];
  const transport: MailTransport = { sendMail: async (mail) => void sent.push(mail) };
  expect(await sendDueMessages(transport, "desk@example.test")).toEqual({ sent: 1, failed: 0 });
  const [attachment] = (sent[0]?.attachments ?? []) as { filename: string; contentType: string; content: Buffer }[];
  expect(attachment).toMatchObject({ filename: "tax-invoice-TMA-26-27-000001.pdf", contentType: "application/pdf" });
  const pdf = await readPdf(attachment!.content);
  for (const text of ["Tax Invoice No. TMA/26-27/000001", "Ravi Patil", "CGST @ 9%", "SGST @ 9%", "₹4,999.00"])
    expect(pdf.text).toContain(text);
});
