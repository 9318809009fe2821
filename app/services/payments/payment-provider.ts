import type { RefundableOrder } from "~/models/orders/order-refund.server";
import type { Settlement } from "~/services/checkout/settle.server";
import type { PaymentStartInput, StartRefusal } from "~/services/checkout/start.server";
import type { PaymentsProvider } from "~/utils/env.server";
import type { RazorpayCheckout } from "./razorpay/orders.server";

// What every payment provider does for the site, and nothing more: the checkout,
// the return pages, the webhooks, the admin's refunds and reconciliation call a
// provider through this shape (chosen by ./registry.server.ts), so none of
// them names Stripe or Razorpay. Each provider lives in its own folder with
// its SDK, which nothing else imports.

/** What the payment step shows: Stripe's card form, or Razorpay's checkout. */
export type PaymentWidget = { provider: "stripe"; publishableKey: string } | { provider: "razorpay" };

/** A checkout opened in the page (JavaScript) or posted to the provider's hosted page. */
export type InPageCheckout = RazorpayCheckout;

/**
 * A payment started at the provider: a page to send the browser to (Stripe's
 * hosted Checkout), or a checkout to open in the page (Razorpay).
 */
export type PaymentStart = { ok: true; redirectTo: string } | { ok: true; checkout: InPageCheckout } | { ok: false; reason: StartRefusal };

/**
 * What a provider's checkout hands back after a payment: Razorpay's signed
 * order and payment, Stripe's Checkout Session on its return page, or the
 * PaymentIntent the card form reports (for the course it was meant for).
 */
export type PaymentReturn =
  | { provider: "razorpay"; orderId: string; paymentId: string; signature: string }
  | { provider: "stripe"; checkoutSessionId: string }
  | { provider: "stripe"; paymentIntentId: string; courseId?: number };

/** A signed event read from a provider's webhook: its id (for the log), and what records it. */
export type ReceivedEvent = { id: string; record(): Promise<void> };

export type WebhookRead = { ok: true; event: ReceivedEvent } | { ok: false; message: string };

/** A refund asked of the provider: its id there, or the admin's words for why it was not made. */
export type RefundAtProvider = { ok: true; refundId: string } | { ok: false; message: string };

export type PaymentProvider = {
  name: PaymentsProvider;
  /** Whether its keys are set: returns, webhooks and refunds work even after another provider takes new payments. */
  keysSet(): boolean;
  /** What the payment step shows while this provider takes new payments. */
  widget(): PaymentWidget | null;
  /** Reserves the order (its coupon's redemption, an event's seat) and opens a payment for it. */
  start(input: PaymentStartInput): Promise<PaymentStart>;
  /**
   * The provider's word that a payment was made, brought back by the browser.
   * `userId`: the signed-in student, who must own the order; without it (a
   * cross-site POST from the provider's page) only the provider's signature is believed.
   */
  confirmReturn(returned: PaymentReturn, userId?: string): Promise<Settlement>;
  /** Why signed webhooks cannot be read now (keys or signing secret missing), or null. */
  webhookUnavailable(): string | null;
  /** Checks a webhook's signature over its raw body and reads the event. */
  readWebhook(rawBody: string, headers: Headers): WebhookRead;
  /** Returns part of a captured payment (an admin's refund), once per `idempotencyKey`. */
  refundPart(order: RefundableOrder, amountPaise: number, idempotencyKey: string): Promise<RefundAtProvider>;
  /** Returns a whole payment the site cannot honour (the seat or coupon was gone); throws when the provider refuses. */
  refundWhole(paymentId: string): Promise<void>;
  /** Settles orders whose webhook never came, from what the provider says; how many it asked about. None for a provider that retries its webhooks for days. */
  reconcile?: (now?: Date) => Promise<number>;
};

/**
 * The admin's words for a refund the provider did not make. Its error code
 * (`providerError`: the provider's own error, null for anything else) picks
 * one of the site's sentences; the provider's message goes to the log only,
 * so no text from outside is shown on the site as if the site wrote it.
 */
export function refundNotMade(
  providerError: { code: string | null } | null,
  reasons: Readonly<Record<string, string>>,
): { ok: false; message: string } {
  const code = providerError?.code;
  const reason =
    providerError === null
      ? "Its answer could not be read; look at the payment in its dashboard before trying again."
      : code === null || code === undefined
        ? "It could not be reached; try again in a few minutes."
        : ((Object.hasOwn(reasons, code) ? reasons[code] : undefined) ?? "It refused the refund.");
  return { ok: false, message: `The payment provider did not make the refund. ${reason}` };
}
