import type { LoaderFunctionArgs } from "@remix-run/node";
import { findStudentReceipt } from "~/models/orders/order-receipt.server";
import { receiptFilename, receiptPdf } from "~/services/pdf/receipt.server";
import { pdfDownload, storedPdf } from "~/services/pdf/stored-pdf.server";
import { notFoundText } from "~/utils/file-response.server";
import { requireUser } from "~/services/accounts/sessions/student-session.server";
import { parseId } from "~/utils/validation";

// GET /account/orders/:orderId/receipt: the payment receipt of the signed-in
// student's own completed order, as a PDF. A visitor is sent to sign in; any
// other order (another student's, unpaid, or none) is 404, because only the
// owner's completed orders are ever looked up. Rendered on the first download,
// then the stored file: every reprint is the same.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const student = await requireUser(request);
  const orderId = parseId(params.orderId);
  const receipt = orderId === null ? null : findStudentReceipt(student.id, orderId);
  if (!receipt) return notFoundText();
  const pdf = await storedPdf({ kind: "receipt", id: receipt.orderId }, () => receiptPdf(receipt), student.id);
  return pdfDownload(pdf, receiptFilename(receipt.orderId));
}
