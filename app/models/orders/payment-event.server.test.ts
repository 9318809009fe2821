import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { auditLog, orders, paymentEvents } from "../../../db/schema";
import { paidCourseOrder } from "../../../tests/support/unit-orders";
import { db } from "~/utils/db.server";
import {
  disputeOutcome,
  isEventHandled,
  markEventHandled,
  recordAdminRefund,
  recordDispute,
  recordRefund,
  revokeOrderAccess,
} from "./payment-event.server";

// Refunds and disputes a payment provider reports after an order was paid:
// amounts in paise, each event's effect once (by its id, and by its type and
// entity), and the order's status with them.

const uniqueId = (prefix: string) => `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;

function orderRow(orderId: number) {
  return db
    .select({ status: orders.paymentStatus, refundedPaise: orders.refundedPaise, disputeStatus: orders.disputeStatus })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get();
}

const auditActionsFor = (orderId: number) =>
  db
    .select({ action: auditLog.action, actor: auditLog.actorType })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "enrollment"), eq(auditLog.entityId, String(orderId))))
    .all()
    .map((row) => row.action);

function stripeOrder(pricePaise = 499_900) {
  const paymentIntentId = uniqueId("pi");
  return { ...paidCourseOrder({ pricePaise, providerPaymentId: paymentIntentId }), paymentIntentId };
}

describe("refunds", () => {
  test("a refund of the whole charge in paise makes the order refunded, once; a redelivery changes nothing", () => {
    const order = stripeOrder(499_900);
    const event = { id: uniqueId("evt"), type: "charge.refunded" };
    const refund = { paymentId: order.paymentIntentId, chargedPaise: 499_900, refundedPaise: 499_900 };
    expect(recordRefund(event, refund)).toBe("refunded");
    expect(orderRow(order.orderId)).toEqual({ status: "refunded", refundedPaise: 499_900, disputeStatus: null });
    expect(isEventHandled(event)).toBe(true);

    expect(recordRefund(event, refund)).toBe("repeat");
    expect(orderRow(order.orderId)).toEqual({ status: "refunded", refundedPaise: 499_900, disputeStatus: null });
    expect(auditActionsFor(order.orderId)).toEqual(["order_refunded"]);
  });

  test("part of the charge: the order stays paid with the sum; a report of less (out of order) changes nothing; the rest refunds it", () => {
    const order = stripeOrder(499_900);
    const part = { id: uniqueId("evt"), type: "charge.refunded" };
    expect(recordRefund(part, { paymentId: order.paymentIntentId, chargedPaise: 499_900, refundedPaise: 100_050 })).toBe("partly-refunded");
    expect(orderRow(order.orderId)).toMatchObject({ status: "completed", refundedPaise: 100_050 });

    // An earlier event arriving late reports a smaller total: the refunded total only grows.
    const late = { id: uniqueId("evt"), type: "charge.refunded" };
    expect(recordRefund(late, { paymentId: order.paymentIntentId, chargedPaise: 499_900, refundedPaise: 50_000 })).toBe("unchanged");
    expect(orderRow(order.orderId)).toMatchObject({ status: "completed", refundedPaise: 100_050 });

    const rest = { id: uniqueId("evt"), type: "charge.refunded" };
    expect(recordRefund(rest, { paymentId: order.paymentIntentId, chargedPaise: 499_900, refundedPaise: 499_900 })).toBe("refunded");
    expect(orderRow(order.orderId)).toMatchObject({ status: "refunded", refundedPaise: 499_900 });
    expect(auditActionsFor(order.orderId)).toEqual(["order_partly_refunded", "order_refunded"]);
  });

  test("the same body under another event id (its type and entity already handled) changes nothing", () => {
    const order = paidCourseOrder({ provider: "razorpay", providerPaymentId: uniqueId("pay"), pricePaise: 299_900 });
    const paymentId = db.select({ id: orders.providerPaymentId }).from(orders).where(eq(orders.id, order.orderId)).get()!.id!;
    const refundId = uniqueId("rfnd");
    const first = { id: uniqueId("evt"), type: "refund.processed", provider: "razorpay" as const, entityId: refundId };
    expect(recordRefund(first, { paymentId, chargedPaise: 299_900, refundedPaise: 99_900 })).toBe("partly-refunded");
    const replayed = { ...first, id: uniqueId("evt") };
    expect(isEventHandled(replayed)).toBe(true);
    expect(recordRefund(replayed, { paymentId, chargedPaise: 299_900, refundedPaise: 199_800 })).toBe("repeat");
    expect(orderRow(order.orderId)).toMatchObject({ status: "completed", refundedPaise: 99_900 });
  });

  test("a refund of a payment no order took is remembered and changes no order", () => {
    const order = stripeOrder();
    const event = { id: uniqueId("evt"), type: "charge.refunded" };
    expect(recordRefund(event, { paymentId: uniqueId("pi"), chargedPaise: 499_900, refundedPaise: 499_900 })).toBe("no-order");
    expect(recordRefund(event, { paymentId: uniqueId("pi"), chargedPaise: 499_900, refundedPaise: 499_900 })).toBe("repeat");
    expect(orderRow(order.orderId)).toMatchObject({ status: "completed", refundedPaise: 0 });
  });

  test("a provider's event never touches another provider's order with the same payment id", () => {
    const shared = uniqueId("pay");
    const stripe = paidCourseOrder({ providerPaymentId: shared, pricePaise: 100_000 });
    const event = { id: uniqueId("evt"), type: "refund.processed", provider: "razorpay" as const, entityId: uniqueId("rfnd") };
    expect(recordRefund(event, { paymentId: shared, chargedPaise: 100_000, refundedPaise: 100_000 })).toBe("no-order");
    expect(orderRow(stripe.orderId)).toMatchObject({ status: "completed", refundedPaise: 0 });
    // Event ids are per provider: Stripe's event of the same id is not handled yet.
    expect(isEventHandled({ id: event.id, type: event.type })).toBe(false);
  });
});

describe("an admin's refund", () => {
  test("is refused as stale when the order's refunded total moved since the admin looked, and claims nothing", () => {
    const order = stripeOrder(200_000);
    const event = { id: uniqueId("offline"), type: "admin_refund", provider: "offline" as const };
    const also = () => {
      throw new Error("must not run on a refusal");
    };
    expect(recordAdminRefund(event, order.orderId, { chargedPaise: 200_000, refundedPaise: 50_000 }, also, 10_000)).toBe("stale");
    expect(orderRow(order.orderId)).toMatchObject({ status: "completed", refundedPaise: 0 });
    expect(isEventHandled(event)).toBe(false);
    expect(recordAdminRefund(event, 999_999, { chargedPaise: 1, refundedPaise: 1 }, also)).toBe("no-order");
  });

  test("commits with what it runs beside, or not at all", () => {
    const order = stripeOrder(200_000);
    const event = { id: uniqueId("re"), type: "admin_refund" };
    expect(() =>
      recordAdminRefund(event, order.orderId, { chargedPaise: 200_000, refundedPaise: 200_000 }, () => {
        throw new Error("the mail could not be queued");
      }),
    ).toThrow("the mail could not be queued");
    expect(orderRow(order.orderId)).toMatchObject({ status: "completed", refundedPaise: 0 });
    expect(isEventHandled(event)).toBe(false);

    const seen: unknown[] = [];
    const outcome = recordAdminRefund(event, order.orderId, { chargedPaise: 200_000, refundedPaise: 200_000 }, (_tx, applied) =>
      seen.push(applied),
    );
    expect(outcome).toBe("refunded");
    expect(seen).toEqual([{ outcome: "refunded", creditNote: null, orderId: order.orderId, paymentStatus: "completed" }]);
    expect(orderRow(order.orderId)).toMatchObject({ status: "refunded", refundedPaise: 200_000 });
    // The provider's webhook that follows reports the same total and changes nothing.
    const webhook = { id: uniqueId("evt"), type: "charge.refunded" };
    expect(recordRefund(webhook, { paymentId: order.paymentIntentId, chargedPaise: 200_000, refundedPaise: 200_000 })).toBe("unchanged");
  });
});

describe("disputes", () => {
  test("open flags the order and keeps the course; the same status again changes nothing; lost charges it back", () => {
    const order = stripeOrder();
    const opened = { id: uniqueId("evt"), type: "charge.dispute.created" };
    expect(recordDispute(opened, { paymentId: order.paymentIntentId, status: "open" })).toBe("dispute-open");
    expect(orderRow(order.orderId)).toMatchObject({ status: "completed", disputeStatus: "open" });
    expect(
      recordDispute({ id: uniqueId("evt"), type: "charge.dispute.updated" }, { paymentId: order.paymentIntentId, status: "open" }),
    ).toBe("unchanged");
    expect(
      recordDispute({ id: uniqueId("evt"), type: "charge.dispute.closed" }, { paymentId: order.paymentIntentId, status: "lost" }),
    ).toBe("charged-back");
    expect(orderRow(order.orderId)).toMatchObject({ status: "charged_back", disputeStatus: "lost" });
    expect(recordDispute(opened, { paymentId: order.paymentIntentId, status: "open" })).toBe("repeat");
    expect(auditActionsFor(order.orderId)).toEqual(["order_dispute_opened", "order_charged_back"]);
  });

  test("a won dispute clears the flag and never reopens", () => {
    const order = stripeOrder();
    recordDispute({ id: uniqueId("evt"), type: "charge.dispute.created" }, { paymentId: order.paymentIntentId, status: "open" });
    expect(recordDispute({ id: uniqueId("evt"), type: "charge.dispute.closed" }, { paymentId: order.paymentIntentId, status: "won" })).toBe(
      "dispute-won",
    );
    expect(
      recordDispute({ id: uniqueId("evt"), type: "charge.dispute.created" }, { paymentId: order.paymentIntentId, status: "open" }),
    ).toBe("unchanged");
    expect(orderRow(order.orderId)).toMatchObject({ status: "completed", disputeStatus: "won" });
  });

  test("Stripe's dispute statuses as the order keeps them", () => {
    expect(disputeOutcome("lost")).toBe("lost");
    for (const status of ["won", "warning_closed", "prevented"]) expect(disputeOutcome(status), status).toBe("won");
    for (const status of ["needs_response", "under_review", "warning_needs_response"]) expect(disputeOutcome(status), status).toBe("open");
  });
});

describe("handled events", () => {
  test("an event marked handled is found by its id, and again marking it stores one row", () => {
    const event = { id: uniqueId("evt"), type: "payment_intent.succeeded" };
    expect(isEventHandled(event)).toBe(false);
    markEventHandled(event);
    markEventHandled(event);
    expect(isEventHandled(event)).toBe(true);
    expect(db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id)).all()).toHaveLength(1);
  });

  test("revoking access ends only a paid order", () => {
    const order = stripeOrder();
    db.transaction((tx) => revokeOrderAccess(tx, order.orderId));
    expect(orderRow(order.orderId)).toMatchObject({ status: "revoked" });
    const refunded = stripeOrder(10_000);
    recordRefund(
      { id: uniqueId("evt"), type: "charge.refunded" },
      { paymentId: refunded.paymentIntentId, chargedPaise: 10_000, refundedPaise: 10_000 },
    );
    db.transaction((tx) => revokeOrderAccess(tx, refunded.orderId));
    expect(orderRow(refunded.orderId)).toMatchObject({ status: "refunded" });
  });
});
