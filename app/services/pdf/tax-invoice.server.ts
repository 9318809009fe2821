import type { PrintableTaxDocument } from "~/models/orders/tax-document.server";
import { renderOffThread } from "./render-pool.server";

/** "tax-invoice-TMA-26-27-000001.pdf": the number with its slashes made safe for a file name. */
export const taxDocumentFilename = (document: Pick<PrintableTaxDocument, "kind" | "number">) =>
  `${document.kind === "invoice" ? "tax-invoice" : "credit-note"}-${document.number.replaceAll("/", "-")}.pdf`;

/** A GST invoice or credit note as a PDF, drawn off the event loop from the document as issued. */
export const taxDocumentPdf = (document: PrintableTaxDocument): Promise<Buffer> =>
  renderOffThread({ kind: "tax_document", drawing: document });
