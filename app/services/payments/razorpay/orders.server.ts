import {
  attachPaymentReference,
  dropReservation,
  failOrder,
  findOrder,
  findOrderById,
  listPendingProviderOrders,
  orderItem,
  reopenFailedOrder,
  type Order,
} from "~/models/orders/order.server";
import { publicOrigin } from "~/utils/env.server";
import { orderTerms } from "~/services/checkout/quote.server";
import { completePaidOrder, type PaidWith, type Settlement } from "~/services/checkout/settle.server";
import { refusalToStart, reserveForCheckout, type PaymentStartInput, type StartRefusal } from "~/services/checkout/start.server";
import {
  createRazorpayOrder,
  fetchOrderPayments,
  fetchRazorpayOrder,
  fetchRazorpayPayment,
  isGenuineCheckoutCallback,
  RAZORPAY_CURRENCY,
  razorpayKeysSet,
  razorpaySetup,
  refundRazorpayPayment,
  type CheckoutCallback,
  type RazorpayPayment,
} from "./client.server";

// An order paid through Razorpay: the server makes a Razorpay order for the
// amount it priced (receipt: our order's id), the student pays on Razorpay's
// checkout (dialog with JavaScript, hosted page without), and the order is
// completed once Razorpay says that order's payment was captured: from the
// signed return (callback), the signed webhook, or reconciliation, whichever
// comes first; the others then find it completed and change nothing.

const PROVIDER = "razorpay" as const;

/** What Razorpay's checkout needs, in the dialog (JavaScript) or posted to the hosted page. */
export type RazorpayCheckout = {
  keyId: string;
  orderId: string;
  amountPaise: number;
  currency: string;
  description: string;
  email: string;
  /** Where the hosted page posts the result back (cross-site). */
  callbackUrl: string;
  cancelUrl: string;
  hostedCheckoutUrl: string;
};

export type RazorpayStart = { ok: true; checkout: RazorpayCheckout } | { ok: false; reason: StartRefusal };

/** The Razorpay order for a reserved order: the one it has (Razorpay orders take payments until paid), or a new one. */
async function providerOrderFor(order: Order): Promise<{ id: string; paid: boolean }> {
  if (order.providerOrderId) {
    const existing = await fetchRazorpayOrder(order.providerOrderId);
    if (existing.status === "paid") await reconcileOrder(order);
    return { id: existing.id, paid: existing.status === "paid" };
  }
  const created = await createRazorpayOrder({
    amountPaise: order.amountPaise,
    receipt: String(order.id),
    notes: {
      orderId: String(order.id),
      userId: order.userId,
      ...(order.courseId !== null ? { courseId: String(order.courseId) } : {}),
      ...(order.eventId !== null ? { eventId: String(order.eventId) } : {}),
    },
  });
  if (attachPaymentReference(order.id, { provider: PROVIDER, providerOrderId: created.id })) return { id: created.id, paid: false };
  // A double click: the other request named its Razorpay order first; pay on that one.
  const named = findOrderById(order.id);
  if (named?.providerOrderId) return { id: named.providerOrderId, paid: false };
  throw new Error(`Order ${order.id} was closed while Razorpay made order ${created.id}`);
}

/**
 * Where Razorpay's hosted page posts the result: the callback route, told
 * which checkout page to send the student back to when the payment failed
 * (the cross-site POST carries no session to find it from).
 */
function callbackUrlFor(input: PaymentStartInput): string {
  const cancel = new URL(input.cancelUrl);
  return `${publicOrigin()}/checkout/callback?${new URLSearchParams({ retry: `${cancel.pathname}${cancel.search}` })}`;
}

/**
 * Reserves the order (and its coupon's redemption) and makes or reuses its
 * Razorpay order. A failed payment's order is paid on again (Razorpay lets a
 * customer retry on the same order); a failed setup drops the reservation.
 */
export async function startRazorpayPayment(input: PaymentStartInput): Promise<RazorpayStart> {
  const now = input.now ?? new Date();
  const terms = orderTerms(input.user, input.quote, input.enrollmentFormId);
  const setup = razorpaySetup();
  const refusal = refusalToStart(terms, setup !== null);
  if (refusal || !setup) return { ok: false, reason: refusal ?? "payments-off" };
  reopenFailedOrder(terms, PROVIDER, now);
  const reservation = reserveForCheckout(terms, { provider: PROVIDER }, now);
  if (!reservation.ok) return reservation;
  const { order } = reservation;
  try {
    const providerOrder = await providerOrderFor(order);
    if (providerOrder.paid) return { ok: false, reason: "already-enrolled" };
    return {
      ok: true,
      checkout: {
        keyId: setup.keyId,
        orderId: providerOrder.id,
        amountPaise: order.amountPaise,
        currency: RAZORPAY_CURRENCY,
        description: input.quote.item.title,
        email: input.user.email,
        callbackUrl: callbackUrlFor(input),
        cancelUrl: input.cancelUrl,
        hostedCheckoutUrl: setup.hostedCheckoutUrl,
      },
    };
  } catch (error) {
    console.error("Razorpay payment setup failed", error);
    dropReservation(order.id);
    return { ok: false, reason: "setup-failed" };
  }
}

