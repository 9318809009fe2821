import { createHmac, timingSafeEqual } from "node:crypto";
import Razorpay from "razorpay";
import { z } from "zod";
import { getEnv, paymentsProvider, razorpayConfig, type RazorpayConfig } from "~/utils/env.server";

// Razorpay, and only Razorpay, through its official SDK. What the app reads
// from Razorpay (API answers and webhook events) is narrowed by the zod
// schemas below to the fields checkout decides on. Signatures are checked
// here rather than with the SDK's helpers, which compare them with `===`.

export const RAZORPAY_CURRENCY = "INR";

const notesSchema = z
  .union([z.record(z.string(), z.union([z.string(), z.number()])), z.array(z.unknown())])
  .transform((notes) => (Array.isArray(notes) ? {} : Object.fromEntries(Object.entries(notes).map(([k, v]) => [k, String(v)]))))
  .nullish()
  .transform((notes) => notes ?? {});

const orderSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  receipt: z.string().nullish(),
  status: z.string(),
  notes: notesSchema,
});

const paymentSchema = z.object({
  id: z.string(),
  order_id: z.string().nullish(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  amount_refunded: z.number().int().nullish(),
  created_at: z.number().int(),
  error_description: z.string().nullish(),
});

const refundSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.number().int(),
});

const disputeSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.number().int(),
  status: z.string(),
});

/** A Razorpay order: what the student pays against (its receipt is our order's id). */
export type RazorpayOrder = { id: string; amountPaise: number; currency: string; receipt: string | null; status: string };

/** A payment on a Razorpay order. `captured` means the money is taken. */
export type RazorpayPayment = {
  id: string;
  orderId: string | null;
  status: string;
  amountPaise: number;
  refundedPaise: number;
  currency: string;
  createdAt: Date;
  errorDescription: string | null;
};

function toOrder(raw: unknown): RazorpayOrder {
  const order = orderSchema.parse(raw);
  return { id: order.id, amountPaise: order.amount, currency: order.currency, receipt: order.receipt ?? null, status: order.status };
}

function toPayment(raw: unknown): RazorpayPayment {
  const payment = paymentSchema.parse(raw);
  return {
    id: payment.id,
    orderId: payment.order_id ?? null,
    status: payment.status,
    amountPaise: payment.amount,
    refundedPaise: payment.amount_refunded ?? 0,
    currency: payment.currency,
    createdAt: new Date(payment.created_at * 1000),
    errorDescription: payment.error_description ?? null,
  };
}

/** Razorpay could not be reached or refused the call; the message is for the log. */
export class RazorpayError extends Error {
  /** Razorpay's error code (BAD_REQUEST_ERROR…); null when Razorpay gave no answer. Pages show text keyed by it, never the message. */
  readonly code: string | null;
  constructor(action: string, cause: unknown) {
    const answer = razorpayAnswer(cause);
    super(
      `Razorpay ${action} failed: ${answer ? `${answer.statusCode ?? "?"} ${answer.error?.description ?? ""}`.trim() : String(cause)}`,
      {
        cause,
      },
    );
    this.name = "RazorpayError";
    this.code = answer?.error?.code ?? null;
  }
}

const answerSchema = z.object({
  statusCode: z.number().optional(),
  error: z.object({ code: z.string().optional(), description: z.string().optional() }).passthrough().optional(),
});

/** The SDK rejects with Razorpay's answer, `{ statusCode, error: { code, description } }`, or with an Error when there was none. */
function razorpayAnswer(cause: unknown): z.infer<typeof answerSchema> | null {
  if (cause instanceof Error) return null;
  const parsed = answerSchema.safeParse(cause);
  return parsed.success ? parsed.data : null;
}

type Client = { config: RazorpayConfig; razorpay: Razorpay };
let cachedClient: Client | null | undefined;

type AxiosDefaults = { baseURL?: string; timeout?: number };

function axiosDefaults(razorpay: Razorpay): AxiosDefaults {
  const rq: unknown = Reflect.get(razorpay.api, "rq");
  const defaults: unknown = typeof rq === "function" || (typeof rq === "object" && rq !== null) ? Reflect.get(rq, "defaults") : null;
  if (typeof defaults !== "object" || defaults === null) throw new Error("The razorpay SDK no longer keeps its axios instance at api.rq");
  return defaults;
}

