import type { AdminDecision } from "~/models/student-admin.server";
import { lateCreditNoteNotice } from "~/services/mail/late-credit-note.server";
import { recordOrderRefund, type RefundableOrder, type RefundMail } from "~/models/order-refund.server";
import { fetchRazorpayPayment, RazorpayError, refundRazorpayPaymentPart } from "./razorpay/client.server";
import { PaymentProviderError, refundPaymentPart } from "./stripe/client.server";

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
};

export type RefundResult = { ok: true; whole: boolean } | { ok: false; message: string };

const UNCHANGED = "Nothing was recorded: the order is as it was.";

/** Provider error codes a refund meets, in the site's words (Stripe's codes, then Razorpay's). */
const REFUSAL_REASONS: Readonly<Record<string, string>> = {
  charge_already_refunded: "Stripe says this payment is already refunded in full.",
  amount_too_large: "Stripe says less is left of this payment than this refund asks for.",
  charge_disputed: "The payment is disputed, and Stripe refunds no disputed payment.",
  BAD_REQUEST_ERROR: "Razorpay refused this refund.",
};

/**
 * Why the provider refused, as the admin reads it: its error code picks one
 * of the site's sentences. The provider's own message goes to the log only,
 * so no text from outside is shown on the site as if the site wrote it.
 */
function refusalReason(error: unknown): string {
  if (!(error instanceof PaymentProviderError || error instanceof RazorpayError))
    return "Its answer could not be read; look at the payment in its dashboard before trying again.";
  if (error.code === null) return "It could not be reached; try again in a few minutes.";
  return (Object.hasOwn(REFUSAL_REASONS, error.code) ? REFUSAL_REASONS[error.code] : undefined) ?? "It refused the refund.";
}

/** The refund made at the provider: its id there, or a message when it was not made. */
async function refundAtProvider(ask: RefundAsk, key: string): Promise<{ refundId: string } | { message: string }> {
  const { order } = ask;
  try {
    if (order.provider === "stripe" && order.paymentIntentId) return await refundPaymentPart(order.paymentIntentId, ask.amountPaise, key);
    if (order.provider === "razorpay" && order.providerPaymentId) {
      // Razorpay's refunds take no idempotency key: a refund made since this page read the order is not made twice.
      const payment = await fetchRazorpayPayment(order.providerPaymentId);
      if (payment.refundedPaise !== order.refundedPaise)
        return { message: `Razorpay shows refunds not yet recorded here. Wait a minute for them to arrive, then reload. ${UNCHANGED}` };
      return await refundRazorpayPaymentPart(order.providerPaymentId, ask.amountPaise, key);
    }
  } catch (error) {
    console.warn(`The refund of order ${order.id} was not made`, error);
    return { message: `The payment provider did not make the refund. ${refusalReason(error)} ${UNCHANGED}` };
  }
  return { message: `This order cannot be refunded through ${order.provider}. ${UNCHANGED}` };
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

export async function refundOrder(ask: RefundAsk, decision: AdminDecision, mail: RefundMail): Promise<RefundResult> {
  const key = refundKey(ask);
  const underWay = refundsUnderWay.get(ask.order.id);
  if (underWay?.key === key) return underWay.result;
  if (underWay)
    return {
      ok: false,
      message: `Another refund of this order is being made right now. Reload the page in a moment to see it. ${UNCHANGED}`,
    };
  const result = makeRefund(ask, key, decision, mail).finally(() => refundsUnderWay.delete(ask.order.id));
  refundsUnderWay.set(ask.order.id, { key, result });
  return result;
}

async function makeRefund(ask: RefundAsk, key: string, decision: AdminDecision, mail: RefundMail): Promise<RefundResult> {
  const { order } = ask;
  const refundedAfter = order.refundedPaise + ask.amountPaise;
  const made = ask.offline ? { refundId: key } : await refundAtProvider(ask, key);
  if ("message" in made) return { ok: false, message: made.message };
  const outcome = recordOrderRefund(
    { userId: ask.userId, order, amountPaise: ask.amountPaise, takeAway: ask.takeAway, refundId: made.refundId, offline: ask.offline },
    decision,
    mail,
    lateCreditNoteNotice,
  );
  if (outcome === "stale" || outcome === "no-order")
    return { ok: false, message: `Another refund of this order was recorded meanwhile. Reload the page to see it. ${UNCHANGED}` };
  return { ok: true, whole: refundedAfter >= order.amountPaise };
}
