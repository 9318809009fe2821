import { parentPort } from "node:worker_threads";
import type { PrintableTaxDocument } from "~/models/orders/tax-document.server";
import { drawCertificate, type CertificateDrawing } from "./certificate-drawing.server";
import { drawReceipt, type ReceiptDrawing } from "./receipt-drawing.server";
import { drawTaxDocument } from "./tax-document-drawing.server";

// The program of a PDF worker thread (render-pool.server.ts starts it): it
// draws one job at a time from what the job carries and posts the bytes back.
// It imports drawings only, never the database: everything a document prints
// is read on the main thread when the job is made.

export type PdfJob =
  | { kind: "certificate"; drawing: CertificateDrawing }
  | { kind: "receipt"; drawing: ReceiptDrawing }
  | { kind: "tax_document"; drawing: PrintableTaxDocument };

export type PdfJobAnswer = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

function draw(job: PdfJob): Promise<Buffer> {
  switch (job.kind) {
    case "certificate":
      return drawCertificate(job.drawing);
    case "receipt":
      return drawReceipt(job.drawing);
    case "tax_document":
      return drawTaxDocument(job.drawing);
  }
}

parentPort?.on("message", (job: PdfJob) => {
  // A drawing can throw before its first await: both ways end as one answer.
  Promise.resolve()
    .then(() => draw(job))
    .then(
      (bytes) => parentPort?.postMessage({ ok: true, bytes } satisfies PdfJobAnswer),
      (error: unknown) =>
        parentPort?.postMessage({
          ok: false,
          message: error instanceof Error ? (error.stack ?? error.message) : String(error),
        } satisfies PdfJobAnswer),
    );
});
