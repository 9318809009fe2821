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

/** The "Cancel registration" confirmation on /account/events: which event's registration. */
export const CancelRegistrationSchema = z.object({
  eventId: z.coerce.number({ message: "Choose a registration to cancel" }).int().positive("Choose a registration to cancel"),
});

/** How long a paid event's seat is held for a student while they pay: longer than Razorpay's and Stripe's checkouts stay open. */
export const SEAT_HOLD_MINUTES = 15;

/** How long a freed seat is kept for the student at the head of a waitlist. */
export const WAITLIST_OFFER_HOURS = 12;
