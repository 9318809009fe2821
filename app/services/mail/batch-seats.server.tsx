import type { BatchForMail } from "~/models/batches/batch.server";
import type { PayloadOf } from "~/models/site/outbox-payload";
import { checkoutPath } from "~/utils/checkout-path";
import { formatEventWhen, formatShortCalendarDay } from "~/utils/dates";
import { publicOrigin } from "~/utils/env.server";
import { formatPrice } from "~/utils/money";
import { composeMail } from "./compose.server";
import { greeting, MailLink } from "./layout";
import { instituteNow, mailSignature } from "./institute.server";

// The messages about a batch's seats, as for an event's: a freed seat offered
// to the next student waiting, and a payment that came too late for the last
// seat and is returned.

/** A seat in the batch is free for the student at the head of its waitlist, kept for them until `expiresAt`. */
export function writeBatchWaitlistOffer({ name, courseId, batchId, expiresAt }: PayloadOf<"batch-waitlist-offer">, batch: BatchForMail) {
  const link = `${publicOrigin()}${checkoutPath({ item: { type: "course", id: courseId, batchId } })}`;
  const days = `${formatShortCalendarDay(batch.startsOn)} to ${formatShortCalendarDay(batch.endsOn)}`;
  const lines = [
    `A seat has opened up in ${batch.name} of ${batch.courseTitle} (${days}), and it is yours if you want it.`,
    `We are keeping it for you until ${formatEventWhen(new Date(expiresAt))}. After that it goes to the next person waiting.`,
  ];
  return composeMail({
    subject: `A seat is free for you: ${batch.courseTitle}, ${batch.name}`,
    text: [greeting(name), ...lines, `Take your seat: ${link}`, mailSignature()].join("\n\n") + "\n",
    body: (
      <>
        <p>{greeting(name)}</p>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <p>
          <MailLink href={link}>Take your seat</MailLink>
        </p>
      </>
    ),
  });
}

/** The payment arrived after the seat's hold ran out and the batch had filled: it is refunded in full. */
export function writeBatchSeatGone(to: PayloadOf<"batch-seat-gone">) {
  const amount = formatPrice(to.amountPaise);
  const link = `${publicOrigin()}/courses/${to.courseId}#batches`;
  const lines = [
    `Your payment of ${amount} for ${to.courseTitle} (${to.batchName}) reached us after the seat we were holding for you had been released, and the batch is now full.`,
    `We have refunded the full ${amount}. It goes back to the card, UPI account or bank account you paid from, usually within 5–7 working days.`,
    `You can choose another batch, or join this one's waitlist, on the course page. Questions? Write to us at ${instituteNow().email}.`,
  ];
  return composeMail({
    subject: `Refund: ${to.batchName} filled up before your payment arrived`,
    text: [greeting(to.firstName), ...lines, `The course page: ${link}`, mailSignature()].join("\n\n") + "\n",
    body: (
      <>
        <p>{greeting(to.firstName)}</p>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        <p>
          <MailLink href={link}>Choose a batch</MailLink>
        </p>
      </>
    ),
  });
}
