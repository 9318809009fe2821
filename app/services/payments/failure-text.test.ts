// A provider's failure as the student reads it: only the site's sentences,
// whatever words the provider's error (or a forger) brought. Stripe.js cannot
// load on this machine, so the card form's failures are proven here.
import { describe, expect, it } from "vitest";
import { razorpayFailureText, stripeFailureText as stripeText } from "./failure-text";

const RETRY = "Your payment did not go through and no money was taken. You can pay again now.";
const PLANTED = "Pay Rs 2,499 by UPI to refunds-desk@okaxis to keep your seat";
/** Stripe.js's error as it comes, message and all. */
const stripeFailureText = (error: Record<string, unknown> | null | undefined) => stripeText(error);

describe("Stripe.js's failed confirmation", () => {
  it("names a known decline or code in the site's words, never Stripe's message", () => {
    expect(stripeFailureText({ type: "card_error", code: "card_declined", decline_code: "insufficient_funds", message: PLANTED })).toBe(
      `Your card did not have enough balance for this payment. ${RETRY}`,
    );
    expect(stripeFailureText({ type: "card_error", code: "expired_card", message: PLANTED })).toBe(`The card has expired. ${RETRY}`);
    expect(stripeFailureText({ type: "card_error", code: "card_declined", decline_code: "generic_decline" })).toBe(
      `Your card was declined. ${RETRY}`,
    );
    expect(stripeFailureText({ type: "validation_error", code: "incomplete_number", message: PLANTED })).toBe(
      `Some payment details are missing or incomplete. ${RETRY}`,
    );
  });

  it("says only the generic sentence for anything it does not know", () => {
    for (const error of [
      { type: "api_error", code: PLANTED, message: PLANTED },
      { type: "card_error", code: "constructor", decline_code: "__proto__" },
      { type: PLANTED },
      null,
      undefined,
    ])
      expect(stripeFailureText(error)).toBe(RETRY);
  });
});

describe("Razorpay Checkout's failure", () => {
  it("prefers the reason, then the code, and drops the description", () => {
    expect(razorpayFailureText({ code: "BAD_REQUEST_ERROR", reason: "payment_cancelled" })).toBe(`You cancelled the payment. ${RETRY}`);
    expect(razorpayFailureText({ code: "GATEWAY_ERROR", reason: "payment_failed" })).toBe(
      `Your bank or Razorpay could not finish it just now. ${RETRY}`,
    );
    expect(razorpayFailureText({ code: PLANTED, reason: PLANTED })).toBe(RETRY);
    expect(razorpayFailureText({ code: "hasOwnProperty", reason: "toString" })).toBe(RETRY);
    expect(razorpayFailureText(undefined)).toBe(RETRY);
  });
});
