import { WAITLIST_OFFER_HOURS } from "~/schemas/event-registration";

// What event registration, cancelling and the waitlist say to the student, on
// the page and in the JSON API alike.

/** What the registration dialog and `POST /api/events/:id/register` say, one text per outcome. */
export const REGISTRATION_MESSAGES = {
  success: "Registration Successful!",
  full: "This event is full.",
  duplicate: "You are already registered for this event.",
  closed: "Registration for this event has closed.",
  needsPayment: "This is a paid event, and seats are booked with payment.",
  paymentsOff: "Online payment is not available yet: message us on WhatsApp and we will book your seat.",
  payToBook: (minutes: number) =>
    `Your seat is held for you for ${minutes} minutes while you pay, and booked once the payment is received.`,
  notFound: "Event not found",
  failedTitle: "Registration Failed",
  failedText: "There was an error registering for the event. Please try again.",
} as const;

export const registeredText = (eventTitle: string) => `You are registered for ${eventTitle}.`;

/** What cancelling says, one text per outcome. */
export const CANCEL_MESSAGES = {
  cancelled: "Registration cancelled",
  cancelledText: (eventTitle: string) => `Your seat at ${eventTitle} is free for someone else now.`,
  started: "This event has already started, so its registration can no longer be cancelled.",
  notRegistered: "You are not registered for this event, so there is nothing to cancel.",
  failed: "Your registration could not be cancelled just now. Please try again.",
} as const;

/** What a full event's waitlist says. */
export const WAITLIST_MESSAGES = {
  joined: "You are on the waitlist",
  notJoined: "Not on the waitlist yet",
  place: (position: number) =>
    `You are number ${position.toLocaleString("en-IN")} on the waitlist. If a seat frees up, we will offer it to you by mail and keep it for you for ${WAITLIST_OFFER_HOURS} hours.`,
  kept: (until: string) => `A seat has freed up and is kept for you until ${until}. Register now to take it.`,
  keptInBatch: (until: string) => `A seat has freed up and is kept for you until ${until}. Choose this batch now to take it.`,
  alreadyWaiting: "You are on this waitlist already. We will mail you when a seat is kept for you.",
  batchClosed: "This batch has begun or was called off, so its waitlist is closed. Choose another batch.",
  batchSeated: "You already have a seat in a batch of this course.",
  batchSeatFree: "A seat is free in this batch: choose it instead of waiting.",
} as const;
