// What the payment providers reported after an order was paid, as
// payment-event.server.ts records it: each refund's and dispute's event in
// payment_events (a redelivery finds it), and the audit rows those effects
// write beside it. An admin's refund is recorded under its own key first; the
// provider's webhook that follows is claimed too, and changes nothing.
import { ADMIN_IDS, MINUTE, type Writer } from "./context";
import { providerId, type Random } from "./random";
import type { PlannedOrder } from "./orders";
import type { OrderDocuments } from "./tax-documents";

/** An audit row before it is written: the seed keeps only those the retention job would not have deleted yet. */
export type AuditEntry = {
  at: number;
  actorType: "admin" | "user" | "system";
  actorId: string | null;
  action: string;
  entityType: string | null;
  entityId: string | null;
  details: Record<string, unknown> | null;
};

const REFUND_REASONS = [
  "Student asked within the refund window",
  "Paid twice for the same course",
  "Could not attend the batch; asked for the money back",
  "Course not suitable for the student's level",
];

export function writePaymentEvents(
  writer: Writer,
  random: Random,
  orders: PlannedOrder[],
  documents: Map<PlannedOrder, OrderDocuments>,
): AuditEntry[] {
  const insert = writer.bulk("payment_events", ["provider", "event_id", "type", "entity_id", "received_at"], 100);
  const audit: AuditEntry[] = [];
  const rows: { provider: string; eventId: string; type: string; entityId: string | null; at: number }[] = [];
  let counter = 0;
  const subject = (order: PlannedOrder) => ({ entityType: "enrollment", entityId: String(order.id) });
  const webhookEvent = (order: PlannedOrder, type: { stripe: string; razorpay: string }, entityPrefix: string | null, at: number) => {
    counter++;
    const razorpay = order.provider === "razorpay";
    const eventId = providerId(random, "evt_", counter, razorpay ? 14 : 24);
    const entityId = razorpay && entityPrefix ? providerId(random, entityPrefix, counter, 14) : null;
    rows.push({ provider: order.provider as string, eventId, type: razorpay ? type.razorpay : type.stripe, entityId, at });
    return { eventId, eventType: razorpay ? type.razorpay : type.stripe };
  };
  const refundTypes = { stripe: "charge.refunded", razorpay: "refund.processed" };

  for (const order of orders) {
    const online = order.provider === "razorpay" || order.provider === "stripe";
    if (order.refund) {
      const { at, byAdmin } = order.refund;
      if (byAdmin) {
        counter++;
        const refundId =
          order.provider === "offline"
            ? `NEFT${String(random.int(100_000, 999_999))}${String(counter).padStart(7, "0")}`
            : providerId(random, order.provider === "razorpay" ? "rfnd_" : "re_", counter, order.provider === "razorpay" ? 14 : 24);
        rows.push({ provider: order.provider as string, eventId: `refund:${refundId}`, type: "admin.refund", entityId: null, at });
        if (online) webhookEvent(order, refundTypes, "rfnd_", at + random.int(1, 5) * MINUTE);
        audit.push({
          at,
          actorType: "admin",
          actorId: random.pick(ADMIN_IDS),
          action: "order_refunded",
          ...subject(order),
          details: {
            reason: random.pick(REFUND_REASONS),
            amountPaise: order.amountPaise,
            provider: order.provider,
            refundId,
            courseTakenAway: true,
            ...(order.provider === "offline" ? { method: "bank transfer", reference: refundId } : {}),
            creditNote: documents.get(order)?.creditNote?.number ?? null,
          },
        });
      } else {
        const event = webhookEvent(order, refundTypes, "rfnd_", at);
        audit.push({
          at,
          actorType: "system",
          actorId: order.provider,
          action: "order_refunded",
          ...subject(order),
          details: { ...event, paymentId: order.providerPaymentId, refundedPaise: order.amountPaise, chargedPaise: order.amountPaise },
        });
      }
    }
    if (order.dispute && online) {
      const opened = webhookEvent(
        order,
        { stripe: "charge.dispute.created", razorpay: "payment.dispute.created" },
        "disp_",
        order.dispute.openedAt,
      );
      audit.push({
        at: order.dispute.openedAt,
        actorType: "system",
        actorId: order.provider,
        action: "order_dispute_opened",
        ...subject(order),
        details: { ...opened, paymentId: order.providerPaymentId },
      });
      const { closedAt, status } = order.dispute;
      if (closedAt !== null) {
        const closed = webhookEvent(
          order,
          { stripe: "charge.dispute.closed", razorpay: status === "lost" ? "payment.dispute.lost" : "payment.dispute.won" },
          "disp_",
          closedAt,
        );
        audit.push({
          at: closedAt,
          actorType: "system",
          actorId: order.provider,
          action: status === "lost" ? "order_charged_back" : "order_dispute_won",
          ...subject(order),
          details: { ...closed, paymentId: order.providerPaymentId },
        });
      }
    }
  }
  rows.sort((a, b) => a.at - b.at);
  for (const row of rows) insert.add(row.provider, row.eventId, row.type, row.entityId, row.at);
  insert.flush();
  return audit;
}
