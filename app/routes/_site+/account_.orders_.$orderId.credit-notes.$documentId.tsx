import type { LoaderFunctionArgs } from "@remix-run/node";
import { findStudentCreditNote } from "~/models/tax-document.server";
import { taxDocumentFilename, taxDocumentPdf } from "~/services/pdf/tax-invoice.server";
import { notFoundText, personalDownload } from "~/utils/file-response.server";
import { requireUser } from "~/utils/student-session.server";
import { parseId } from "~/utils/validation";

// GET /account/orders/:orderId/credit-notes/:documentId: a GST credit note of
// the signed-in student's own order (a refund), as a PDF (decision 0031). A
// visitor is sent to sign in; anyone else's note, or none, is 404.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const student = await requireUser(request);
  const orderId = parseId(params.orderId);
  const documentId = parseId(params.documentId);
  const note = orderId === null || documentId === null ? null : findStudentCreditNote(student.id, orderId, documentId);
  if (!note) return notFoundText();
  return personalDownload(await taxDocumentPdf(note), "application/pdf", taxDocumentFilename(note));
}
