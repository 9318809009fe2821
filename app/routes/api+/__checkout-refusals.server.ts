import { findStudentFormFor } from "~/models/enrollment-form.server";
import type { CheckoutItem } from "~/utils/checkout-path";
import { CHECKOUT_MESSAGES } from "~/schemas/checkout";
import type { QuoteResult, Settlement } from "~/services/payments/stripe/checkout.server";
import type { TooManyCouponGuesses } from "~/services/throttle/coupon-guesses.server";
import { retryAfterHeaders } from "~/services/throttle/wait";
import { apiError, apiJson } from "~/utils/api.server";

// Answers the checkout endpoints share.

/** The JSON answer when an order cannot be priced: 404 unknown course, 400 invalid coupon or one that does not apply, 429 too many codes tried. */
export function quoteRefusal(refusal: Exclude<QuoteResult, { ok: true }> | TooManyCouponGuesses) {
  switch (refusal.reason) {
    case "invalid-item":
      return apiError(404, CHECKOUT_MESSAGES.invalidCourse);
    case "invalid-coupon":
      return apiError(400, CHECKOUT_MESSAGES.couponInvalidText);
    case "coupon-not-applicable":
      return apiError(400, refusal.message);
    case "too-many-coupon-guesses":
      return apiJson({ message: refusal.message }, 429, { "Cache-Control": "no-store", ...retryAfterHeaders(refusal) });
  }
}

/** 400 when an enrollment form id is given that is not this student's form for this course or event; null when fine. */
export function foreignFormRefusal(userId: string, formId: number | null, item: CheckoutItem) {
  if (formId === null || findStudentFormFor(userId, formId, item) !== null) return null;
  return apiError(400, `enrollmentFormId is not an enrollment form of yours for this ${item.type}.`);
}

/** The JSON answer to a reported payment: 201 enrolled now, 200 already, else why not. */
export function settlementAnswer(settlement: Settlement) {
  if (settlement.ok) {
    const { item } = settlement;
    const enrolled = { success: true, ...(item.type === "course" ? { courseId: item.id } : { eventId: item.id }) };
    return settlement.outcome === "completed"
      ? apiJson({ ...enrolled, message: CHECKOUT_MESSAGES.enrolledTitle }, 201)
      : apiJson({ ...enrolled, message: CHECKOUT_MESSAGES.alreadyEnrolled }, 200);
  }
  switch (settlement.reason) {
    case "not-found":
      return apiError(404, "No payment with that id was made on this site.");
    case "not-yours":
      return apiError(403, "This payment belongs to another account.");
    case "not-paid":
      return apiError(402, "The payment has not succeeded.");
    case "mismatch":
      return apiError(400, "The payment does not match this order.");
    case "coupon-refused":
      return apiError(409, CHECKOUT_MESSAGES.couponLapsedRefunded);
    case "seat-gone":
      return apiError(409, CHECKOUT_MESSAGES.seatGoneRefunded);
    case "refunded":
      return apiError(409, CHECKOUT_MESSAGES.paymentRefunded);
    case "payments-off":
      return apiError(503, CHECKOUT_MESSAGES.paymentsOffText);
  }
}
