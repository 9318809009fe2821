import type { OrderReceipt } from "~/models/orders/order-receipt.server";
import type { Institute } from "~/utils/institute";
import { orderNumber } from "~/utils/order-number";
import { RECEIPT_NOTICE, receiptLines } from "~/utils/receipt-lines";
import { drawLine, renderPdf } from "./document.server";

// An order's payment receipt as a PDF: the same lines as the enrollment mail,
// with the student's name and address. It is not a GST invoice (those come
// with their own numbering series); the page says so in words. Drawn in the
// PDF worker from what it is given: the institute as the settings held it
// when the job was made.

export type ReceiptDrawing = { receipt: OrderReceipt; institute: Pick<Institute, "name" | "email" | "phone1"> };

// A4 portrait, in points.
const WIDTH = 595.28;
const LEFT = 56;
const VALUE_X = 200;
const TEXT_WIDTH = WIDTH - 2 * LEFT;
const INK = "#111827";
const MUTED = "#4b5563";
const ACCENT = "#1d4ed8";
const ROW = 24;

export function drawReceipt({ receipt, institute }: ReceiptDrawing): Promise<Buffer> {
  const number = orderNumber(receipt.orderId);
  return renderPdf(
    { title: `Receipt ${number}`, author: institute.name, createdAt: receipt.paidAt },
    { size: "A4", layout: "portrait", margin: 0 },
    (doc) => {
      const left = (text: string, y: number, style: { size: number; weight?: 400 | 700; color?: string; x?: number; maxWidth?: number }) =>
        drawLine(doc, text, style.x ?? LEFT, y, { align: "left", maxWidth: style.maxWidth ?? TEXT_WIDTH, color: INK, ...style });

      left(institute.name, 80, { size: 20, weight: 700, color: ACCENT });
      left(`${institute.email} · ${institute.phone1}`, 100, { size: 10, color: MUTED });
      left("Payment receipt", 150, { size: 26, weight: 700 });
      left(RECEIPT_NOTICE, 172, { size: 11, color: MUTED });

      const name = [receipt.student.firstName, receipt.student.lastName].filter(Boolean).join(" ");
      left("Received from", 214, { size: 11, color: MUTED });
      left(name ? `${name} (${receipt.student.email})` : receipt.student.email, 214, {
        size: 11,
        x: VALUE_X,
        maxWidth: WIDTH - LEFT - VALUE_X,
      });

      doc
        .lineWidth(0.75)
        .strokeColor("#9ca3af")
        .moveTo(LEFT, 232)
        .lineTo(WIDTH - LEFT, 232)
        .stroke();
      let y = 258;
      for (const line of receiptLines(receipt)) {
        const emphasis = line.label === "Amount paid";
        left(line.label, y, { size: 12, color: MUTED, maxWidth: VALUE_X - LEFT - 12 });
        left(line.value, y, { size: emphasis ? 14 : 12, weight: emphasis ? 700 : 400, x: VALUE_X, maxWidth: WIDTH - LEFT - VALUE_X });
        y += ROW;
      }
      doc
        .moveTo(LEFT, y - 8)
        .lineTo(WIDTH - LEFT, y - 8)
        .stroke();
      left(`Thank you for learning with ${institute.name}. For any question about this order, quote ${number}.`, y + 20, {
        size: 11,
        color: MUTED,
      });
    },
  );
}
