import type { RegisteredEvent } from "~/models/events/registered-event.server";
import type { PayloadOf } from "~/models/site/outbox-payload";
import { publicOrigin } from "~/utils/env.server";
import { formatEventWhen } from "~/utils/dates";
import { formatPrice } from "~/utils/money";
import { composeMail } from "./compose.server";
import { greeting, MailLink } from "./layout";
import { instituteNow, mailSignature } from "./institute.server";

// The messages about a paid event's seats: a payment that came too late for
// the last seat and is returned, and a freed seat offered to the next student
// on the waitlist for a limited time.

/** The payment arrived after the seat's hold ran out and the event had filled: it is refunded in full. */
export function writeSeatGone(to: PayloadOf<"event-seat-gone">) {
  const amount = formatPrice(to.amountPaise);
  const lines = [
    `Your payment of ${amount} for ${to.eventTitle} reached us after the seat we were holding for you had been released, and the event is now full.`,
    `We have refunded the full ${amount}. It goes back to the card, UPI account or bank account you paid from, usually within 5–7 working days.`,
    `You can join the event's waitlist on our events page: if a seat frees up, we will offer it to you by mail. Questions? Write to us at ${instituteNow().email}.`,
  ];
  return composeMail({
    subject: `Refund: ${to.eventTitle} filled up before your payment arrived`,
    text: [greeting(to.firstName), ...lines, mailSignature()].join("\n\n") + "\n",
    body: (
      <>
        <p>{greeting(to.firstName)}</p>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </>
    ),
  });
}

/** A seat is free for the student at the head of the waitlist, kept for them until `expiresAt`. */
export const writeWaitlistOffer = ({ name, expiresAt }: PayloadOf<"event-waitlist-offer">, event: RegisteredEvent) => {
  const link = `${publicOrigin()}/events/${event.id}/register`;
  const until = formatEventWhen(new Date(expiresAt));
  const lines = [
    `A seat has opened up at ${event.title} (${formatEventWhen(event.eventDate)}), and it is yours if you want it.`,
    `We are keeping it for you until ${until}. After that it goes to the next person waiting.`,
  ];
  return composeMail({
    subject: `A seat is free for you: ${event.title}`,
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
};
