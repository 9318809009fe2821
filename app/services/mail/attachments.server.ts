import type { OutboxAttachment } from "../../../db/schema";
import { findTaxDocument } from "~/models/orders/tax-document.server";
import { storedPdf } from "~/services/pdf/stored-pdf.server";
import { taxDocumentPdf } from "~/services/pdf/tax-invoice.server";

// An outbox row is written inside the transaction that causes it, and a PDF
// renders asynchronously, so an attachment may name a document instead of
// holding its bytes: it is the document's stored PDF when the mail is sent (or
// an admin downloads it), the same file the student downloads.

/** The attachment's bytes: stored in the row, or the stored PDF of the document it names. */
export async function attachmentBytes(attachment: OutboxAttachment): Promise<Buffer> {
  if ("contentBase64" in attachment) return Buffer.from(attachment.contentBase64, "base64");
  const document = findTaxDocument(attachment.document.id);
  if (!document) throw new Error(`Tax document ${attachment.document.id} named by a mail does not exist`);
  const pdf = await storedPdf({ kind: "tax_document", id: document.id }, () => taxDocumentPdf(document));
  if (!pdf.ok) throw new Error(`Tax document ${document.id} could not be rendered (${pdf.reason})`);
  return pdf.bytes;
}
