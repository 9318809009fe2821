import type { ActionFunctionArgs } from "@remix-run/node";
import { ZodError } from "zod";
import { handlePaymentEvent } from "~/services/payments/stripe/checkout.server";
import {
  parseWebhookEvent,
  stripeKeysSet,
  webhooksSetup,
  WebhookSignatureError,
  type WebhookEvent,
} from "~/services/payments/stripe/client.server";
import { apiError, apiJson, methodNotAllowed } from "~/utils/api.server";
import { SIGNED_EVENT_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";

// Stripe's events are larger than a visitor's form.
export const handle: BodyLimitsHandle = { bodyLimits: SIGNED_EVENT_BODY_LIMITS };

/**
 * POST /api/stripe/webhook: Stripe's signed events, the source of truth for
 * paid and failed orders. The signature is checked over the raw body before
 * anything parses it. 200 handled, or ignored (a type the site does not
 * handle, or naming no order of this site) · 400 bad signature or payload ·
 * 503 payments or webhooks not set up, or the event could not be recorded
 * (Stripe retries).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  if (!stripeKeysSet()) return apiError(503, "Payments are not configured.");
  if (!webhooksSetup()) return apiError(503, "Stripe webhooks are not configured on this site.");
  const rawBody = await request.text();
  let event: WebhookEvent;
  try {
    event = parseWebhookEvent(rawBody, request.headers.get("Stripe-Signature"));
  } catch (error) {
    if (error instanceof WebhookSignatureError) return apiError(400, error.message);
    if (error instanceof ZodError || error instanceof SyntaxError) return apiError(400, "Unexpected event payload.");
    throw error;
  }
  try {
    // Stripe calls the site at its public address, so the order mail links there too.
    await handlePaymentEvent(event);
  } catch (error) {
    console.error(`Stripe event ${event.id} could not be recorded`, error);
    return apiError(503, "The event could not be recorded; please retry.");
  }
  return apiJson({ received: true });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
