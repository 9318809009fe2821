import type { ActionFunctionArgs } from "@remix-run/node";
import { StartPaymentApiSchema } from "~/schemas/checkout";
import { CHECKOUT_MESSAGES } from "~/content/messages/checkout";
import { quoteOrder } from "~/services/checkout/quote.server";
import { paymentWidget, startPayment } from "~/services/payments/registry.server";
import { couponGuesser, limitCouponGuesses } from "~/services/throttle/coupon-guesses.server";
import { apiError, apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { publicOrigin } from "~/utils/env.server";
import { requireApiAdult } from "~/services/accounts/sessions/student-session.server";
import { checkoutPath } from "~/utils/checkout-path";
import { foreignFormRefusal, quoteRefusal, startRefusal } from "./__checkout-refusals.server";

/**
 * POST /api/payments/start `{ courseId (with batchId for a batch) | eventId, couponCode?, enrollmentFormId? }`:
 * the checkout page's "Pay" (a course, or a paid event's seat, held 15 minutes) for an app or a script, with whichever provider takes
 * payments. The server prices the order and reserves it (with its coupon's
 * redemption), then answers what the client opens:
 * - Razorpay: 200 `{ provider: "razorpay", keyId, orderId, amountPaise, currency, description, email, callbackUrl }`
 *   for Razorpay Checkout; its success handler's fields go to POST /api/payments/confirm.
 * - Stripe: 200 `{ provider: "stripe", checkoutUrl }`, Stripe's hosted Checkout page.
 *
 * 400 bad input, a coupon that does not apply or ran out · 401 signed out ·
 * 403 the account has not confirmed its holder is 18 or older (nothing is reserved) ·
 * 404 unknown course, a batch not open for booking, or an event not on sale · 409 already enrolled or registered,
 * the event or batch full (join its waitlist) or begun, or free (use /api/enroll-course) ·
 * 429 too many coupon codes · 502 the provider failed · 503 payments not set up.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiAdult(request);
  if (!paymentWidget()) return apiError(503, CHECKOUT_MESSAGES.paymentsOffText);
  const input = await parseJsonBody(request, StartPaymentApiSchema, "first");
  const quoted = await limitCouponGuesses(couponGuesser(user, context), input.couponCode, () =>
    quoteOrder(input.item, input.couponCode, { buyerId: user.id }),
  );
  if (!quoted.ok) return quoteRefusal(quoted);
  const { quote } = quoted;
  const formId = input.enrollmentFormId ?? null;
  const foreignForm = foreignFormRefusal(user.id, formId, quote.item);
  if (foreignForm) return foreignForm;
  const start = await startPayment({
    user,
    quote,
    enrollmentFormId: formId,
    cancelUrl: `${publicOrigin()}${checkoutPath({ item: quote.item, form: formId, coupon: quote.coupon?.code })}`,
  });
  if (start.ok && "redirectTo" in start) return apiJson({ provider: "stripe", checkoutUrl: start.redirectTo });
  if (start.ok) {
    const { hostedCheckoutUrl: _hosted, cancelUrl: _cancel, ...checkout } = start.checkout;
    return apiJson({ provider: "razorpay", ...checkout });
  }
  return startRefusal(start.reason, quote, user.id);
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
