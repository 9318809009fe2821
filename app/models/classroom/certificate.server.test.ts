// A certificate stands while its course is the student's. Whatever ends the
// enrollment (a full refund by the provider's webhook or by an admin, a lost
// chargeback, an admin taking the course away) revokes the certificate in the
// same transaction and deletes its stored PDF; a partial refund, an open or won
// dispute leave it alone.
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { orders } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { certificateOf, paidCourseOrder } from "../../../tests/support/unit-orders";
import { newStoredPdfName, storedPdfDirectory, storedPdfPath } from "~/utils/stored-pdf-files.server";
import { findCertificate } from "./certificate.server";
import { findRefundableOrder, recordOrderRefund } from "../orders/order-refund.server";
import { recordDispute, recordRefund } from "../orders/payment-event.server";
import { findStoredPdf, recordStoredPdf } from "../site/stored-pdf.server";
import { revokeEnrollment } from "../accounts/student-admin.server";

// The in-memory database's PDF folder is this process's own.
afterAll(() => rmSync(storedPdfDirectory(), { recursive: true, force: true }));

const PAID = 499_900;
const decision = { admin: { adminId: "ADM-1" }, reason: "batch cancelled" };
/** A student who paid for a course through `provider`, finished it, and downloaded the certificate once (its stored PDF). */
function certifiedStudent(provider: "stripe" | "razorpay" = "stripe") {
  const paymentId = `${provider === "stripe" ? "pi" : "pay"}_${crypto.randomUUID().slice(0, 12)}`;
  const order = paidCourseOrder({
    provider,
    pricePaise: PAID,
    providerPaymentId: paymentId,
  });
  const certificate = certificateOf(order);
  const fileName = newStoredPdfName();
  mkdirSync(storedPdfDirectory(), { recursive: true });
  writeFileSync(storedPdfPath(fileName) ?? "", "%PDF-1.7 the certificate as first downloaded");
  recordStoredPdf({ kind: "certificate", id: certificate.id }, fileName, null);
  return { ...order, paymentId, certificate, file: storedPdfPath(fileName) ?? "" };
}

type Certified = ReturnType<typeof certifiedStudent>;

/** What the public check page and the student's download go by. */
function standing(certified: Certified) {
  const certificate = findCertificate(certified.certificate.number);
  return {
    revoked: certificate?.revokedAt ? certificate.revokedReason : "no",
    storedPdf: findStoredPdf({ kind: "certificate", id: certified.certificate.id }) !== null,
    fileOnDisk: existsSync(certified.file),
  };
}
const STANDS = { revoked: "no", storedPdf: true, fileOnDisk: true };
const revokedFor = (reason: string) => ({ revoked: reason, storedPdf: false, fileOnDisk: false });

describe("a refund by the provider's webhook", () => {
  it("Stripe: part of the charge leaves the certificate; the rest revokes it and deletes its PDF", () => {
    const certified = certifiedStudent("stripe");
    const report = (id: string, refundedPaise: number) =>
      recordRefund({ id, type: "charge.refunded" }, { paymentId: certified.paymentId, chargedPaise: PAID, refundedPaise });
    expect(report("evt_part", 100_000)).toBe("partly-refunded");
    expect(standing(certified)).toEqual(STANDS);
    expect(report("evt_rest", PAID)).toBe("refunded");
    expect(standing(certified)).toEqual(revokedFor("refund"));
  });

  it("Razorpay: a full refund.processed revokes it", () => {
    const certified = certifiedStudent("razorpay");
    const event = { id: `evt_rzp_${certified.orderId}`, type: "refund.processed", provider: "razorpay" as const };
    expect(recordRefund(event, { paymentId: certified.paymentId, chargedPaise: PAID, refundedPaise: PAID })).toBe("refunded");
    expect(standing(certified)).toEqual(revokedFor("refund"));
  });

  it("the revocation is dated when the refund is recorded", () => {
    const certified = certifiedStudent("stripe");
    const before = Date.now();
    recordRefund(
      { id: `evt_${certified.orderId}`, type: "charge.refunded" },
      { paymentId: certified.paymentId, chargedPaise: PAID, refundedPaise: PAID },
    );
    const revokedAt = findCertificate(certified.certificate.number)?.revokedAt?.getTime() ?? 0;
    expect(revokedAt).toBeGreaterThanOrEqual(before);
    expect(revokedAt).toBeLessThanOrEqual(Date.now());
  });
});

