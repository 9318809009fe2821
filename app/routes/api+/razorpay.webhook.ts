import type { ActionFunctionArgs } from "@remix-run/node";
import { ZodError } from "zod";
import { handleRazorpayEvent } from "~/services/payments/razorpay/orders.server";
import {
  parseRazorpayWebhook,
  razorpayKeysSet,
  razorpayWebhooksSetup,
  RazorpaySignatureError,
  type RazorpayEvent,
} from "~/services/payments/razorpay/client.server";
import { apiError, apiJson, methodNotAllowed } from "~/utils/api.server";
import { SIGNED_EVENT_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";

// Razorpay's events are larger than a visitor's form.
export const handle: BodyLimitsHandle = { bodyLimits: SIGNED_EVENT_BODY_LIMITS };

/**
 * POST /api/razorpay/webhook: Razorpay's signed events, the source of truth
 * for paid, failed and refunded orders. The signature is checked over the raw
 * body before anything parses it. 200 handled, repeated or ignored · 400 bad
 * or missing signature, or not an event · 503 Razorpay or its webhooks not
 * set up, or the event could not be recorded (Razorpay retries).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  if (!razorpayKeysSet()) return apiError(503, "Payments are not configured.");
  if (!razorpayWebhooksSetup()) return apiError(503, "Razorpay webhooks are not configured on this site.");
  const rawBody = await request.text();
  let event: RazorpayEvent;
  try {
    event = parseRazorpayWebhook(rawBody, request.headers.get("X-Razorpay-Signature"), request.headers.get("X-Razorpay-Event-Id"));
  } catch (error) {
    if (error instanceof RazorpaySignatureError) return apiError(400, error.message);
    if (error instanceof ZodError || error instanceof SyntaxError) return apiError(400, "Unexpected event payload.");
    throw error;
  }
  try {
    // Razorpay calls the site at its public address, so the order mail links there too.
    await handleRazorpayEvent(event);
  } catch (error) {
    console.error(`Razorpay event ${event.id} could not be recorded`, error);
    return apiError(503, "The event could not be recorded; please retry.");
  }
  return apiJson({ received: true });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
