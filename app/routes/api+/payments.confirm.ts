import type { ActionFunctionArgs } from "@remix-run/node";
import { PaymentReturnSchema } from "~/schemas/checkout";
import { CHECKOUT_MESSAGES } from "~/content/messages/checkout";
import { confirmPaymentReturn } from "~/services/payments/registry.server";
import { apiError, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { rethrowStorageFault } from "~/utils/storage-faults.server";
import { requireApiUser } from "~/services/accounts/sessions/student-session.server";
import { settlementAnswer } from "./__checkout-refusals.server";

/**
 * POST /api/payments/confirm `{ razorpay_order_id, razorpay_payment_id, razorpay_signature }`:
 * Razorpay Checkout's success handler, reported by the signed-in student. The
 * signature is checked and the payment read from Razorpay; the order completes
 * once (the webhook may already have done it).
 *
 * 201 enrolled now · 200 already enrolled · 400 bad input, a bad signature or
 * a payment for another order · 401 signed out · 402 not captured yet ·
 * 403 another student's order · 404 no such order on this site · 409 refunded ·
 * 502 the provider failed · 503 payments not set up.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request);
  const input = await parseJsonBody(request, PaymentReturnSchema, "first");
  const returned = {
    provider: "razorpay" as const,
    orderId: input.razorpay_order_id,
    paymentId: input.razorpay_payment_id,
    signature: input.razorpay_signature,
  };
  try {
    return settlementAnswer(await confirmPaymentReturn(returned, user.id));
  } catch (error) {
    console.error("Confirming a payment failed", error);
    rethrowStorageFault(error);
    return apiError(502, CHECKOUT_MESSAGES.enrollFailedText);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
