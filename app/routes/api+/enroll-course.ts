import type { ActionFunctionArgs } from "@remix-run/node";
import { EnrollCourseApiSchema } from "~/schemas/checkout";
import { CHECKOUT_MESSAGES } from "~/content/messages/checkout";
import { quoteOrder } from "~/services/checkout/quote.server";
import type { Settlement } from "~/services/checkout/settle.server";
import { enrollFree } from "~/services/checkout/start.server";
import { confirmPaymentReturn } from "~/services/payments/registry.server";
import { apiError, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { refuseUnconfirmedAdult, requireApiUser } from "~/services/accounts/sessions/student-session.server";
import { foreignFormRefusal, quoteRefusal, settlementAnswer, startRefusal } from "./__checkout-refusals.server";
import { couponGuesser, limitCouponGuesses } from "~/services/throttle/coupon-guesses.server";
import { rethrowStorageFault } from "~/utils/storage-faults.server";

/**
 * POST /api/enroll-course `{ courseId, paymentIntentId }`: the browser's report
 * that its payment succeeded. The PaymentIntent is read from Stripe, and the
 * student is enrolled only if it succeeded for this student, this course and
 * the order's amount. Replays enroll once (the webhook may already have).
 * Without `paymentIntentId`, enrolls in a free order (₹0 course or 100% coupon).
 *
 * 201 enrolled now · 200 already enrolled · 400 bad input, a coupon with no
 * redemption left, or a payment for another order · 401 signed out · 402 not
 * paid · 403 another student's payment, or a free enrollment for an account that has not
 * confirmed its holder is 18 or older · 404 unknown payment or course · 409
 * the payment was refunded (its coupon ran out after its hold lapsed, or
 * earlier) · 502 Stripe failed · 503 payments not set up (for a payment).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request);
  const input = await parseJsonBody(request, EnrollCourseApiSchema, "first");

  if (input.paymentIntentId) {
    let settlement: Settlement;
    try {
      const returned = { provider: "stripe", paymentIntentId: input.paymentIntentId, courseId: input.courseId } as const;
      settlement = await confirmPaymentReturn(returned, user.id);
    } catch (error) {
      console.error("Enrollment after payment failed", error);
      rethrowStorageFault(error);
      return apiError(502, CHECKOUT_MESSAGES.enrollFailedText);
    }
    return settlementAnswer(settlement);
  }

  // A payment already taken is settled whatever; a free enrollment is a contract made now, with an adult only.
  refuseUnconfirmedAdult(user);
  const course = { type: "course" as const, id: input.courseId };
  const result = await limitCouponGuesses(couponGuesser(user, context), input.couponCode, () =>
    quoteOrder(course, input.couponCode, { buyerId: user.id }),
  );
  if (!result.ok) return quoteRefusal(result);
  if (result.quote.price.totalPaise > 0) return apiError(402, "This course needs a payment: send its paymentIntentId.");
  const formId = input.enrollmentFormId ?? null;
  const foreignForm = foreignFormRefusal(user.id, formId, course);
  if (foreignForm) return foreignForm;
  const outcome = enrollFree(user, result.quote, formId);
  if (outcome === "coupon-unavailable" || outcome === "adult-unconfirmed") return startRefusal(outcome, result.quote, user.id);
  // A course always has a place: only an event's seat can be gone.
  if (outcome === "seat-gone") throw new Error("A course order found no seat");
  return settlementAnswer({ ok: true, outcome, item: course });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