/** A captured payment that paid an order, returned whole through Razorpay when the order cannot take it. */
const paidWith = (paymentId: string): PaidWith => ({ paymentId, refundWhole: refundRazorpayPayment });

/** Completes the order when Razorpay's payment is captured for that order, amount and currency; fails it when the payment failed. */
export async function settleWithPayment(order: Order, payment: RazorpayPayment): Promise<Settlement> {
  if (payment.orderId !== order.providerOrderId) return { ok: false, reason: "mismatch" };
  if (payment.status === "failed") {
    failOrder(order.id, { retryable: true });
    return { ok: false, reason: "not-paid" };
  }
  // Captured, then returned by the webhook's settling of this very order, still under way: the seat was gone.
  if (payment.status === "refunded") return { ok: false, reason: order.eventId !== null ? "seat-gone" : "refunded" };
  if (payment.status !== "captured") return { ok: false, reason: "not-paid" };
  if (payment.amountPaise !== order.amountPaise || payment.currency !== RAZORPAY_CURRENCY) {
    console.warn(`Razorpay payment ${payment.id} does not match order ${order.id}; not enrolling`);
    return { ok: false, reason: "mismatch" };
  }
  return completePaidOrder(order, paidWith(payment.id), payment.createdAt);
}

/**
 * Razorpay checkout's return (the dialog's handler, or the hosted page's
 * cross-site POST, which carries no session): believed only when the
 * signature is ours (HMAC-SHA256 of order_id|payment_id with the key
 * secret), and then settled with what Razorpay says of the payment.
 */
export async function confirmRazorpayCallback(callback: CheckoutCallback, userId?: string): Promise<Settlement> {
  if (!razorpayKeysSet()) return { ok: false, reason: "payments-off" };
  if (!isGenuineCheckoutCallback(callback)) return { ok: false, reason: "mismatch" };
  const order = findOrder({ provider: PROVIDER, providerOrderId: callback.orderId });
  if (!order) return { ok: false, reason: "not-found" };
  if (userId !== undefined && order.userId !== userId) return { ok: false, reason: "not-yours" };
  const item = orderItem(order);
  if (order.paymentStatus === "completed") return { ok: true, outcome: "already", item };
  // The webhook came first and returned the payment: a paid event's seat was gone by then.
  if (order.paymentStatus === "refunded")
    return order.eventId !== null ? { ok: false, reason: "seat-gone", item } : { ok: false, reason: "refunded" };
  const settlement = await settleWithPayment(order, await fetchRazorpayPayment(callback.paymentId));
  return settlement.ok || settlement.reason !== "seat-gone" ? settlement : { ...settlement, item };
}

/** Asks Razorpay about one pending order and settles it as the webhook would have. */
async function reconcileOrder(order: Order): Promise<void> {
  if (!order.providerOrderId) return;
  const payments = await fetchOrderPayments(order.providerOrderId);
  const captured = payments.find((payment) => payment.status === "captured");
  if (captured) {
    await settleWithPayment(order, captured);
    return;
  }
  // Nothing captured and nothing still in flight: the checkout was left or every try failed.
  if (!payments.some((payment) => payment.status === "created" || payment.status === "authorized")) failOrder(order.id);
}

/** How long an order waits for its webhook before reconciliation asks Razorpay (its checkout times out well before). */
export const RECONCILE_AFTER_MS = 15 * 60_000;

/**
 * Razorpay orders still pending RECONCILE_AFTER_MS after they were made (a
 * lost webhook, a student who never came back): each is completed or failed
 * from what Razorpay says. Idempotent with the webhook and the return.
 */
export async function reconcileRazorpayOrders(now = new Date()): Promise<number> {
  if (!razorpayKeysSet()) return 0;
  const stale = listPendingProviderOrders(PROVIDER, new Date(now.getTime() - RECONCILE_AFTER_MS));
  for (const order of stale) {
    try {
      await reconcileOrder(order);
    } catch (error) {
      console.warn(`Reconciliation: Razorpay order ${order.providerOrderId} could not be checked; the next run tries again`, error);
    }
  }
  return stale.length;
}
