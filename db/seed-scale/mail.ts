// Written mail as the outbox keeps it once sent: subject, text part and HTML
// part in the shape the app's templates give them (app/services/mail), framed
// and signed with the institute's name. Rendering each message through React
// would take minutes for this many, so the frame is written out here once.
import type { OrderReceipt } from "../../app/models/orders/order-receipt.server";
import { formatEventWhen, formatIndiaTime } from "../../app/utils/dates";
import { formatPrice } from "../../app/utils/money";
import { orderNumber } from "../../app/utils/order-number";
import { RECEIPT_NOTICE, receiptLines } from "../../app/utils/receipt-lines";
import { hideSingleUseLinks } from "../../app/utils/single-use-links";
import type { Lead } from "./leads";
import type { PlannedOrder } from "./orders";
import type { Registration } from "./registrations";
import type { Student } from "./students";

export type Written = { subject: string; text: string; html: string };

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

const greeting = (firstName: string | null) => (firstName ? `Hello ${firstName},` : "Hello,");

export function mailTemplates(institute: { name: string; email: string }, origin: string) {
  const signature = `${institute.name}\n${institute.email}`;
  const frameHead =
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/></head>` +
    `<body style="margin:0;padding:24px 12px;background-color:#f1f5f9;font-family:Arial, Helvetica, sans-serif">` +
    `<div style="max-width:560px;margin:0 auto;background-color:#ffffff;border-radius:12px;overflow:hidden">` +
    `<p style="margin:0;padding:16px 24px;background-color:#0b1f3a;color:#ffffff;font-size:18px;font-weight:bold">${escape(institute.name)}</p>` +
    `<div style="padding:8px 24px 24px;color:#334155;font-size:16px;line-height:1.5">`;
  const frameTail =
    `</div><p style="margin:0;padding:12px 24px;border-top:1px solid #e2e8f0;color:#64748b;font-size:13px">${escape(institute.name)} · ` +
    `<a href="mailto:${escape(institute.email)}" style="color:#64748b">${escape(institute.email)}</a></p></div></body></html>`;
  const frame = (body: string) => frameHead + body + frameTail;
  const button = (href: string, label: string) =>
    `<p style="margin:24px 0"><a href="${escape(href)}" style="display:inline-block;padding:12px 20px;background-color:#f5b301;color:#0b1f3a;` +
    `font-weight:bold;border-radius:8px;text-decoration:none">${escape(label)}</a></p>` +
    `<p style="font-size:13px;word-break:break-all">Or copy this address into your browser: <a href="${escape(href)}" style="color:#0b1f3a">${escape(href)}</a></p>`;
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escape(line).replace(/\n/g, "<br/>")}</p>`).join("");
  /** A message of paragraphs and one link: the text part lists them, the HTML part frames them. */
  const simple = (
    subject: string,
    name: string | null,
    before: string[],
    link: { href: string; label: string } | null,
    after: string[],
  ) => ({
    subject,
    text: [greeting(name), ...before, ...(link ? [link.href] : []), ...after, signature].join("\n\n") + "\n",
    html: frame(paragraphs([greeting(name), ...before]) + (link ? button(link.href, link.label) : "") + paragraphs(after)),
  });
  // Formatting a date in India time is the slow part of writing these; each event's is done once.
  const when = new Map<number, { when: string; time: string }>();
  const timesOf = (eventDate: number) => {
    let times = when.get(eventDate);
    if (!times) {
      times = { when: formatEventWhen(new Date(eventDate)), time: formatIndiaTime(new Date(eventDate)) };
      when.set(eventDate, times);
    }
    return times;
  };
  const eventFacts = (registration: Registration) =>
    `${registration.event.title}\nWhen: ${timesOf(registration.event.eventDate).when}\n` +
    `Where: ${registration.event.venueStateCode ? "the venue on the event's page" : "online; the joining link is on your events page"}`;

  return {
    verifyEmail(token: string): Written {
      // Greets no one by name, as the app's: the address is not confirmed yet.
      const written = simple(
        `Confirm your email address for ${institute.name}`,
        null,
        [`Welcome to ${institute.name}! Please confirm that this is your email address:`],
        { href: `${origin}/verify-email?token=${token}`, label: "Confirm my email address" },
        [
          "The link works once, for 24 hours. Meanwhile you can already sign in with your password, browse courses and enrol.",
          "Did not sign up? Then ignore this message: nothing happens without the link.",
        ],
      );
      // A sent message's stored copy keeps no single-use link (markMessageSent).
      return { ...written, text: hideSingleUseLinks(written.text), html: hideSingleUseLinks(written.html) };
    },
    resetPassword(student: Student, token: string): Written {
      const written = simple(
        `Reset your ${institute.name} password`,
        student.firstName,
        [`Someone, probably you, asked to reset the password of your ${institute.name} account. Choose a new password here:`],
        { href: `${origin}/reset-password?token=${token}`, label: "Choose a new password" },
        [
          "The link works once, for 1 hour. Setting a new password signs you out everywhere else.",
          "Did not ask? Then ignore this message: your password stays as it was.",
        ],
      );
      return { ...written, text: hideSingleUseLinks(written.text), html: hideSingleUseLinks(written.html) };
    },
    accountExists(student: Student): Written {
      return simple(
        `You already have a ${institute.name} account`,
        student.firstName,
        [
          `Someone, probably you, just tried to create a ${institute.name} account with this email address. You already have one, so nothing was changed.`,
          "Sign in here:",
        ],
        { href: `${origin}/login`, label: "Sign in" },
        [`Forgotten your password? Choose a new one here: ${origin}/forgot-password`, "If this was not you, you can ignore this message."],
      );
    },
    welcome(student: Student): Written {
      return simple(
        `Welcome to ${institute.name}`,
        student.firstName,
        [`Thank you for confirming your email address. Your ${institute.name} account is ready.`, "What you can do next:"],
        { href: `${origin}/courses`, label: "Browse the courses" },
        [
          `Your enrolled courses and your progress are on your dashboard:\n${origin}/`,
          `Register for webinars and workshops:\n${origin}/events`,
          `Questions about a course or your account? Write to us at ${institute.email}.`,
        ],
      );
    },
    orderConfirmation(order: PlannedOrder, invoiceNumber: string | null): Written {
      const item = (order.course ?? order.event) as { id: number; title: string; pricePaise: number };
      const receipt: OrderReceipt = {
        orderId: order.id,
        student: { email: order.student.email, firstName: order.student.firstName, lastName: order.student.lastName },
        course: { id: item.id, title: item.title },
        kind: order.event ? "event" : "course",
        listPricePaise: order.coupon ? item.pricePaise : null,
        discountPaise: order.coupon ? item.pricePaise - order.amountPaise : null,
        coupon: order.coupon && {
          code: order.coupon.code,
          percentOff: order.coupon.discount.kind === "percent" ? order.coupon.discount.percentOff : null,
          amountOffPaise: order.coupon.discount.kind === "amount" ? order.coupon.discount.amountOffPaise : null,
        },
        amountPaise: order.amountPaise,
        paidAt: new Date(order.at),
        paymentReference: order.providerPaymentId ?? order.providerOrderId,
      };
      const lines = receiptLines(receipt, formatPrice);
      const link = order.event ? `${origin}/account/events` : `${origin}/learn/${item.id}`;
      const intro = order.event
        ? `Thank you for booking a seat at ${item.title} with ${institute.name}. Your seat is confirmed; the event's details and calendar file come in a separate message, and your events are here:`
        : `Thank you for enrolling in ${item.title} at ${institute.name}. The course is open for you now:`;
      const subject = order.event
        ? `Your seat at ${item.title} (order ${orderNumber(order.id)})`
        : `You are enrolled in ${item.title} (order ${orderNumber(order.id)})`;
      const later = `You can download this receipt${invoiceNumber ? " and your tax invoice" : ""} as a PDF at any time from your orders page: ${origin}/account/orders`;
      const after = [
        RECEIPT_NOTICE,
        ...(invoiceNumber ? [`Your GST tax invoice ${invoiceNumber} is attached as a PDF.`] : []),
        later,
        `Questions about your course or this order? Write to us at ${institute.email} and quote the order number.`,
      ];
      const table =
        `<h2 style="font-size:18px;margin:24px 0 8px">Receipt</h2><table role="presentation" style="width:100%;border-collapse:collapse;font-size:15px"><tbody>` +
        lines
          .map(
            (line) =>
              `<tr><td style="padding:4px 12px 4px 0;color:#64748b;vertical-align:top">${escape(line.label)}</td>` +
              `<td style="padding:4px 0;font-weight:bold;word-break:break-word">${escape(line.value)}</td></tr>`,
          )
          .join("") +
        "</tbody></table>";
      return {
        subject,
        text:
          [
            greeting(order.student.firstName),
            intro,
            link,
            ["Receipt", ...lines.map((l) => `${l.label}: ${l.value}`)].join("\n"),
            ...after,
            signature,
          ].join("\n\n") + "\n",
        html: frame(
          paragraphs([greeting(order.student.firstName), intro]) +
            button(link, order.event ? "Your events" : "Start learning") +
            table +
            paragraphs(after),
        ),
      };
    },
    courseGranted(order: PlannedOrder): Written {
      const title = order.course?.title ?? "";
      return simple(
        `You are enrolled in ${title}`,
        order.student.firstName,
        [`You now have a place in ${title} at ${institute.name}. The course is open for you:`],
        { href: `${origin}/learn/${order.course?.id ?? 0}`, label: "Start learning" },
        [`Questions about your course? Write to us at ${institute.email}.`],
      );
    },
    refund(order: PlannedOrder, creditNoteNumber: string | null): Written {
      const amount = formatPrice(order.amountPaise);
      return simple(`Your refund of ${amount} for ${order.course?.title ?? ""}`, order.student.firstName, [], null, [
        `We have refunded ${amount} for ${order.course?.title ?? ""}.`,
        order.provider === "offline"
          ? "The institute has returned this money to you directly, as noted with the refund."
          : "The money goes back to the card, UPI account or bank account you paid from, usually within 5–7 working days.",
        ...(creditNoteNumber ? [`Your GST credit note is ${creditNoteNumber}; it is listed on your orders page.`] : []),
        "The course is no longer open in your account.",
        `Questions about this refund? Write to us at ${institute.email}.`,
      ]);
    },
    eventRegistered(registration: Registration): Written {
      return simple(
        `You are registered: ${registration.event.title}`,
        null,
        [`Thank you for registering. Your seat at this ${institute.name} event is booked:`, eventFacts(registration)],
        { href: `${origin}/account/events`, label: "Your events" },
        ["The calendar file attached to this message adds the event to your calendar."],
      );
    },
    reminder(registration: Registration, kind: "day-before" | "hour-before"): Written {
      const times = timesOf(registration.event.eventDate);
      return simple(
        kind === "day-before"
          ? `Reminder: ${registration.event.title}, ${times.when}`
          : `Starting soon: ${registration.event.title} at ${times.time}`,
        null,
        [`A reminder: your event starts within ${kind === "day-before" ? "a day" : "the hour"}.`, eventFacts(registration)],
        { href: `${origin}/account/events`, label: "Your events" },
        ["Cannot make it? Please cancel your registration, so that someone else can have the seat."],
      );
    },
    teamLead(lead: Lead): Written {
      const facts = [
        `Name: ${lead.name}`,
        `WhatsApp: ${lead.whatsappNumber}`,
        ...(lead.email ? [`Email: ${lead.email}`] : []),
        `From: ${lead.city}, ${lead.state}`,
        `Interested in: ${lead.targetTitle} (${lead.targetType})`,
        `Experience: ${lead.experienceLevel}`,
        `Heard of us through: ${lead.sourceOfLead}`,
      ].join("\n");
      return simple(
        `New enrollment lead: ${lead.name} for ${lead.targetTitle}`,
        null,
        [facts],
        { href: `${origin}/admin/users/enrollment-forms?q=${encodeURIComponent(lead.whatsappNumber)}`, label: "Open the enrollment forms" },
        [`You receive this because notifications are on in the ${institute.name} admin panel (Settings).`],
      );
    },
  };
}
