import { formatLongDateInIndia } from "~/utils/dates";
import { drawLine, renderPdf, type PdfDocument } from "./document.server";
import { drawQrCode } from "./qr-code.server";

// The certificate of completion: the name and course as stored when it was
// issued, the completion day in India, its number, and a QR code to the public
// page that confirms it. Drawn in the PDF worker (render-worker.server.ts)
// from what it is given, so it reads no database: the institute's name is read
// from the settings when the job is made (decision 0030).

export type PrintedCertificate = { number: string; studentName: string; courseTitle: string; completedAt: Date };
/** Who signs it, as the settings say when it is drawn: any part may be missing. */
export type CertificateSignatory = { name?: string | undefined; title?: string | undefined; signaturePng?: Uint8Array | undefined };
/**
 * Everything the drawing prints: `checkUrl` is the absolute address of the public check page; the
 * logo and the signature come as image bytes (PNG or JPEG), read before the job reaches the worker.
 */
export type CertificateDrawing = {
  certificate: PrintedCertificate;
  checkUrl: string;
  instituteName: string;
  logoPng: Uint8Array;
  signatory: CertificateSignatory;
};

// A4 landscape, in points.
const WIDTH = 841.89;
const HEIGHT = 595.28;
const CENTER = WIDTH / 2;
const TEXT_WIDTH = WIDTH - 2 * 110;
const INK = "#111827";
const MUTED = "#4b5563";
// The institute's colours, as the site shows them (app/tailwind.css): navy, and gold for the inner rule.
const NAVY = "#0b1f3a";
const GOLD = "#f5b301";
const LOGO_SIZE = 56;
const SIGNATURE_CENTER = 230;

export function drawCertificate({ certificate, checkUrl, instituteName, logoPng, signatory }: CertificateDrawing): Promise<Buffer> {
  return renderPdf(
    { title: `Certificate ${certificate.number}`, author: instituteName, createdAt: certificate.completedAt },
    { size: "A4", layout: "landscape", margin: 0 },
    (doc) => {
      doc
        .lineWidth(3)
        .strokeColor(NAVY)
        .rect(24, 24, WIDTH - 48, HEIGHT - 48)
        .stroke();
      doc
        .lineWidth(0.75)
        .strokeColor(GOLD)
        .rect(34, 34, WIDTH - 68, HEIGHT - 68)
        .stroke();

      doc.image(Buffer.from(logoPng), CENTER - LOGO_SIZE / 2, 48, { width: LOGO_SIZE, height: LOGO_SIZE });
      drawLine(doc, instituteName, CENTER, 128, { size: 20, weight: 700, color: NAVY, maxWidth: TEXT_WIDTH });
      drawLine(doc, "Certificate of Completion", CENTER, 174, { size: 34, weight: 700, color: INK, maxWidth: TEXT_WIDTH });
      drawLine(doc, "This certifies that", CENTER, 220, { size: 14, color: MUTED, maxWidth: TEXT_WIDTH });
      drawLine(doc, certificate.studentName, CENTER, 268, { size: 32, weight: 700, color: INK, maxWidth: TEXT_WIDTH });
      doc
        .lineWidth(0.75)
        .strokeColor("#9ca3af")
        .moveTo(CENTER - 220, 284)
        .lineTo(CENTER + 220, 284)
        .stroke();
      drawLine(doc, "has completed the course", CENTER, 314, { size: 14, color: MUTED, maxWidth: TEXT_WIDTH });
      drawLine(doc, certificate.courseTitle, CENTER, 350, { size: 24, weight: 700, color: INK, maxWidth: TEXT_WIDTH });
      drawLine(doc, `Completed on ${formatLongDateInIndia(certificate.completedAt)}`, CENTER, 384, {
        size: 14,
        color: MUTED,
        maxWidth: TEXT_WIDTH,
      });

      const qrSize = 96;
      const qrX = WIDTH - 60 - qrSize;
      const qrY = HEIGHT - 60 - qrSize;
      drawQrCode(doc, checkUrl, qrX, qrY, qrSize);
      // In a PDF viewer the code is also a link to the same page.
      doc.link(qrX, qrY, qrSize, qrSize, checkUrl);
      drawSignatory(doc, signatory);
      const footerLeft = SIGNATURE_CENTER + 110;
      const footerCenter = (footerLeft + qrX - 20) / 2;
      const footerWidth = qrX - 20 - footerLeft;
      drawLine(doc, `Certificate number ${certificate.number}`, footerCenter, HEIGHT - 104, {
        size: 12,
        weight: 700,
        color: INK,
        maxWidth: footerWidth,
      });
      drawLine(doc, `Check it at ${checkUrl}`, footerCenter, HEIGHT - 84, { size: 10, color: MUTED, maxWidth: footerWidth });
    },
  );
}

/** The authorised signatory, bottom left: their signature over a rule, then their name and title. */
function drawSignatory(doc: PdfDocument, signatory: CertificateSignatory) {
  if (!signatory.name && !signatory.signaturePng) return;
  if (signatory.signaturePng)
    doc.image(Buffer.from(signatory.signaturePng), SIGNATURE_CENTER - 90, 408, { fit: [180, 44], align: "center", valign: "bottom" });
  doc
    .lineWidth(0.75)
    .strokeColor("#9ca3af")
    .moveTo(SIGNATURE_CENTER - 100, 458)
    .lineTo(SIGNATURE_CENTER + 100, 458)
    .stroke();
  if (signatory.name) drawLine(doc, signatory.name, SIGNATURE_CENTER, 474, { size: 12, weight: 700, color: INK, maxWidth: 200 });
  drawLine(doc, signatory.title ? `${signatory.title}, authorised signatory` : "Authorised signatory", SIGNATURE_CENTER, 490, {
    size: 10,
    color: MUTED,
    maxWidth: 200,
  });
}
