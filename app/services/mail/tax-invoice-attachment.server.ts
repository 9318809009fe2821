import type { OutboxAttachment } from "../../../db/schema";
import type { OrderReceipt } from "~/models/orders/order-receipt.server";
import { taxDocumentFilename } from "~/services/pdf/tax-invoice.server";

// The order's mail carries its GST tax invoice as a PDF when one was issued
// (decision 0031). The invoice's PDF renders asynchronously, so the
// attachment names the document and the sender draws it.

export function taxInvoiceAttachments(receipt: OrderReceipt): OutboxAttachment[] {
  const invoice = receipt.invoice;
  if (!invoice) return [];
  return [
    {
      filename: taxDocumentFilename({ kind: "invoice", number: invoice.number }),
      contentType: "application/pdf",
      document: { kind: "tax-document", id: invoice.id },
    },
  ];
}
