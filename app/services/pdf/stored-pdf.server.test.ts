// A document's PDF is rendered once (in the PDF worker) and stored under the
// data folder; every later download is the stored file. Two requests for one
// document share a render; a student with renders waiting is asked to come
// back; a document revoked while it renders is not stored.
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it, vi } from "vitest";
import { revokeCourseCertificate } from "~/models/classroom/certificate.server";
import { findStudentReceipt } from "~/models/orders/order-receipt.server";
import { findStoredPdf, type PdfSubject } from "~/models/site/stored-pdf.server";
import { db } from "~/utils/db.server";
import { storedPdfDirectory, storedPdfPath } from "~/utils/stored-pdf-files.server";
import { certificateOf, paidCourseOrder } from "../../../tests/support/unit-orders";
import { receiptPdf } from "./receipt.server";
import { RENDERS_PER_STUDENT, storedPdf } from "./stored-pdf.server";

// The in-memory database's PDF folder is this process's own.
afterAll(() => rmSync(storedPdfDirectory(), { recursive: true, force: true }));

/** A student's paid order for a course of their own; `subject` is its receipt. */
function paidOrder() {
  const order = paidCourseOrder({ provider: "razorpay", pricePaise: 250_000 });
  const receipt = findStudentReceipt(order.userId, order.orderId);
  if (!receipt) throw new Error("no receipt");
  return { ...order, receipt, subject: { kind: "receipt", id: order.orderId } satisfies PdfSubject };
}

/** A render held until the test lets it finish: what a slow worker queue looks like from here. */
function heldRender(bytes = Buffer.from("%PDF-1.7 held")) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return { render: () => released.then(() => bytes), release };
}

const storedFiles = () => {
  try {
    return readdirSync(storedPdfDirectory()).sort();
  } catch {
    return [];
  }
};

describe("storedPdf", () => {
  it("renders the first download in the worker and stores it under the data folder; later ones are the stored file", async () => {
    const order = paidOrder();
    let renders = 0;
    const render = () => {
      renders += 1;
      return receiptPdf(order.receipt);
    };
    const first = await storedPdf(order.subject, render, order.userId);
    if (!first.ok) throw new Error(`not served: ${first.reason}`);
    expect(first.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const fileName = findStoredPdf(order.subject);
    expect(readFileSync(storedPdfPath(fileName ?? "") ?? "").equals(first.bytes)).toBe(true);

    const again = await storedPdf(order.subject, render, order.userId);
    expect(again.ok && again.bytes.equals(first.bytes)).toBe(true);
    expect(renders).toBe(1);
  });

  it("two requests for the same document at once share one render", async () => {
    const order = paidOrder();
    const held = heldRender();
    let renders = 0;
    const render = () => {
      renders += 1;
      return held.render();
    };
    const both = Promise.all([storedPdf(order.subject, render, order.userId), storedPdf(order.subject, render, order.userId)]);
    held.release();
    const [a, b] = await both;
    expect([a.ok, b.ok, renders]).toEqual([true, true, 1]);
    expect(storedFiles().filter((name) => name === findStoredPdf(order.subject))).toHaveLength(1);
  });

  it(`a student with ${RENDERS_PER_STUDENT} renders waiting is asked to come back; others are not, and the limit frees once they finish`, async () => {
    const orders = Array.from({ length: RENDERS_PER_STUDENT + 1 }, paidOrder);
    const student = orders[0]!.userId;
    const held = heldRender();
    const waiting = orders.slice(0, RENDERS_PER_STUDENT).map((order) => storedPdf(order.subject, held.render, student));
    const refused = await storedPdf(orders.at(-1)!.subject, held.render, student);
    expect(refused).toEqual({ ok: false, reason: "busy", retryAfterSeconds: 5 });
    expect(findStoredPdf(orders.at(-1)!.subject)).toBeNull();

    const someoneElse = paidOrder();
    const theirs = storedPdf(someoneElse.subject, held.render, someoneElse.userId);
    held.release();
    expect((await Promise.all([...waiting, theirs])).map((pdf) => pdf.ok)).toEqual([true, true, true]);
    expect((await storedPdf(orders.at(-1)!.subject, held.render, student)).ok).toBe(true);
  });

  it("a certificate revoked while its PDF renders is answered gone, and no file is left", async () => {
    const order = paidOrder();
    const certificate = certificateOf(order);
    const before = storedFiles();
    const held = heldRender();
    const pending = storedPdf({ kind: "certificate", id: certificate.id }, held.render, order.userId);
    db.transaction((tx) => revokeCourseCertificate(tx, order.userId, order.courseId, "refund"));
    held.release();
    expect(await pending).toEqual({ ok: false, reason: "gone" });
    expect(storedFiles()).toEqual(before);
  });

  it("a stored file missing from disk is rendered again and recorded anew", async () => {
    const order = paidOrder();
    const first = await storedPdf(order.subject, () => receiptPdf(order.receipt), order.userId);
    const lost = findStoredPdf(order.subject) ?? "";
    rmSync(storedPdfPath(lost) ?? "");
    const again = await storedPdf(order.subject, () => receiptPdf(order.receipt), order.userId);
    expect(again.ok && first.ok && again.bytes.equals(first.bytes)).toBe(true);
    expect(findStoredPdf(order.subject)).not.toBe(lost);
    expect(storedFiles()).toContain(findStoredPdf(order.subject));
  });

  it("a drawing that fails is answered failed and logged, nothing is stored, and the worker draws the next one", async () => {
    const order = paidOrder();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    // An instant no calendar has: the receipt's date cannot be written.
    const broken = { ...order.receipt, paidAt: new Date(Number.NaN) };
    const failed = await storedPdf(order.subject, () => receiptPdf(broken), order.userId);
    expect(failed).toEqual({ ok: false, reason: "failed" });
    expect(logged).toHaveBeenCalledOnce();
    expect(findStoredPdf(order.subject)).toBeNull();
    expect((await storedPdf(order.subject, () => receiptPdf(order.receipt), order.userId)).ok).toBe(true);
  });

  it("a disk that cannot take the file still hands the PDF over, logs why, and records nothing", async () => {
    const order = paidOrder();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    rmSync(storedPdfDirectory(), { recursive: true, force: true });
    // Where the folder should be, a file: nothing can be written there.
    writeFileSync(storedPdfDirectory(), "not a folder");
    try {
      const pdf = await storedPdf(order.subject, () => receiptPdf(order.receipt), order.userId);
      expect(pdf.ok && pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");
      expect(findStoredPdf(order.subject)).toBeNull();
      expect(logged).toHaveBeenCalledOnce();
    } finally {
      rmSync(storedPdfDirectory(), { force: true });
    }
  });
});
