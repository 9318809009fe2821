import type { OutboxDraft } from "~/models/site/outbox.server";
import type { OrderReceipt } from "~/models/orders/order-receipt.server";
import { taxDocumentFilename } from "~/services/pdf/tax-invoice.server";

// The order's mail carries its GST tax invoice as a PDF when one was issued
// (decision 0031). The mail is queued in the transaction that issues the
// invoice, so the attachment names the document and the sender draws it.

export function withTaxInvoice(receipt: OrderReceipt, draft: OutboxDraft): OutboxDraft {
  const invoice = receipt.invoice;
  if (!invoice) return draft;
  return {
    ...draft,
    attachments: [
      ...(draft.attachments ?? []),
      {
        filename: taxDocumentFilename({ kind: "invoice", number: invoice.number }),
        contentType: "application/pdf",
        document: { kind: "tax-document", id: invoice.id },
      },
    ],
  };
}
