import { readSettings } from "~/models/site/site-settings.server";
import type { PrintedCertificate } from "./certificate-drawing.server";
import { renderOffThread } from "./render-pool.server";

export type { PrintedCertificate } from "./certificate-drawing.server";

/** "certificate-TMA-2026-7KQ2M9XD.pdf" */
export const certificateFilename = (number: string) => `certificate-${number}.pdf`;

/**
 * The certificate as a PDF, drawn off the event loop; `checkUrl` is the
 * absolute address of its public page. The institute's name is the one the
 * settings hold now: stored once (stored-pdf.server.ts), the file keeps it.
 */
export function certificatePdf(certificate: PrintedCertificate, checkUrl: string): Promise<Buffer> {
  return renderOffThread({ kind: "certificate", drawing: { certificate, checkUrl, instituteName: readSettings("institute").name } });
}
