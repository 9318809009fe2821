import { formatLongDateInIndia } from "~/utils/dates";
import { drawLine, renderPdf } from "./document.server";
import { drawQrCode } from "./qr-code.server";

// The certificate of completion: the name and course as stored when it was
// issued, the completion day in India, its number, and a QR code to the public
// page that confirms it. Drawn in the PDF worker (render-worker.server.ts)
// from what it is given, so it reads no database: the institute's name is read
// from the settings when the job is made (decision 0030).

export type PrintedCertificate = { number: string; studentName: string; courseTitle: string; completedAt: Date };
/** Everything the drawing prints: `checkUrl` is the absolute address of the public check page. */
export type CertificateDrawing = { certificate: PrintedCertificate; checkUrl: string; instituteName: string };

// A4 landscape, in points.
const WIDTH = 841.89;
const HEIGHT = 595.28;
const CENTER = WIDTH / 2;
const TEXT_WIDTH = WIDTH - 2 * 110;
const INK = "#111827";
const MUTED = "#4b5563";
const ACCENT = "#1d4ed8";

export function drawCertificate({ certificate, checkUrl, instituteName }: CertificateDrawing): Promise<Buffer> {
  return renderPdf(
    { title: `Certificate ${certificate.number}`, author: instituteName, createdAt: certificate.completedAt },
    { size: "A4", layout: "landscape", margin: 0 },
    (doc) => {
      doc
        .lineWidth(3)
        .strokeColor(ACCENT)
        .rect(24, 24, WIDTH - 48, HEIGHT - 48)
        .stroke();
      doc
        .lineWidth(0.75)
        .rect(34, 34, WIDTH - 68, HEIGHT - 68)
        .stroke();

      drawLine(doc, instituteName, CENTER, 100, { size: 20, weight: 700, color: ACCENT, maxWidth: TEXT_WIDTH });
      drawLine(doc, "Certificate of Completion", CENTER, 160, { size: 34, weight: 700, color: INK, maxWidth: TEXT_WIDTH });
      drawLine(doc, "This certifies that", CENTER, 215, { size: 14, color: MUTED, maxWidth: TEXT_WIDTH });
      drawLine(doc, certificate.studentName, CENTER, 268, { size: 32, weight: 700, color: INK, maxWidth: TEXT_WIDTH });
      doc
        .lineWidth(0.75)
        .strokeColor("#9ca3af")
        .moveTo(CENTER - 220, 284)
        .lineTo(CENTER + 220, 284)
        .stroke();
      drawLine(doc, "has completed the course", CENTER, 318, { size: 14, color: MUTED, maxWidth: TEXT_WIDTH });
      drawLine(doc, certificate.courseTitle, CENTER, 358, { size: 24, weight: 700, color: INK, maxWidth: TEXT_WIDTH });
      drawLine(doc, `Completed on ${formatLongDateInIndia(certificate.completedAt)}`, CENTER, 398, {
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
      const footerCenter = (60 + qrX - 20) / 2 + 10;
      const footerWidth = qrX - 100;
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
