import type { OrderReceipt } from "~/models/orders/order-receipt.server";
import { publicOrigin } from "~/utils/env.server";
import { formatPrice } from "~/utils/money";
import { orderNumber } from "~/utils/order-number";
import { RECEIPT_NOTICE, receiptLines } from "~/utils/receipt-lines";
import { composeMail } from "./compose.server";
import { taxInvoiceAttachments } from "./tax-invoice-attachment.server";
import { greeting, MailLink, type MailContent } from "./layout";
import { instituteNow, mailSignature } from "./institute.server";

// One message per completed order: the enrollment confirmation with the way
// into the course, and the receipt under it (decision 0006). A later GST
// invoice joins this same message rather than a third one.

/** The mail of a completed order, its links leading to this site, with the order's tax invoice when one was issued. */
export const writeOrderConfirmation = (receipt: OrderReceipt) =>
  composeMail(enrollmentMail(receipt), { attachments: taxInvoiceAttachments(receipt) });

/** Where the order leads: into the course, or to the student's events for a seat. */
function wayIn(receipt: OrderReceipt, origin: string) {
  return receipt.kind === "event"
    ? {
        link: `${origin}/account/events`,
        label: "Your events",
        intro: `Thank you for booking a seat at ${receipt.course.title} with ${instituteNow().name}. Your seat is confirmed; the event's details and calendar file come in a separate message, and your events are here:`,
        subject: `Your seat at ${receipt.course.title} (order ${orderNumber(receipt.orderId)})`,
      }
    : {
        link: `${origin}/learn/${receipt.course.id}`,
        label: "Start learning",
        intro: `Thank you for enrolling in ${receipt.course.title} at ${instituteNow().name}. The course is open for you now:`,
        subject: `You are enrolled in ${receipt.course.title} (order ${orderNumber(receipt.orderId)})`,
      };
}

function enrollmentMail(receipt: OrderReceipt): MailContent {
  const origin = publicOrigin();
  const { link: courseLink, label, intro, subject } = wayIn(receipt, origin);
  const ordersLink = `${origin}/account/orders`;
  const lines = receiptLines(receipt, formatPrice);
  const later = `You can download this receipt${receipt.invoice ? " and your tax invoice" : ""} as a PDF at any time from your orders page: ${ordersLink}`;
  const invoiceNote = receipt.invoice ? `Your GST tax invoice ${receipt.invoice.number} is attached as a PDF.` : null;
  const help = `Questions about your course or this order? Write to us at ${instituteNow().email} and quote the order number.`;
  return {
    subject,
    text:
      [
        greeting(receipt.student.firstName),
        intro,
        courseLink,
        ["Receipt", ...lines.map((line) => `${line.label}: ${line.value}`)].join("\n"),
        RECEIPT_NOTICE,
        ...(invoiceNote ? [invoiceNote] : []),
        later,
        help,
        mailSignature(),
      ].join("\n\n") + "\n",
    body: (
      <>
        <p>{greeting(receipt.student.firstName)}</p>
        <p>{intro}</p>
        <MailLink href={courseLink}>{label}</MailLink>
        <h2 style={{ fontSize: 18, margin: "24px 0 8px" }}>Receipt</h2>
        <table role="presentation" style={{ width: "100%", borderCollapse: "collapse", fontSize: 15 }}>
          <tbody>
            {lines.map((line) => (
              <tr key={line.label}>
                <td style={{ padding: "4px 12px 4px 0", color: "#64748b", verticalAlign: "top" }}>{line.label}</td>
                <td style={{ padding: "4px 0", fontWeight: "bold", wordBreak: "break-word" }}>{line.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p style={{ fontSize: 13 }}>{RECEIPT_NOTICE}</p>
        {invoiceNote ? <p>{invoiceNote}</p> : null}
        <p>
          You can download this receipt{receipt.invoice ? " and your tax invoice" : ""} as a PDF at any time from{" "}
          <a href={ordersLink}>your orders page</a>.
        </p>
        <p>{help}</p>
      </>
    ),
  };
}
