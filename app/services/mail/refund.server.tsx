import type { PayloadOf, RefundNotice } from "~/models/site/outbox-payload";
import { formatPrice } from "~/utils/money";
import { composeMail } from "./compose.server";
import { greeting, type MailContent } from "./layout";
import { instituteNow, mailSignature } from "./institute.server";

// The mail a student gets when the institute refunds an order (decision
// 0034): how much, for which course, the credit note that reduces their tax
// invoice, and when the money should reach them.

export const writeRefund = ({ refund }: PayloadOf<"order-refunded">) => composeMail(refundContent(refund));

/** When the money reaches the student: the provider's time for cards and UPI; an offline refund is made by the institute directly. */
function arrival(provider: RefundNotice["provider"]): string {
  return provider === "offline"
    ? "The institute has returned this money to you directly, as noted with the refund."
    : "The money goes back to the card, UPI account or bank account you paid from, usually within 5–7 working days.";
}

function refundContent(refund: RefundNotice): MailContent {
  const amount = formatPrice(refund.amountPaise);
  const intro = `We have refunded ${amount} for ${refund.courseTitle}.`;
  const creditNote = refund.creditNoteNumber
    ? `Your GST credit note is ${refund.creditNoteNumber}; it is listed on your orders page.`
    : null;
  const access = refund.courseTakenAway ? "The course is no longer open in your account." : "You can keep using the course as before.";
  const help = `Questions about this refund? Write to us at ${instituteNow().email}.`;
  const lines = [intro, arrival(refund.provider), ...(creditNote ? [creditNote] : []), access, help];
  return {
    subject: `Your refund of ${amount} for ${refund.courseTitle}`,
    text: [greeting(refund.firstName), ...lines, mailSignature()].join("\n\n") + "\n",
    body: (
      <>
        <p>{greeting(refund.firstName)}</p>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </>
    ),
  };
}
