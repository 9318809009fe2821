import { CHECKOUT_MESSAGES } from "~/content/messages/checkout";

// What the student reads when a payment did not go through. A provider's own
// words (Razorpay's error[description], Stripe's error.message) arrive in a
// request that anyone can forge: the hosted page's return is a cross-site POST
// any site can send, with any description. So the site never shows them: the
// provider's codes pick one of these fixed sentences, anything else gets the
// generic one, and the student reads only what this site wrote.

/** Razorpay's `error[reason]` values (its "Error Reasons" list) worth a sentence of their own. */
const RAZORPAY_REASONS: Readonly<Record<string, string>> = {
  payment_cancelled: "You cancelled the payment.",
  payment_timed_out: "The payment was not finished in time.",
  authentication_failed: "Your bank did not accept the OTP, PIN or login.",
  insufficient_funds: "Your account did not have enough balance for this payment.",
  card_expired: "The card has expired.",
};

/** Razorpay's `error[code]` values that say whose side failed when the reason says nothing more. */
const RAZORPAY_CODES: Readonly<Record<string, string>> = {
  GATEWAY_ERROR: "Your bank or Razorpay could not finish it just now.",
  SERVER_ERROR: "Your bank or Razorpay could not finish it just now.",
};

/** Stripe's error codes (`decline_code` first, then `code`) worth a sentence of their own. */
const STRIPE_CODES: Readonly<Record<string, string>> = {
  insufficient_funds: "Your card did not have enough balance for this payment.",
  card_declined: "Your card was declined.",
  expired_card: "The card has expired.",
  incorrect_cvc: "The card's security code (CVC) was not accepted.",
  incorrect_number: "The card number was not accepted.",
  invalid_number: "The card number was not accepted.",
  processing_error: "The card could not be processed just now.",
  payment_intent_authentication_failure: "The card's authentication (OTP or 3-D Secure) was not completed.",
};

/** A known reason before the fixed "no money was taken, pay again"; the fixed sentence alone otherwise. */
function withRetry(reason: string | undefined): string {
  return reason ? `${reason} ${CHECKOUT_MESSAGES.paymentFailedRetry}` : CHECKOUT_MESSAGES.paymentFailedRetry;
}

const known = (table: Readonly<Record<string, string>>, key: unknown): string | undefined =>
  typeof key === "string" && Object.hasOwn(table, key) ? table[key] : undefined;

/** Razorpay Checkout's failure (the hosted page's `error[...]` fields, or checkout.js's `error` object) in the site's words. */
export function razorpayFailureText(error: { code?: unknown; reason?: unknown } | null | undefined): string {
  return withRetry(known(RAZORPAY_REASONS, error?.reason) ?? known(RAZORPAY_CODES, error?.code));
}

/** Stripe.js's failed confirmation in the site's words. */
export function stripeFailureText(error: { type?: unknown; code?: unknown; decline_code?: unknown } | null | undefined): string {
  const reason =
    known(STRIPE_CODES, error?.decline_code) ??
    known(STRIPE_CODES, error?.code) ??
    (error?.type === "validation_error" ? "Some payment details are missing or incomplete." : undefined);
  return withRetry(reason);
}
