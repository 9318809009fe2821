import type { OrderReceipt } from "~/models/orders/order-receipt.server";
import { readSettings } from "~/models/site/site-settings.server";
import { orderNumber } from "~/utils/order-number";
import { renderOffThread } from "./render-pool.server";

/** "receipt-TMA-000042.pdf" */
export const receiptFilename = (orderId: number) => `receipt-${orderNumber(orderId)}.pdf`;

/** The order's payment receipt as a PDF, drawn off the event loop, naming the institute as the settings hold it now. */
export function receiptPdf(receipt: OrderReceipt): Promise<Buffer> {
  const { name, email, phone1 } = readSettings("institute");
  return renderOffThread({ kind: "receipt", drawing: { receipt, institute: { name, email, phone1 } } });
}
