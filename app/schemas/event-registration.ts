import { z } from "zod";
import { requiredTick } from "./consent";
import { emailField, personNameField, phoneField } from "./fields";

/** An event registration: name, email and phone, with messages quoted from the product specification. */
export const EventRegistrationSchema = z.object({
  name: personNameField,
  email: emailField("Please enter a valid email address"),
  phone: phoneField("Phone number must be at least 10 digits"),
  consent: requiredTick(),
});

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

/** The "Cancel registration" confirmation on /account/events: which event's registration. */
export const CancelRegistrationSchema = z.object({
  eventId: z.coerce.number({ message: "Choose a registration to cancel" }).int().positive("Choose a registration to cancel"),
});

/** What cancelling says, one text per outcome. */
export const CANCEL_MESSAGES = {
  cancelled: "Registration cancelled",
  cancelledText: (eventTitle: string) => `Your seat at ${eventTitle} is free for someone else now.`,
  started: "This event has already started, so its registration can no longer be cancelled.",
  notRegistered: "You are not registered for this event, so there is nothing to cancel.",
  failed: "Your registration could not be cancelled just now. Please try again.",
} as const;

/** How long a paid event's seat is held for a student while they pay: longer than Razorpay's and Stripe's checkouts stay open. */
export const SEAT_HOLD_MINUTES = 15;

/** How long a freed seat is kept for the student at the head of a waitlist. */
export const WAITLIST_OFFER_HOURS = 12;

/** What a full event's waitlist says. */
export const WAITLIST_MESSAGES = {
  joined: "You are on the waitlist",
  notJoined: "Not on the waitlist yet",
  place: (position: number) =>
    `You are number ${position.toLocaleString("en-IN")} on the waitlist. If a seat frees up, we will offer it to you by mail and keep it for you for ${WAITLIST_OFFER_HOURS} hours.`,
  kept: (until: string) => `A seat has freed up and is kept for you until ${until}. Register now to take it.`,
} as const;
