import { and, eq, inArray, isNull } from "drizzle-orm";
import { certificates, orders, storedPdfs, taxDocuments, users } from "../../../db/schema";
import type { StoredPdfKind } from "../../../db/enums";
import { db, type Transaction } from "~/utils/db.server";
import { discardStoredPdfFiles } from "~/utils/stored-pdf-files.server";

// Which file under data/pdfs/ is the rendered PDF of a certificate, an order's
// receipt or a GST document. A document is rendered once; every later download
// is that file. A certificate's file goes when it is revoked, a student's
// certificates and receipts when the account is erased; GST documents keep
// theirs as long as the documents are kept (CGST Act s.36).

/** The document a PDF shows: `id` is its certificate, order (for a receipt) or tax document row. */
export type PdfSubject = { kind: StoredPdfKind; id: number };

const bySubject = (subject: PdfSubject) => and(eq(storedPdfs.kind, subject.kind), eq(storedPdfs.subjectId, subject.id));

/** The stored file's name, or null when it was never rendered (or was discarded). */
export function findStoredPdf(subject: PdfSubject): string | null {
  return db.select({ fileName: storedPdfs.fileName }).from(storedPdfs).where(bySubject(subject)).get()?.fileName ?? null;
}

/** Whether the document may still be kept: a certificate not revoked, a receipt of an account not erased, any GST document. */
function stillKept(tx: Transaction, subject: PdfSubject): boolean {
  switch (subject.kind) {
    case "certificate":
      return (
        tx
          .select({ id: certificates.id })
          .from(certificates)
          .where(and(eq(certificates.id, subject.id), isNull(certificates.revokedAt)))
          .get() !== undefined
      );
    case "receipt":
      return (
        tx
          .select({ id: orders.id })
          .from(orders)
          .innerJoin(users, eq(users.id, orders.userId))
          .where(and(eq(orders.id, subject.id), isNull(users.erasedAt)))
          .get() !== undefined
      );
    case "tax_document":
      return tx.select({ id: taxDocuments.id }).from(taxDocuments).where(eq(taxDocuments.id, subject.id)).get() !== undefined;
  }
}

/**
 * Records a file just written as the document's, in one transaction that
 * checks the document still stands (a certificate revoked, or an account
 * erased, while it rendered refuses it). `replacing` names a file the row
 * pointed at that was missing from disk. Returns the file that now stands:
 * this one, or the one another render recorded first; null when the document
 * is gone, and then the caller deletes what it wrote.
 */
export function recordStoredPdf(subject: PdfSubject, fileName: string, replacing: string | null): string | null {
  return db.transaction(
    (tx) => {
      if (!stillKept(tx, subject)) return null;
      const current = tx.select({ fileName: storedPdfs.fileName }).from(storedPdfs).where(bySubject(subject)).get();
      if (current && current.fileName !== replacing) return current.fileName;
      if (current) tx.update(storedPdfs).set({ fileName }).where(bySubject(subject)).run();
      else tx.insert(storedPdfs).values({ kind: subject.kind, subjectId: subject.id, fileName }).run();
      return fileName;
    },
    { behavior: "immediate" },
  );
}

/** Forgets these documents' stored PDFs in the caller's transaction, and deletes the files. */
export function discardStoredPdfs(tx: Transaction, kind: StoredPdfKind, ids: number[]): void {
  if (!ids.length) return;
  const discarded = tx
    .delete(storedPdfs)
    .where(and(eq(storedPdfs.kind, kind), inArray(storedPdfs.subjectId, ids)))
    .returning({ fileName: storedPdfs.fileName })
    .all();
  discardStoredPdfFiles(discarded.map((row) => row.fileName));
}

/** An erased account's certificates and receipts, as PDFs: they name the student and no law asks us to keep them. */
export function discardAccountPdfs(tx: Transaction, userId: string): void {
  const certificateIds = tx.select({ id: certificates.id }).from(certificates).where(eq(certificates.userId, userId)).all();
  const orderIds = tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).all();
  discardStoredPdfs(
    tx,
    "certificate",
    certificateIds.map((row) => row.id),
  );
  discardStoredPdfs(
    tx,
    "receipt",
    orderIds.map((row) => row.id),
  );
}
