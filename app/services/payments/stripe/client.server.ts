import Stripe from "stripe";
import { z } from "zod";
import { getEnv, paymentsProvider, stripeConfig, type StripeConfig } from "~/utils/env.server";

// Stripe, and only Stripe. Everything the app reads from Stripe (SDK answers
// and webhook events alike) is narrowed by the zod schemas below to the few
// fields checkout decides on.

export const CURRENCY = "inr";

/** What the server writes on every Stripe object it creates; only it can (secret key). */
export type PaymentMetadata = {
  userId: string;
  /** The course bought, or "" for an event's seat (Stripe then drops the key). */
  courseId: string;
  /** The paid event whose seat is bought, or "" (absent on objects made before events were sold). */
  eventId?: string;
  couponId: string;
  enrollmentFormId: string;
  /** "card": the Payment Element on our page; "checkout": Stripe's hosted page. */
  flow: "card" | "checkout";
};

const metadataSchema = z.record(z.string(), z.string()).default({});

const paymentIntentSchema = z.object({
  id: z.string(),
  object: z.literal("payment_intent"),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  client_secret: z.string().nullish(),
  metadata: metadataSchema,
  last_payment_error: z.object({ message: z.string().optional() }).nullish(),
});

const checkoutSessionSchema = z.object({
  id: z.string(),
  object: z.literal("checkout.session"),
  status: z.string().nullish(),
  payment_status: z.string(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  url: z.string().nullish(),
  expires_at: z.number().int().nullish(),
  metadata: metadataSchema,
  payment_intent: z.union([z.string(), paymentIntentSchema]).nullish(),
});

/** The id of an object Stripe may send expanded (the object) or not (its id). */
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));
const expandable = z.union([z.string(), z.object({ id: z.string() }).passthrough()]).nullish();

const chargeSchema = z.object({
  id: z.string(),
  object: z.literal("charge"),
  amount: z.number().int().nonnegative(),
  amount_refunded: z.number().int().nonnegative(),
  currency: z.string(),
  payment_intent: expandable,
});

const disputeSchema = z.object({
  id: z.string(),
  object: z.literal("dispute"),
  amount: z.number().int().nonnegative(),
  status: z.string(),
  charge: expandable,
  payment_intent: expandable,
});

/** A charge (a payment's money movement) as charge.refunded reports it. */
export type ChargeSnapshot = { id: string; paymentIntentId: string | null; amountPaise: number; refundedPaise: number; currency: string };

/** A card holder's dispute (chargeback) of a charge. */
export type DisputeSnapshot = { id: string; paymentIntentId: string | null; amountPaise: number; status: string };

export type PaymentIntentSnapshot = {
  id: string;
  status: string;
  amountPaise: number;
  currency: string;
  metadata: Record<string, string>;
  clientSecret: string | null;
};

export type CheckoutSessionSnapshot = {
  id: string;
  /** "open" while the student can still pay on it. */
  status: string | null;
  /** "paid" once the money is taken. */
  paymentStatus: string;
  amountPaise: number | null;
  currency: string | null;
  metadata: Record<string, string>;
  paymentIntentId: string | null;
  url: string | null;
  /** After this Stripe takes no payment on the session. */
  expiresAt: Date | null;
};

function toPaymentIntent(raw: unknown): PaymentIntentSnapshot {
  const intent = paymentIntentSchema.parse(raw);
  return {
    id: intent.id,
    status: intent.status,
    amountPaise: intent.amount,
    currency: intent.currency,
    metadata: intent.metadata,
    clientSecret: intent.client_secret ?? null,
  };
}

function toCheckoutSession(raw: unknown): CheckoutSessionSnapshot {
  const session = checkoutSessionSchema.parse(raw);
  const intent = session.payment_intent;
  return {
    id: session.id,
    status: session.status ?? null,
    paymentStatus: session.payment_status,
    amountPaise: session.amount_total ?? null,
    currency: session.currency ?? null,
    metadata: session.metadata,
    paymentIntentId: idOf(intent),
    url: session.url ?? null,
    expiresAt: session.expires_at ? new Date(session.expires_at * 1000) : null,
  };
}

function toCharge(raw: unknown): ChargeSnapshot {
  const charge = chargeSchema.parse(raw);
  return {
    id: charge.id,
    paymentIntentId: idOf(charge.payment_intent),
    amountPaise: charge.amount,
    refundedPaise: charge.amount_refunded,
    currency: charge.currency,
  };
}

