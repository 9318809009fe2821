import type { LoaderFunctionArgs } from "@remix-run/node";
import { findStudentCreditNote } from "~/models/orders/tax-document.server";
import { pdfDownload, storedPdf } from "~/services/pdf/stored-pdf.server";
import { taxDocumentFilename, taxDocumentPdf } from "~/services/pdf/tax-invoice.server";
import { notFoundText } from "~/utils/file-response.server";
import { requireUser } from "~/services/accounts/sessions/student-session.server";
import { parseId } from "~/utils/validation";

// GET /account/orders/:orderId/credit-notes/:documentId: a GST credit note of
// the signed-in student's own order (a refund), as a PDF (decision 0031). A
// visitor is sent to sign in; anyone else's note, or none, is 404. Rendered
// once, then the stored file: a reprint is byte for byte the same.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const student = await requireUser(request);
  const orderId = parseId(params.orderId);
  const documentId = parseId(params.documentId);
  const note = orderId === null || documentId === null ? null : findStudentCreditNote(student.id, orderId, documentId);
  if (!note) return notFoundText();
  const pdf = await storedPdf({ kind: "tax_document", id: note.id }, () => taxDocumentPdf(note), student.id);
  return pdfDownload(pdf, taxDocumentFilename(note));
}
