import type { AdminDecision } from "~/models/accounts/student-admin.server";
import { recordOrderRefund, type RefundableOrder, type RefundSequel } from "~/models/orders/order-refund.server";
import { providerNamed } from "./registry.server";

// An admin's refund of one order (decision 0034): the order's provider is
// asked to return the money, and what it returned is recorded at once (the
// credit note, the mail, the audit row), so the admin sees the result on the
// page and the provider's webhook that follows changes nothing. A refund the
// provider refuses, or cannot be asked for, records nothing.

export type RefundAsk = {
  userId: string;
  order: RefundableOrder;
  amountPaise: number;
  takeAway: boolean;
  /** An offline order's refund: how the money went back, and its UTR or receipt number. */
  offline?: { method: string; reference: string | null };
  /** Done in the refund's transaction instead of the refund mail (a batch called off tells the student itself). */
  sequel?: RefundSequel;
};

export type RefundResult = { ok: true; whole: boolean } | { ok: false; message: string };

const UNCHANGED = "Nothing was recorded: the order is as it was.";

/** The refund made at the provider: its id there, or a message when it was not made. */
async function refundAtProvider(ask: RefundAsk, key: string): Promise<{ refundId: string } | { message: string }> {
  const { order } = ask;
  const provider = providerNamed(order.provider);
  if (!provider) return { message: `This order cannot be refunded through ${order.provider}. ${UNCHANGED}` };
  const made = await provider.refundPart(order, ask.amountPaise, key);
  return made.ok ? { refundId: made.refundId } : { message: `${made.message} ${UNCHANGED}` };
}

/**
 * Refunds being asked of the provider right now, by order. The site is one
 * process on one database, so asks that meet here are told apart: the same
 * refund asked again meanwhile (a double submit: same order, same total after
 * it) shares the first one's answer, and a different refund of the same order
 * is refused until the first is recorded. Razorpay's refunds take no
 * idempotency key, so this is what keeps two asks from making two refunds.
 */
const refundsUnderWay = new Map<number, { key: string; result: Promise<RefundResult> }>();

/** The order and the total refunded after this refund: asked twice, it is one refund. */
const refundKey = (ask: RefundAsk) => `admin-refund:${ask.order.id}:${ask.order.refundedPaise + ask.amountPaise}`;

export async function refundOrder(ask: RefundAsk, decision: AdminDecision): Promise<RefundResult> {
  const key = refundKey(ask);
  const underWay = refundsUnderWay.get(ask.order.id);
  if (underWay?.key === key) return underWay.result;
  if (underWay)
    return {
      ok: false,
      message: `Another refund of this order is being made right now. Reload the page in a moment to see it. ${UNCHANGED}`,
    };
  const result = makeRefund(ask, key, decision).finally(() => refundsUnderWay.delete(ask.order.id));
  refundsUnderWay.set(ask.order.id, { key, result });
  return result;
}

async function makeRefund(ask: RefundAsk, key: string, decision: AdminDecision): Promise<RefundResult> {
  const { order } = ask;
  const refundedAfter = order.refundedPaise + ask.amountPaise;
  const made = ask.offline ? { refundId: key } : await refundAtProvider(ask, key);
  if ("message" in made) return { ok: false, message: made.message };
  const outcome = recordOrderRefund(
    {
      userId: ask.userId,
      order,
      amountPaise: ask.amountPaise,
      takeAway: ask.takeAway,
      refundId: made.refundId,
      offline: ask.offline,
      sequel: ask.sequel,
    },
    decision,
  );
  if (outcome === "stale" || outcome === "no-order")
    return { ok: false, message: `Another refund of this order was recorded meanwhile. Reload the page to see it. ${UNCHANGED}` };
  return { ok: true, whole: refundedAfter >= order.amountPaise };
}