describe("a card dispute", () => {
  it("open, then won: the certificate stands throughout", () => {
    const certified = certifiedStudent("stripe");
    expect(
      recordDispute(
        { id: `dp_open_${certified.orderId}`, type: "charge.dispute.created" },
        { paymentId: certified.paymentId, status: "open" },
      ),
    ).toBe("dispute-open");
    expect(
      recordDispute(
        { id: `dp_won_${certified.orderId}`, type: "charge.dispute.closed" },
        { paymentId: certified.paymentId, status: "won" },
      ),
    ).toBe("dispute-won");
    expect(standing(certified)).toEqual(STANDS);
  });

  it("lost (charged back): the certificate is revoked", () => {
    const certified = certifiedStudent("razorpay");
    const lost = { id: `dp_lost_${certified.orderId}`, type: "payment.dispute.lost", provider: "razorpay" as const };
    expect(recordDispute(lost, { paymentId: certified.paymentId, status: "lost" })).toBe("charged-back");
    expect(standing(certified)).toEqual(revokedFor("chargeback"));
  });
});

describe("an admin's refund from the student's page", () => {
  const refund = (certified: Certified, amountPaise: number, takeAway: boolean) => {
    const order = findRefundableOrder(certified.userId, certified.orderId);
    if (!order) throw new Error("not refundable");
    return recordOrderRefund({ userId: certified.userId, order, amountPaise, takeAway, refundId: `re_${crypto.randomUUID()}` }, decision);
  };

  it("in full: revoked", () => {
    const certified = certifiedStudent();
    expect(refund(certified, PAID, false)).toBe("refunded");
    expect(standing(certified)).toEqual(revokedFor("refund"));
  });

  it("in part: the certificate stands; in part with the course taken away: revoked", () => {
    const kept = certifiedStudent();
    expect(refund(kept, 100_000, false)).toBe("partly-refunded");
    expect(standing(kept)).toEqual(STANDS);

    const takenAway = certifiedStudent();
    expect(refund(takenAway, 100_000, true)).toBe("partly-refunded");
    expect(standing(takenAway)).toEqual(revokedFor("access_revoked"));
  });

  it("is one transaction: when the refund cannot be recorded, the certificate and its PDF stay", () => {
    const certified = certifiedStudent();
    // The outbox refuses the refund's mail, as a full disk would.
    db.$client.exec(
      "CREATE TEMP TRIGGER refuse_refund_mail BEFORE INSERT ON outbox_messages BEGIN SELECT RAISE(ABORT, 'the mail could not be queued'); END",
    );
    try {
      expect(() => refund(certified, PAID, false)).toThrow("the mail could not be queued");
    } finally {
      db.$client.exec("DROP TRIGGER refuse_refund_mail");
    }
    expect(db.select({ status: orders.paymentStatus }).from(orders).where(eq(orders.id, certified.orderId)).get()).toEqual({
      status: "completed",
    });
    expect(standing(certified)).toMatchObject({ revoked: "no", storedPdf: true });
  });
});

describe("an admin taking the course away", () => {
  it("revokes the certificate with the enrollment", () => {
    const certified = certifiedStudent();
    expect(revokeEnrollment(certified.userId, certified.orderId, decision)).toEqual({ ok: true, courseId: certified.courseId });
    expect(standing(certified)).toEqual(revokedFor("access_revoked"));
  });

  it("a second revocation changes nothing: the first date stands", () => {
    const certified = certifiedStudent();
    revokeEnrollment(certified.userId, certified.orderId, decision);
    const first = findCertificate(certified.certificate.number)?.revokedAt;
    recordRefund(
      { id: `evt_late_${certified.orderId}`, type: "charge.refunded" },
      { paymentId: certified.paymentId, chargedPaise: PAID, refundedPaise: PAID },
    );
    expect(findCertificate(certified.certificate.number)).toMatchObject({ revokedAt: first, revokedReason: "access_revoked" });
  });
});
