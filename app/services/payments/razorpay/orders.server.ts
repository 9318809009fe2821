import {
  attachPaymentReference,
  dropReservation,
  failOrder,
  findOrder,
  findOrderById,
  isEnrolled,
  listPendingProviderOrders,
  orderItem,
  reopenFailedOrder,
  type Order,
} from "~/models/order.server";
import { isEventHandled, markEventHandled, recordDispute, recordRefund } from "~/models/payment-event.server";
import type { DisputeStatus } from "../../../../db/enums";
import { lateCreditNoteNotice } from "~/services/mail/late-credit-note.server";
import { publicOrigin } from "~/utils/env.server";
import {
  completePaidOrder,
  orderTerms,
  reserveForCheckout,
  type PaymentStartInput,
  type Settlement,
  type StartRefusal,
} from "../stripe/checkout.server";
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
  type RazorpayEvent,
  type RazorpayPayment,
} from "./client.server";

// An order paid through Razorpay: the server makes a Razorpay order for the
// amount it priced (receipt: our order's id), the student pays on Razorpay's
// checkout (dialog with JavaScript, hosted page without), and the order is
// completed once Razorpay says that order's payment was captured: from the
// signed return (callback), the signed webhook, or reconciliation, whichever
// comes first; the others then find it completed and change nothing.

const PROVIDER = "razorpay";

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
  if (terms.courseId !== null && isEnrolled(terms.userId, terms.courseId)) return { ok: false, reason: "already-enrolled" };
  if (terms.amountPaise === 0) return { ok: false, reason: "free" };
  const setup = razorpaySetup();
  if (!setup) return { ok: false, reason: "payments-off" };
  reopenFailedOrder(terms, PROVIDER, now);
  const reservation = reserveForCheckout(terms, "providerOrder", now);
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

const refundWith = { refund: refundRazorpayPayment };

/** Completes the order when Razorpay's payment is captured for that order, amount and currency; fails it when the payment failed. */
async function settleWithPayment(order: Order, payment: RazorpayPayment): Promise<Settlement> {
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
  return completePaidOrder(order, { providerPaymentId: payment.id, ...refundWith }, payment.createdAt);
}

export type CallbackResult = Settlement & { order: Order | null };

/**
 * Razorpay checkout's return (the dialog's handler, or the hosted page's
 * cross-site POST, which carries no session): believed only when the
 * signature is ours (HMAC-SHA256 of order_id|payment_id with the key
 * secret), and then settled with what Razorpay says of the payment.
 */
export async function confirmRazorpayCallback(callback: CheckoutCallback, userId?: string): Promise<CallbackResult> {
  if (!razorpayKeysSet()) return { ok: false, reason: "payments-off", order: null };
  if (!isGenuineCheckoutCallback(callback)) return { ok: false, reason: "mismatch", order: null };
  const order = findOrder({ provider: PROVIDER, providerOrderId: callback.orderId });
  if (!order) return { ok: false, reason: "not-found", order: null };
  if (userId !== undefined && order.userId !== userId) return { ok: false, reason: "not-yours", order: null };
  if (order.paymentStatus === "completed") return { ok: true, outcome: "already", item: orderItem(order), order };
  // The webhook came first and returned the payment: a paid event's seat was gone by then.
  if (order.paymentStatus === "refunded") return { ok: false, reason: order.eventId !== null ? "seat-gone" : "refunded", order };
  const settlement = await settleWithPayment(order, await fetchRazorpayPayment(callback.paymentId));
  return { ...settlement, order };
}

/** The order a Razorpay order id names (a failed payment's return says which), or null. */
function findRazorpayOrder(providerOrderId: string): Order | null {
  return findOrder({ provider: PROVIDER, providerOrderId });
}

/** Razorpay's dispute events as the order keeps them. */
function disputeStatusOf(event: Extract<RazorpayEvent, { status: string }>): DisputeStatus {
  if (event.type === "payment.dispute.created") return "open";
  if (event.type === "payment.dispute.lost" || event.status === "lost") return "lost";
  return "won";
}

/**
 * Razorpay's signed webhook: the source of truth. A redelivered event (its id
 * already handled) changes nothing, nor does the same signed body under a new
 * event id (its type and entity already handled). Refunds and disputes record
 * their event with their change. Payment events settle idempotently and are
 * remembered once that succeeded, not in the settling transaction: a payment
 * the order cannot take is refunded at Razorpay after that commits, and a
 * failure there must leave the event for Razorpay's retry.
 */
export async function handleRazorpayEvent(event: RazorpayEvent): Promise<void> {
  const stored = { id: event.id, type: event.type, provider: PROVIDER, entityId: event.entityId ?? undefined } as const;
  if (isEventHandled(stored)) return;
  switch (event.type) {
    case "payment.captured":
    case "payment.failed":
    case "order.paid": {
      const order = event.payment.orderId ? findRazorpayOrder(event.payment.orderId) : null;
      if (order) await settleWithPayment(order, event.payment);
      markEventHandled(stored);
      return;
    }
    case "refund.processed": {
      const payment = event.payment ?? (await fetchRazorpayPayment(event.paymentId));
      recordRefund(
        stored,
        { paymentId: payment.id, chargedPaise: payment.amountPaise, refundedPaise: payment.refundedPaise },
        lateCreditNoteNotice,
      );
      return;
    }
    case "payment.dispute.created":
    case "payment.dispute.won":
    case "payment.dispute.lost":
    case "payment.dispute.closed":
      recordDispute(stored, { paymentId: event.paymentId, status: disputeStatusOf(event) });
      return;
    case "ignored":
      return;
  }
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
