import type { ActionFunctionArgs } from "@remix-run/node";
import { stripeProvider } from "~/services/payments/stripe/stripe-provider.server";
import { methodNotAllowed } from "~/utils/api.server";
import { SIGNED_EVENT_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { receiveWebhook } from "./__payment-webhook.server";

// Stripe's events are larger than a visitor's form.
export const handle: BodyLimitsHandle = { bodyLimits: SIGNED_EVENT_BODY_LIMITS };

/** POST /api/stripe/webhook: Stripe's signed events (see receiveWebhook for the answers). */
export function action({ request }: ActionFunctionArgs) {
  return receiveWebhook(stripeProvider, request);
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
