import type { ActionFunctionArgs } from "@remix-run/node";
import { CreatePaymentIntentApiSchema } from "~/schemas/checkout";
import { CHECKOUT_MESSAGES } from "~/content/messages/checkout";
import { quoteOrder } from "~/services/checkout/quote.server";
import { startCardPayment } from "~/services/payments/stripe/checkout.server";
import { paymentsSetup } from "~/services/payments/stripe/client.server";
import { apiError, apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { requireApiAdult } from "~/services/accounts/sessions/student-session.server";
import { foreignFormRefusal, quoteRefusal, startRefusal } from "./__checkout-refusals.server";
import { couponGuesser, limitCouponGuesses } from "~/services/throttle/coupon-guesses.server";
import { paiseToDecimalString } from "~/utils/money";

/**
 * POST /api/create-payment-intent `{ courseId, couponCode?, enrollmentFormId?, amount? }`
 * → 200 `{ clientSecret, paymentIntentId, amount, currency }`.
 *
 * The server prices the order (course price less the coupon). An `amount` sent
 * by the client (rupees, as the earlier app sent it) is only compared: a
 * different figure is refused with 400 and nothing is created.
 * 400 the coupon no longer holds (its last redemption was taken meanwhile) ·
 * 401 signed out · 403 the account has not confirmed its holder is 18 or older · 404 unknown course · 409 already enrolled, or free (use
 * /api/enroll-course) · 503 payments not set up · 502 Stripe failed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiAdult(request);
  if (!paymentsSetup()) return apiError(503, CHECKOUT_MESSAGES.paymentsOffText);
  const input = await parseJsonBody(request, CreatePaymentIntentApiSchema, "first");
  const result = await limitCouponGuesses(couponGuesser(user, context), input.couponCode, () =>
    quoteOrder({ type: "course", id: input.courseId }, input.couponCode, { buyerId: user.id }),
  );
  if (!result.ok) return quoteRefusal(result);
  const { quote } = result;
  if (input.amount !== undefined && Math.round(input.amount * 100) !== quote.price.totalPaise) {
    return apiError(400, CHECKOUT_MESSAGES.amountMismatch);
  }
  const formId = input.enrollmentFormId ?? null;
  const foreignForm = foreignFormRefusal(user.id, formId, quote.item);
  if (foreignForm) return foreignForm;
  const start = await startCardPayment(user, quote, formId);
  if (!start.ok) return startRefusal(start.reason, quote, user.id);
  return apiJson({
    clientSecret: start.clientSecret,
    paymentIntentId: start.paymentIntentId,
    amount: paiseToDecimalString(start.amountPaise),
    currency: "inr",
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
