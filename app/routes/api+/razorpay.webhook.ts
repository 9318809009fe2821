import type { ActionFunctionArgs } from "@remix-run/node";
import { razorpayProvider } from "~/services/payments/razorpay/razorpay-provider.server";
import { methodNotAllowed } from "~/utils/api.server";
import { SIGNED_EVENT_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { receiveWebhook } from "./__payment-webhook.server";

// Razorpay's events are larger than a visitor's form.
export const handle: BodyLimitsHandle = { bodyLimits: SIGNED_EVENT_BODY_LIMITS };

/** POST /api/razorpay/webhook: Razorpay's signed events (see receiveWebhook for the answers). */
export function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(razorpayProvider, request);
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