/** The client made on first use from Razorpay's keys; null when they are not set. */
function getClient(): Client | null {
  if (cachedClient !== undefined) return cachedClient;
  const config = razorpayConfig(getEnv());
  if (!config) return (cachedClient = null);
  const razorpay = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
  const defaults = axiosDefaults(razorpay);
  // The SDK names api.razorpay.com itself; its (untyped) axios instance is the one place to point it elsewhere.
  defaults.baseURL = config.apiUrl;
  // A student waits on these calls: give up after 10 s rather than hang.
  defaults.timeout = 10_000;
  return (cachedClient = { config, razorpay });
}

/** What the browser needs to open Razorpay's checkout, or null when Razorpay does not take new payments. */
export function razorpaySetup(): { keyId: string; hostedCheckoutUrl: string } | null {
  const client = getClient();
  if (!client || paymentsProvider(getEnv()) !== "razorpay") return null;
  return { keyId: client.config.keyId, hostedCheckoutUrl: client.config.hostedCheckoutUrl };
}

/** Whether Razorpay's keys are set (its webhook still records refunds after another provider takes over). */
export function razorpayKeysSet(): boolean {
  return getClient() !== null;
}

export function razorpayWebhooksSetup(): boolean {
  return Boolean(getClient()?.config.webhookSecret);
}

function requireClient(): Client {
  const client = getClient();
  if (!client) throw new RazorpayError("setup", "Razorpay's keys are not set");
  return client;
}

async function call<T>(action: string, run: (razorpay: Razorpay) => Promise<T>): Promise<T> {
  try {
    return await run(requireClient().razorpay);
  } catch (error) {
    throw error instanceof RazorpayError ? error : new RazorpayError(action, error);
  }
}

/** An order for the server's amount; `receipt` is our order's id, so Razorpay's dashboard names it. */
export function createRazorpayOrder(input: {
  amountPaise: number;
  receipt: string;
  notes: Record<string, string>;
}): Promise<RazorpayOrder> {
  return call("create order", async (razorpay) =>
    toOrder(
      await razorpay.orders.create({ amount: input.amountPaise, currency: RAZORPAY_CURRENCY, receipt: input.receipt, notes: input.notes }),
    ),
  );
}

export function fetchRazorpayOrder(orderId: string): Promise<RazorpayOrder> {
  return call("fetch order", async (razorpay) => toOrder(await razorpay.orders.fetch(orderId)));
}

/** Every payment tried on the order, newest first. */
export function fetchOrderPayments(orderId: string): Promise<RazorpayPayment[]> {
  return call("fetch order payments", async (razorpay) => {
    const list = z.object({ items: z.array(z.unknown()) }).parse(await razorpay.orders.fetchPayments(orderId));
    return list.items.map(toPayment).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  });
}

export function fetchRazorpayPayment(paymentId: string): Promise<RazorpayPayment> {
  return call("fetch payment", async (razorpay) => toPayment(await razorpay.payments.fetch(paymentId)));
}

/** Returns a whole captured payment (a second payment for a course already owned). */
export async function refundRazorpayPayment(paymentId: string): Promise<void> {
  await call("refund", (razorpay) => razorpay.payments.refund(paymentId, { notes: { reason: "duplicate or refused order" } }));
}

/** Returns `amountPaise` of a captured payment on an admin's word (decision 0034). */
export function refundRazorpayPaymentPart(paymentId: string, amountPaise: number, note: string): Promise<{ refundId: string }> {
  return call("refund", async (razorpay) => {
    const refund = z
      .object({ id: z.string() })
      .parse(await razorpay.payments.refund(paymentId, { amount: amountPaise, notes: { reason: note } }));
    return { refundId: refund.id };
  });
}

/** Razorpay's signatures: an HMAC-SHA256 digest in lowercase hex. */
const SIGNATURE_FORMAT = /^[0-9a-f]{64}$/;

/**
 * Whether `signature` is HMAC-SHA256 of `message` with `secret`, as Razorpay
 * signs its checkout returns and webhooks. Compared in constant time, so the
 * time taken says nothing about how much of a guess was right; anything not
 * 64 lowercase hex characters is refused first, so both sides are 32 bytes.
 */
function isSignedWith(secret: string, message: string, signature: string): boolean {
  if (!SIGNATURE_FORMAT.test(signature)) return false;
  return timingSafeEqual(createHmac("sha256", secret).update(message).digest(), Buffer.from(signature, "hex"));
}