function toDispute(raw: unknown): DisputeSnapshot {
  const dispute = disputeSchema.parse(raw);
  return { id: dispute.id, paymentIntentId: idOf(dispute.payment_intent), amountPaise: dispute.amount, status: dispute.status };
}

/** Stripe could not be reached or refused the call; the message is for the log. */
export class PaymentProviderError extends Error {
  /** Stripe's error code (its type when it gave none); null when Stripe gave no answer. Pages show text keyed by it, never the message. */
  readonly code: string | null;
  constructor(action: string, cause: unknown) {
    super(`Stripe ${action} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "PaymentProviderError";
    this.code =
      cause instanceof Stripe.errors.StripeError && !(cause instanceof Stripe.errors.StripeConnectionError)
        ? (cause.code ?? cause.type)
        : null;
  }
}

type Client = { config: StripeConfig; stripe: Stripe };

let cachedClient: Client | null | undefined;

/** The configured client, made on first use; null when payments are off. */
function getClient(): Client | null {
  if (cachedClient !== undefined) return cachedClient;
  const config = stripeConfig(getEnv());
  if (!config) return (cachedClient = null);
  const stripe = new Stripe(config.secretKey, {
    // A student waits on these calls: give up after 10 s rather than hang.
    timeout: 10_000,
    // Safe because every create call carries an idempotency key.
    maxNetworkRetries: 1,
    appInfo: { name: "trading-institute-site" },
    ...(config.api ?? {}),
  });
  return (cachedClient = { config, stripe });
}

/** The publishable key for the browser, or null when Stripe does not take new payments. */
export function paymentsSetup(): { publishableKey: string } | null {
  const client = getClient();
  return client && paymentsProvider(getEnv()) === "stripe" ? { publishableKey: client.config.publishableKey } : null;
}

/**
 * Whether Stripe's keys are set. Its webhook keeps recording refunds and
 * disputes of earlier Stripe orders after Razorpay takes over new payments.
 */
export function stripeKeysSet(): boolean {
  return getClient() !== null;
}

/** Whether signed webhooks can be checked: Stripe's keys and a signing secret set. */
export function webhooksSetup(): boolean {
  return Boolean(getClient()?.config.webhookSecret);
}

function requireClient(): Client {
  const client = getClient();
  if (!client) throw new PaymentProviderError("setup", "payments are not configured");
  return client;
}

async function call<T>(action: string, run: (stripe: Stripe) => Promise<T>): Promise<T> {
  try {
    return await run(requireClient().stripe);
  } catch (error) {
    throw error instanceof PaymentProviderError ? error : new PaymentProviderError(action, error);
  }
}

/** Stripe's answer, or null when Stripe does not know the id. */
async function nullWhenMissing<T>(retrieve: Promise<T>): Promise<T | null> {
  try {
    return await retrieve;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") return null;
    throw error;
  }
}

export function createPaymentIntent(input: {
  amountPaise: number;
  description: string;
  receiptEmail: string;
  metadata: PaymentMetadata;
  idempotencyKey: string;
}): Promise<PaymentIntentSnapshot> {
  return call("create PaymentIntent", async (stripe) =>
    toPaymentIntent(
      await stripe.paymentIntents.create(
        {
          amount: input.amountPaise,
          currency: CURRENCY,
          description: input.description,
          receipt_email: input.receiptEmail,
          metadata: input.metadata,
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    ),
  );
}

/** The PaymentIntent as Stripe has it now; null when Stripe does not know the id. */
export function retrievePaymentIntent(id: string): Promise<PaymentIntentSnapshot | null> {
  return call("retrieve PaymentIntent", async (stripe) => {
    const intent = await nullWhenMissing(stripe.paymentIntents.retrieve(id));
    return intent && toPaymentIntent(intent);
  });
}

export function createCheckoutSession(input: {
  amountPaise: number;
  productName: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** When the page stops taking the payment (at least 30 minutes on); Stripe's default, a day, when absent. */
  expiresAt: Date | null;
  metadata: PaymentMetadata;
  idempotencyKey: string;
}): Promise<CheckoutSessionSnapshot> {
  return call("create Checkout Session", async (stripe) =>
    toCheckoutSession(
      await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: { currency: CURRENCY, unit_amount: input.amountPaise, product_data: { name: input.productName } },
            },
          ],
          customer_email: input.customerEmail,
          client_reference_id: input.metadata.userId,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          ...(input.expiresAt ? { expires_at: Math.floor(input.expiresAt.getTime() / 1000) } : {}),
          metadata: input.metadata,
          payment_intent_data: { metadata: input.metadata, description: input.productName },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    ),
  );
}

export function retrieveCheckoutSession(id: string): Promise<CheckoutSessionSnapshot | null> {
  return call("retrieve Checkout Session", async (stripe) => {
    const session = await nullWhenMissing(stripe.checkout.sessions.retrieve(id));
    return session && toCheckoutSession(session);
  });
}

/** Returns a whole payment to the card (a second payment for a course already owned). */
export async function refundPayment(paymentIntentId: string): Promise<void> {
  await call("refund", (stripe) =>
    stripe.refunds.create({ payment_intent: paymentIntentId }, { idempotencyKey: `refund:${paymentIntentId}` }),
  );
}

/**
 * Returns `amountPaise` of a payment on an admin's word (decision 0034). The
 * idempotency key names the order and the total refunded after this refund,
 * so the same refund asked twice (a double submit) is made once.
 */
export function refundPaymentPart(paymentIntentId: string, amountPaise: number, idempotencyKey: string): Promise<{ refundId: string }> {
  return call("refund", async (stripe) => {
    const refund = await stripe.refunds.create({ payment_intent: paymentIntentId, amount: amountPaise }, { idempotencyKey });
    return { refundId: refund.id };
  });
}

/** A verified event: its id (to recognise a redelivery) and when Stripe made it (when the payment happened). */
type EventEnvelope = { id: string; created: Date };

export type WebhookEvent = EventEnvelope &
  (
    | { type: "payment_intent.succeeded" | "payment_intent.payment_failed"; paymentIntent: PaymentIntentSnapshot }
    | {
        type:
          | "checkout.session.completed"
          | "checkout.session.async_payment_succeeded"
          | "checkout.session.expired"
          | "checkout.session.async_payment_failed";
        session: CheckoutSessionSnapshot;
      }
    | { type: "charge.refunded"; charge: ChargeSnapshot }
    | {
        type: "charge.dispute.created" | "charge.dispute.funds_withdrawn" | "charge.dispute.updated" | "charge.dispute.closed";
        dispute: DisputeSnapshot;
      }
    | { type: "ignored"; stripeType: string }
  );

export class WebhookSignatureError extends Error {}

const eventSchema = z.object({
  id: z.string(),
  type: z.string(),
  created: z.number().int(),
  data: z.object({ object: z.unknown() }),
});

/**
 * Verifies Stripe's signature over the raw body (bytes exactly as received)
 * and returns the event narrowed to what checkout handles.
 */
export function parseWebhookEvent(rawBody: string, signature: string | null): WebhookEvent {
  const { stripe, config } = requireClient();
  if (!config.webhookSecret) throw new WebhookSignatureError("Webhooks are not configured");
  if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
  let verified: unknown;
  try {
    verified = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
  } catch (error) {
    // A correct signature over a body that is not JSON: the payload is wrong, not the signature.
    if (error instanceof SyntaxError) throw error;
    // Every refusal gets one answer, whichever check failed; the SDK's reason (and its advice) is for the log.
    console.warn("Stripe webhook refused:", error instanceof Error ? error.message.split("\n")[0] : error);
    throw new WebhookSignatureError("Invalid signature");
  }
  const event = eventSchema.parse(verified);
  const envelope = { id: event.id, created: new Date(event.created * 1000) };
  switch (event.type) {
    case "payment_intent.succeeded":
    case "payment_intent.payment_failed":
      return { ...envelope, type: event.type, paymentIntent: toPaymentIntent(event.data.object) };
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired":
      return { ...envelope, type: event.type, session: toCheckoutSession(event.data.object) };
    case "charge.refunded":
      return { ...envelope, type: event.type, charge: toCharge(event.data.object) };
    case "charge.dispute.created":
    case "charge.dispute.funds_withdrawn":
    case "charge.dispute.updated":
    case "charge.dispute.closed":
      return { ...envelope, type: event.type, dispute: toDispute(event.data.object) };
    default:
      return { ...envelope, type: "ignored", stripeType: event.type };
  }
}
