import { resolve } from "node:path";
import sharp from "sharp";
import { readSettings } from "~/models/site/site-settings.server";
import { readUpload } from "~/services/images/uploads.server";
import type { PrintedCertificate } from "./certificate-drawing.server";
import { renderOffThread } from "./render-pool.server";

export type { PrintedCertificate } from "./certificate-drawing.server";

/** "certificate-TMA-2026-7KQ2M9XD.pdf" */
export const certificateFilename = (number: string) => `certificate-${number}.pdf`;

/**
 * The certificate as a PDF, drawn off the event loop; `checkUrl` is the
 * absolute address of its public page. The institute's name and its signatory are
 * the ones the settings hold now: stored once (stored-pdf.server.ts), the file keeps them.
 */
export async function certificatePdf(certificate: PrintedCertificate, checkUrl: string): Promise<Buffer> {
  const { signatoryName, signatoryTitle, signatureUrl } = readSettings("certificate");
  const signature = signatureUrl ? await readUpload(signatureUrl.replace(/^\/uploads\//, "")) : null;
  return renderOffThread({
    kind: "certificate",
    drawing: {
      certificate,
      checkUrl,
      instituteName: readSettings("institute").name,
      logoPng: await brandLogoPng(),
      signatory: { name: signatoryName, title: signatoryTitle, signaturePng: signature?.body },
    },
  });
}

let logo: Promise<Buffer> | undefined;

/** The site's logo (an SVG, which a PDF cannot hold) as a PNG, made once per process. */
function brandLogoPng(): Promise<Buffer> {
  logo ??= sharp(resolve("public", "images/brand/logo.svg"), { density: 288 }).resize(224, 224).png().toBuffer();
  return logo;
}