/** The three fields Razorpay's checkout hands back after a payment, by JavaScript handler or hosted page's POST. */
export type CheckoutCallback = { orderId: string; paymentId: string; signature: string };

/** Whether the callback's signature is HMAC-SHA256(order_id|payment_id) with our key secret. */
export function isGenuineCheckoutCallback(callback: CheckoutCallback): boolean {
  const { config } = requireClient();
  return isSignedWith(config.keySecret, `${callback.orderId}|${callback.paymentId}`, callback.signature);
}

/**
 * A verified webhook event, narrowed to what checkout handles. `entityId`
 * names what the signed body is about (the payment, order, refund or
 * dispute); null for an event the site ignores.
 */
export type RazorpayEvent = { id: string; createdAt: Date; entityId: string | null } & (
  | { type: "payment.captured" | "payment.failed"; payment: RazorpayPayment }
  | { type: "order.paid"; order: RazorpayOrder; payment: RazorpayPayment }
  | { type: "refund.processed"; paymentId: string; payment: RazorpayPayment | null }
  | {
      type: "payment.dispute.created" | "payment.dispute.won" | "payment.dispute.lost" | "payment.dispute.closed";
      paymentId: string;
      status: string;
    }
  | { type: "ignored"; razorpayType: string }
);

export class RazorpaySignatureError extends Error {}

const envelopeSchema = z.object({
  event: z.string(),
  created_at: z.number().int(),
  payload: z.object({
    payment: z.object({ entity: z.unknown() }).optional(),
    order: z.object({ entity: z.unknown() }).optional(),
    refund: z.object({ entity: z.unknown() }).optional(),
    dispute: z.object({ entity: z.unknown() }).optional(),
  }),
});

/** The event's entities as checkout reads them; a ZodError when the payload lacks one the type needs. */
export function toRazorpayEvent(eventId: string, body: unknown): RazorpayEvent {
  const envelope = envelopeSchema.parse(body);
  const base = { id: eventId, createdAt: new Date(envelope.created_at * 1000) };
  const { payload } = envelope;
  switch (envelope.event) {
    case "payment.captured":
    case "payment.failed": {
      const payment = toPayment(payload.payment?.entity);
      return { ...base, entityId: payment.id, type: envelope.event, payment };
    }
    case "order.paid": {
      const order = toOrder(payload.order?.entity);
      return { ...base, entityId: order.id, type: "order.paid", order, payment: toPayment(payload.payment?.entity) };
    }
    case "refund.processed": {
      const refund = refundSchema.parse(payload.refund?.entity);
      return {
        ...base,
        entityId: refund.id,
        type: "refund.processed",
        paymentId: refund.payment_id,
        payment: payload.payment ? toPayment(payload.payment.entity) : null,
      };
    }
    case "payment.dispute.created":
    case "payment.dispute.won":
    case "payment.dispute.lost":
    case "payment.dispute.closed": {
      const dispute = disputeSchema.parse(payload.dispute?.entity);
      return { ...base, entityId: dispute.id, type: envelope.event, paymentId: dispute.payment_id, status: dispute.status };
    }
    default:
      return { ...base, entityId: null, type: "ignored", razorpayType: envelope.event };
  }
}

/**
 * Checks Razorpay's signature (HMAC-SHA256 of the raw body with the webhook
 * secret) before anything reads the body, then narrows the event. Razorpay's
 * events carry no id in the body: `X-Razorpay-Event-Id` names the delivery's
 * event, the same on every redelivery. The signature does not cover that
 * header, so the event's entity (`entityId`) is what tells a replayed body.
 */
export function parseRazorpayWebhook(rawBody: string, signature: string | null, eventId: string | null): RazorpayEvent {
  const { config } = requireClient();
  if (!config.webhookSecret) throw new RazorpaySignatureError("Webhooks are not configured");
  if (!signature) throw new RazorpaySignatureError("Missing X-Razorpay-Signature header");
  if (!isSignedWith(config.webhookSecret, rawBody, signature)) throw new RazorpaySignatureError("Invalid signature");
  if (!eventId) throw new RazorpaySignatureError("Missing X-Razorpay-Event-Id header");
  return toRazorpayEvent(eventId, JSON.parse(rawBody));
}
