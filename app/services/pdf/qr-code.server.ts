import QRCode from "qrcode";
import type { PdfDocument } from "./document.server";

/**
 * A QR code for `url` drawn as vector squares (sharp at any print size, and
 * the same bytes every time), `size` points wide with its top-left at (x, y),
 * inside the four-module quiet zone a reader needs.
 */
export function drawQrCode(doc: PdfDocument, url: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  const quietZone = 4;
  const cell = size / (modules.size + 2 * quietZone);
  doc.save();
  doc.rect(x, y, size, size).fill("#ffffff");
  // One rectangle per horizontal stretch of dark modules: fewer seams between neighbours.
  for (let row = 0; row < modules.size; row++) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.data[row * modules.size + column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.data[row * modules.size + column]) column++;
      doc.rect(x + (start + quietZone) * cell, y + (row + quietZone) * cell, (column - start) * cell, cell);
    }
  }
  doc.fill("#000000");
  doc.restore();
}
