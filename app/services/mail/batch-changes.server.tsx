import type { OutboxAttachment } from "../../../db/schema";
import type { BatchCancelledNotice, BatchMovedNotice, PayloadOf } from "~/models/site/outbox-payload";
import { taxDocumentFilename } from "~/services/pdf/tax-invoice.server";
import { formatShortCalendarDay } from "~/utils/dates";
import { publicOrigin } from "~/utils/env.server";
import { formatAmount } from "~/utils/money";
import { composeMail } from "./compose.server";
import { greeting, MailLink, type MailContent } from "./layout";
import { instituteNow, mailSignature } from "./institute.server";

// The messages about an admin's change to a batch (decision 0062): the batch
// called off, to each student and each person on its waitlist, saying what
// they get back; and a student moved to another batch, with the credit note
// and new invoice when the move changed the place of supply.

/** What the person gets back, in one or two sentences. */
function moneyLines(money: BatchCancelledNotice["money"]): string[] {
  switch (money.kind) {
    case "refunded":
      return [
        money.amountPaise >= money.paidPaise
          ? `We have refunded the full ${formatAmount(money.paidPaise)} you paid.`
          : `We have refunded ${formatAmount(money.amountPaise)}: with the ${formatAmount(money.paidPaise - money.amountPaise)} refunded before, that is all of the ${formatAmount(money.paidPaise)} you paid.`,
        "It goes back to the card, UPI account or bank account you paid from, usually within 5–7 working days.",
        ...(money.creditNoteNumber ? [`Your GST credit note is ${money.creditNoteNumber}; it is listed on your orders page.`] : []),
      ];
    case "returned-directly":
      return [
        `You paid us ${formatAmount(money.amountPaise)} directly, and we will return the full ${formatAmount(money.amountPaise)} to you the same way. We will write to you when it is done.`,
      ];
    case "nothing-paid":
      return ["You paid nothing for this batch, so there is nothing to refund."];
    case "waitlisted":
      return ["You were on its waitlist: your place there has ended. You were not charged anything."];
  }
}

export function writeBatchCancelled({ cancelled }: PayloadOf<"batch-cancelled">) {
  const link = `${publicOrigin()}/courses/${cancelled.courseId}#batches`;
  const lines = [
    `We are sorry: we have had to cancel ${cancelled.batchName} of ${cancelled.courseTitle}. Its classes will not take place.`,
    ...moneyLines(cancelled.money),
    `You can choose another batch of the course on its page. Questions? Write to us at ${instituteNow().email}.`,
  ];
  const content: MailContent = {
    subject: `Cancelled: ${cancelled.batchName} of ${cancelled.courseTitle}`,
    text: [greeting(cancelled.firstName), ...lines, `The course page: ${link}`, mailSignature()].join("\n\n") + "\n",
    body: (
      <>
        <p>{greeting(cancelled.firstName)}</p>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <MailLink href={link}>Choose another batch</MailLink>
      </>
    ),
  };
  return composeMail(content);
}

/** The move's credit note and new invoice as PDFs, drawn by the sender from the documents themselves. */
function movedAttachments(documents: BatchMovedNotice["documents"]): OutboxAttachment[] {
  if (!documents) return [];
  return [
    { kind: "credit_note" as const, ...documents.creditNote },
    { kind: "invoice" as const, ...documents.invoice },
  ].map((document) => ({
    filename: taxDocumentFilename(document),
    contentType: "application/pdf",
    document: { kind: "tax-document", id: document.id },
  }));
}

export function writeBatchMoved({ moved }: PayloadOf<"batch-moved">) {
  const origin = publicOrigin();
  const link = `${origin}/learn/${moved.courseId}`;
  const days = `${formatShortCalendarDay(moved.to.startsOn)} to ${formatShortCalendarDay(moved.to.endsOn)}`;
  const lines = [
    `You have been moved from ${moved.fromBatchName} to ${moved.to.name} of ${moved.courseTitle}.`,
    `${moved.to.name} runs ${days}. Where: ${moved.to.where}. Its timetable is in your classroom, and the price you paid stays as it was.`,
    ...(moved.documents
      ? [
          `As the class is now supplied in a different place, your tax invoice changes: credit note ${moved.documents.creditNote.number} cancels the earlier invoice, and invoice ${moved.documents.invoice.number} replaces it for the same amount. Both are attached as PDFs and listed on your orders page.`,
        ]
      : []),
    `Questions? Write to us at ${instituteNow().email}.`,
  ];
  const content: MailContent = {
    subject: `Your batch of ${moved.courseTitle} is now ${moved.to.name}`,
    text: [greeting(moved.firstName), ...lines, `Your classroom: ${link}`, mailSignature()].join("\n\n") + "\n",
    body: (
      <>
        <p>{greeting(moved.firstName)}</p>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <MailLink href={link}>Open your classroom</MailLink>
      </>
    ),
  };
  return composeMail(content, { attachments: movedAttachments(moved.documents) });
}
