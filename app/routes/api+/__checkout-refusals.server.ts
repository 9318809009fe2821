import { findStudentFormFor } from "~/models/orders/enrollment-form.server";
import type { CheckoutItem } from "~/utils/checkout-path";
import { couponRefusalAtStore, type Quote, type QuoteResult } from "~/services/checkout/quote.server";
import { quoteRefusalAnswer, settlementRefusalAnswer, startRefusalAnswer } from "~/services/checkout/refusal-answers";
import type { Settlement } from "~/services/checkout/settle.server";
import type { StartRefusal } from "~/services/checkout/start.server";
import { CHECKOUT_MESSAGES } from "~/content/messages/checkout";
import type { TooManyCouponGuesses } from "~/services/throttle/coupon-guesses.server";
import { retryAfterHeaders } from "~/services/throttle/wait";
import { apiError, apiJson } from "~/utils/api.server";

// The checkout endpoints' answers: the statuses and words of the one refusal
// map (services/checkout/refusal-answers.ts) as JSON.

/** The JSON answer when an order cannot be priced: 404 unknown course, 400 invalid coupon or one that does not apply, 429 too many codes tried. */
export function quoteRefusal(refusal: Exclude<QuoteResult, { ok: true }> | TooManyCouponGuesses) {
  if (refusal.reason === "too-many-coupon-guesses")
    return apiJson({ message: refusal.message }, 429, { "Cache-Control": "no-store", ...retryAfterHeaders(refusal) });
  const { status, message } = quoteRefusalAnswer(refusal);
  return apiError(status, message);
}

/** The JSON answer when a payment could not start for this student's quote. */
export function startRefusal(reason: StartRefusal, quote: Quote, userId: string) {
  if (reason === "coupon-unavailable") return quoteRefusal(couponRefusalAtStore(quote, userId));
  const { status, message } = startRefusalAnswer(reason, quote.item);
  return apiError(status, message);
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
  const { status, message } = settlementRefusalAnswer(settlement.reason, settlement.item);
  return apiError(status, message);
}
