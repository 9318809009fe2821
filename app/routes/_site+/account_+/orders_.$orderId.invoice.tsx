import type { LoaderFunctionArgs } from "@remix-run/node";
import { findStudentInvoice } from "~/models/orders/tax-document.server";
import { pdfDownload, storedPdf } from "~/services/pdf/stored-pdf.server";
import { taxDocumentFilename, taxDocumentPdf } from "~/services/pdf/tax-invoice.server";
import { notFoundText } from "~/utils/file-response.server";
import { requireUser } from "~/services/accounts/sessions/student-session.server";
import { parseId } from "~/utils/validation";

// GET /account/orders/:orderId/invoice: the GST tax invoice of the signed-in
// student's own order, as a PDF (decision 0031); `?document=` names an earlier
// one, credited when a move changed the place of supply (decision 0062). A
// visitor is sent to sign in; any other order (another student's, one without
// an invoice, or none) is 404.
// Rendered once, then the stored file: a reprint is byte for byte the same.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const student = await requireUser(request);
  const orderId = parseId(params.orderId);
  const named = new URL(request.url).searchParams.get("document");
  const documentId = named === null ? undefined : parseId(named);
  const invoice = orderId === null || documentId === null ? null : findStudentInvoice(student.id, orderId, documentId);
  if (!invoice) return notFoundText();
  const pdf = await storedPdf({ kind: "tax_document", id: invoice.id }, () => taxDocumentPdf(invoice), student.id);
  return pdfDownload(pdf, taxDocumentFilename(invoice));
}
