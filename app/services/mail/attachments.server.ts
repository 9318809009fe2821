import type { OutboxAttachment } from "../../../db/schema";
import { findTaxDocument } from "~/models/tax-document.server";
import { taxDocumentPdf } from "~/services/pdf/tax-invoice.server";

// An outbox row is written inside the transaction that causes it, and a PDF
// renders asynchronously, so an attachment may name a document instead of
// holding its bytes: it is drawn when the mail is sent (or an admin downloads
// it), from the document as issued, which never changes.

/** The attachment's bytes: stored, or drawn from the document it names. */
export async function attachmentBytes(attachment: OutboxAttachment): Promise<Buffer> {
  if ("contentBase64" in attachment) return Buffer.from(attachment.contentBase64, "base64");
  const document = findTaxDocument(attachment.document.id);
  if (!document) throw new Error(`Tax document ${attachment.document.id} named by a mail does not exist`);
  return taxDocumentPdf(document);
}
