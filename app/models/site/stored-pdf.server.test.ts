// Which stored file is a document's PDF: recorded only while the document
// stands, the first render's file kept, and an erased account's certificates
// and receipts deleted while its GST documents keep theirs (CGST Act s.36).
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { siteSettings } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { newStoredPdfName, storedPdfDirectory, storedPdfPath } from "~/utils/stored-pdf-files.server";
import { registeredSeller } from "../../../tests/support/invoicing";
import { certificateOf, paidCourseOrder } from "../../../tests/support/unit-orders";
import { revokeCourseCertificate } from "../classroom/certificate.server";
import { eraseAccount } from "../privacy/personal-data.server";
import { findStoredPdf, recordStoredPdf, type PdfSubject } from "./stored-pdf.server";
import { issueInvoiceForOrder } from "../orders/tax-document.server";

// The in-memory database's PDF folder is this process's own.
afterAll(() => rmSync(storedPdfDirectory(), { recursive: true, force: true }));

/** A student with a paid, invoiced order and a certificate for its course. */
function invoicedStudent() {
  db.insert(siteSettings).values({ section: "invoicing", value: registeredSeller }).onConflictDoNothing().run();
  const order = paidCourseOrder();
  const invoice = db.transaction((tx) => issueInvoiceForOrder(tx, order.orderId));
  if (!invoice) throw new Error("no invoice issued");
  return {
    userId: order.userId,
    courseId: order.courseId,
    certificate: { kind: "certificate", id: certificateOf(order).id } satisfies PdfSubject,
    receipt: { kind: "receipt", id: order.orderId } satisfies PdfSubject,
    invoice: { kind: "tax_document", id: invoice.id } satisfies PdfSubject,
  };
}

/** A rendered file written to the folder, not yet recorded. */
function writtenFile(): string {
  const fileName = newStoredPdfName();
  mkdirSync(storedPdfDirectory(), { recursive: true });
  writeFileSync(storedPdfPath(fileName) ?? "", `%PDF-1.7 ${fileName}`);
  return fileName;
}

/** Renders and records the document's PDF, as a first download does. */
function stored(subject: PdfSubject): string {
  const fileName = writtenFile();
  expect(recordStoredPdf(subject, fileName, null)).toBe(fileName);
  return fileName;
}

const onDisk = (fileName: string) => existsSync(storedPdfPath(fileName) ?? "");

describe("erasing an account", () => {
  it("deletes its certificates' and receipts' PDFs and keeps its GST documents' PDFs", () => {
    const erased = invoicedStudent();
    const other = invoicedStudent();
    const files = { certificate: stored(erased.certificate), receipt: stored(erased.receipt), invoice: stored(erased.invoice) };
    const othersFiles = [stored(other.certificate), stored(other.receipt)];

    expect(eraseAccount(erased.userId)).toMatchObject({ ok: true, keptOrders: 1 });

    expect({
      certificate: onDisk(files.certificate),
      receipt: onDisk(files.receipt),
      invoice: onDisk(files.invoice),
    }).toEqual({ certificate: false, receipt: false, invoice: true });
    expect(findStoredPdf(erased.receipt)).toBeNull();
    expect(findStoredPdf(erased.invoice)).toBe(files.invoice);
    expect(othersFiles.map(onDisk)).toEqual([true, true]);
  });

  it("a receipt that finishes rendering after the erasure is not recorded", () => {
    const erased = invoicedStudent();
    eraseAccount(erased.userId);
    expect(recordStoredPdf(erased.receipt, writtenFile(), null)).toBeNull();
    expect(findStoredPdf(erased.receipt)).toBeNull();
  });
});

describe("recordStoredPdf", () => {
  it("refuses a certificate revoked while its PDF rendered", () => {
    const student = invoicedStudent();
    db.transaction((tx) => revokeCourseCertificate(tx, student.userId, student.courseId, "refund"));
    expect(recordStoredPdf(student.certificate, writtenFile(), null)).toBeNull();
    expect(findStoredPdf(student.certificate)).toBeNull();
  });

  it("keeps the first of two renders of the same document", () => {
    const { invoice } = invoicedStudent();
    const first = writtenFile();
    const second = writtenFile();
    expect(recordStoredPdf(invoice, first, null)).toBe(first);
    expect(recordStoredPdf(invoice, second, null)).toBe(first);
    expect(findStoredPdf(invoice)).toBe(first);
  });

  it("replaces a recorded file that is missing from disk, and only that one", () => {
    const { invoice } = invoicedStudent();
    const lost = stored(invoice);
    const fresh = writtenFile();
    expect(recordStoredPdf(invoice, fresh, "0".repeat(32) + ".pdf")).toBe(lost);
    expect(recordStoredPdf(invoice, fresh, lost)).toBe(fresh);
    expect(findStoredPdf(invoice)).toBe(fresh);
  });
});
