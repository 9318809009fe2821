import { CHECKOUT_MESSAGES } from "~/content/messages/checkout";
import { ADULT_FIRST_MESSAGE } from "~/schemas/consent";
import { REGISTRATION_MESSAGES } from "~/content/messages/events";
import type { CheckoutItem } from "~/utils/checkout-path";
import type { QuoteResult } from "./quote.server";
import type { Settlement } from "./settle.server";
import type { StartRefusal } from "./start.server";

// Every way checkout says no, once: the HTTP status and the words, the same
// on the checkout page (a [title, text] notice) and in the JSON API (a
// message). A door may still choose to redirect instead (the page sends an
// enrolled student to the course), but never picks its own status or words.

/** A refusal as both doors say it: the page's notice, the API's message, one status. */
export type RefusalAnswer = { status: number; notice: [title: string, text: string]; message: string };

const answer = (status: number, title: string, text: string, message = text): RefusalAnswer => ({
  status,
  notice: [title, text],
  message,
});

/** A course or event that cannot be priced, or a coupon that does not hold (too many guesses are the throttle's own answer). */
export function quoteRefusalAnswer(refusal: Exclude<QuoteResult, { ok: true }>): RefusalAnswer {
  switch (refusal.reason) {
    case "invalid-item":
      return answer(404, CHECKOUT_MESSAGES.invalidCourse, CHECKOUT_MESSAGES.invalidCourse);
    case "invalid-coupon":
      return answer(400, CHECKOUT_MESSAGES.couponInvalidTitle, CHECKOUT_MESSAGES.couponInvalidText);
    case "coupon-not-applicable":
      return answer(400, CHECKOUT_MESSAGES.couponNotApplicableTitle, refusal.message);
  }
}

/** A payment that could not start (a coupon that ran out meanwhile is priced again: quoteRefusalAnswer). */
export function startRefusalAnswer(reason: Exclude<StartRefusal, "coupon-unavailable">, item: CheckoutItem): RefusalAnswer {
  switch (reason) {
    case "already-enrolled":
      return item.type === "course"
        ? answer(409, CHECKOUT_MESSAGES.enrollFailedTitle, CHECKOUT_MESSAGES.alreadyEnrolled)
        : answer(409, CHECKOUT_MESSAGES.enrollFailedTitle, REGISTRATION_MESSAGES.duplicate);
    case "event-full":
      return answer(
        409,
        REGISTRATION_MESSAGES.full,
        CHECKOUT_MESSAGES.joinWaitlist,
        `${REGISTRATION_MESSAGES.full} ${CHECKOUT_MESSAGES.joinWaitlist}`,
      );
    case "event-closed":
      return answer(409, CHECKOUT_MESSAGES.invalidEvent, REGISTRATION_MESSAGES.closed);
    case "batch-full":
      return answer(409, CHECKOUT_MESSAGES.batchFullTitle, CHECKOUT_MESSAGES.batchFull);
    case "batch-closed":
      return answer(409, CHECKOUT_MESSAGES.batchClosedTitle, CHECKOUT_MESSAGES.batchClosed);
    case "free":
      return answer(
        409,
        CHECKOUT_MESSAGES.enrollFailedTitle,
        "This order is free: enroll with POST /api/enroll-course, without a payment.",
      );
    case "adult-unconfirmed":
      return answer(403, CHECKOUT_MESSAGES.enrollFailedTitle, ADULT_FIRST_MESSAGE);
    case "payments-off":
      return answer(503, CHECKOUT_MESSAGES.paymentsOffTitle, CHECKOUT_MESSAGES.paymentsOffText);
    case "billing-missing":
      return answer(
        400,
        CHECKOUT_MESSAGES.billingMissingTitle,
        CHECKOUT_MESSAGES.billingMissingText,
        "Your tax invoice needs your billing details: send billing (name, address, city, stateCode, pin) with POST /api/enrollment-forms, then pass its id as enrollmentFormId.",
      );
    case "setup-failed":
      // The provider failed, not the site: 502 Bad Gateway.
      return answer(502, CHECKOUT_MESSAGES.setupFailedTitle, CHECKOUT_MESSAGES.setupFailedText);
  }
}

/** A reported payment that did not enroll the student. */
export function settlementRefusalAnswer(reason: Extract<Settlement, { ok: false }>["reason"], item?: CheckoutItem): RefusalAnswer {
  const failed = (status: number, text: string, message = text) => answer(status, CHECKOUT_MESSAGES.enrollFailedTitle, text, message);
  switch (reason) {
    case "not-found":
      return failed(404, CHECKOUT_MESSAGES.enrollFailedText, "No payment with that id was made on this site.");
    case "not-yours":
      return failed(403, CHECKOUT_MESSAGES.enrollFailedText, "This payment belongs to another account.");
    case "not-paid":
      return failed(402, CHECKOUT_MESSAGES.enrollFailedText, "The payment has not succeeded.");
    case "mismatch":
      return failed(400, CHECKOUT_MESSAGES.enrollFailedText, "The payment does not match this order.");
    case "coupon-refused":
      return failed(409, CHECKOUT_MESSAGES.couponLapsedRefunded);
    case "seat-gone":
      return failed(409, item?.batchId ? CHECKOUT_MESSAGES.batchSeatGoneRefunded : CHECKOUT_MESSAGES.seatGoneRefunded);
    case "refunded":
      return failed(409, CHECKOUT_MESSAGES.paymentRefunded);
    case "payments-off":
      return answer(503, CHECKOUT_MESSAGES.paymentsOffTitle, CHECKOUT_MESSAGES.paymentsOffText);
  }
}
