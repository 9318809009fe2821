// An admin's refund is recorded at once through the webhook's own refund
// effect: the provider's webhook that follows (the same cumulative total)
// changes nothing, a repeat of the same refund changes nothing, and an offline
// refund that another refund overtook is refused.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { courses, orders, outboxMessages, siteSettings, taxDocuments, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { registeredSeller } from "../../../tests/support/invoicing";
import { findRefundableOrder, recordOrderRefund } from "./order-refund.server";
import { recordRefund } from "./payment-event.server";
import { issueInvoiceForOrder } from "./tax-document.server";

const decision = { admin: { adminId: "ADM-1" }, reason: "batch cancelled" };

function paidOrder(provider: "stripe" | "offline") {
  const tag = crypto.randomUUID().slice(0, 8);
  const student = db
    .insert(users)
    .values({ email: `r-${tag}@example.test`, passwordHash: "x" })
    .returning({ id: users.id, email: users.email })
    .get();
  const course = db
    .insert(courses)
    .values({ title: `Swing ${tag}`, shortDescription: "s", description: "d", duration: "4 weeks", pricePaise: 499_900 })
    .returning({ id: courses.id })
    .get();
  const order = db
    .insert(orders)
    .values({
      userId: student.id,
      courseId: course.id,
      amountPaise: 499_900,
      paymentStatus: "completed",
      provider,
      providerPaymentId: provider === "stripe" ? `pi_${tag}` : null,
    })
    .returning({ id: orders.id })
    .get();
  db.transaction((tx) => issueInvoiceForOrder(tx, order.id));
  return { userId: student.id, email: student.email, orderId: order.id, paymentIntentId: `pi_${tag}` };
}

const stateOf = (orderId: number) =>
  db.select({ status: orders.paymentStatus, refunded: orders.refundedPaise }).from(orders).where(eq(orders.id, orderId)).get();
const creditNotes = (orderId: number) =>
  db.select({ total: taxDocuments.totalPaise }).from(taxDocuments).where(eq(taxDocuments.orderId, orderId)).all().slice(1);

beforeEach(() => {
  db.delete(siteSettings).where(eq(siteSettings.section, "invoicing")).run();
  db.insert(siteSettings).values({ section: "invoicing", value: registeredSeller }).run();
});

describe("recordOrderRefund", () => {
  it("records a partial refund with its credit note; the later webhook for the same total and a repeat change nothing", () => {
    const { userId, email, orderId, paymentIntentId } = paidOrder("stripe");
    const order = findRefundableOrder(userId, orderId);
    if (!order) throw new Error("not refundable");
    const refund = { userId, order, amountPaise: 100_000, takeAway: false, refundId: "re_1" };
    expect(recordOrderRefund(refund, decision)).toBe("partly-refunded");
    expect(stateOf(orderId)).toEqual({ status: "completed", refunded: 100_000 });
    expect(creditNotes(orderId)).toEqual([{ total: 100_000 }]);

    const webhook = { id: "evt_refund_1", type: "charge.refunded" };
    expect(recordRefund(webhook, { paymentId: paymentIntentId, chargedPaise: 499_900, refundedPaise: 100_000 })).toBe("unchanged");
    expect(recordOrderRefund(refund, decision)).toBe("repeat");
    expect(stateOf(orderId)).toEqual({ status: "completed", refunded: 100_000 });
    expect(creditNotes(orderId)).toEqual([{ total: 100_000 }]);
    const mails = db.select({ kind: outboxMessages.kind }).from(outboxMessages).where(eq(outboxMessages.toAddress, email)).all();
    expect(mails).toEqual([{ kind: "order-refunded" }]);
    expect(findRefundableOrder(userId, orderId)?.leftPaise).toBe(399_900);
  });

  it("a partial refund may take the course away; an offline refund overtaken by another is refused", () => {
    const { userId, orderId } = paidOrder("offline");
    const order = findRefundableOrder(userId, orderId);
    if (!order) throw new Error("not refundable");
    const offline = { method: "cash", reference: null };
    expect(recordOrderRefund({ userId, order, amountPaise: 50_000, takeAway: true, refundId: "a", offline }, decision)).toBe(
      "partly-refunded",
    );
    expect(stateOf(orderId)).toEqual({ status: "revoked", refunded: 50_000 });
    // Read before the first refund was recorded: refused, nothing more recorded.
    expect(recordOrderRefund({ userId, order, amountPaise: 449_900, takeAway: false, refundId: "b", offline }, decision)).toBe("stale");
    expect(stateOf(orderId)).toEqual({ status: "revoked", refunded: 50_000 });
    expect(creditNotes(orderId)).toEqual([{ total: 50_000 }]);
  });
});
