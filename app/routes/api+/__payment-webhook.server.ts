import type { PaymentProvider } from "~/services/payments/payment-provider";
import { apiError, apiJson, methodNotAllowed } from "~/utils/api.server";

/**
 * A provider's signed webhook, the source of truth for paid, failed and
 * refunded orders and disputes. The signature is checked over the raw body
 * before anything parses it. 200 handled, repeated or ignored · 400 bad or
 * missing signature, or not an event · 503 the provider or its webhooks not
 * set up, or the event could not be recorded (the provider retries).
 */
export async function receiveWebhook(provider: PaymentProvider, request: Request): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const unavailable = provider.webhookUnavailable();
  if (unavailable) return apiError(503, unavailable);
  const read = provider.readWebhook(await request.text(), request.headers);
  if (!read.ok) return apiError(400, read.message);
  try {
    await read.event.record();
  } catch (error) {
    console.error(`Payment event ${read.event.id} from ${provider.name} could not be recorded`, error);
    return apiError(503, "The event could not be recorded; please retry.");
  }
  return apiJson({ received: true });
}
