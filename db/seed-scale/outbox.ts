// The outbox as years of sending leave it: exactly the number of messages
// asked for, drawn at random from everything that queues mail (sign-ups,
// confirmed addresses, paid orders, registrations and their reminders, leads
// for the team, refunds, password resets), so old and new messages are mixed
// as they are on a site that never pruned. Nearly all were sent; a few were
// given up on after eight attempts. Each keeps its written bodies.
import type { Writer } from "./context";
import type { Lead } from "./leads";
import { mailTemplates, type Written } from "./mail";
import type { PlannedOrder } from "./orders";
import type { Random } from "./random";
import type { Registration } from "./registrations";
import type { Student } from "./students";
import type { OrderDocuments } from "./tax-documents";

type Message = { kind: string; at: number; to: string; userId: string | null; write: () => Written; attachments: string; canFail: boolean };

const SMTP_ERRORS = [
  "550 5.1.1 The email account that you tried to reach does not exist",
  "552 5.2.2 The recipient's mailbox is full",
  "421 4.7.0 Try again later, closing connection",
  "Connection timeout",
  "554 5.7.1 Message rejected as spam by the recipient's server",
];
const TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** The sender's waits between attempts: 30 s doubling, at most an hour (outbox.server.ts's retryDelayMs). */
const retryDelay = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
const GIVE_UP_AFTER = 8;

export function writeOutbox(
  writer: Writer,
  random: Random,
  args: {
    target: number;
    now: number;
    origin: string;
    institute: { name: string; email: string };
    notifyAddress: string;
    students: Student[];
    orders: PlannedOrder[];
    documents: Map<PlannedOrder, OrderDocuments>;
    registrations: Registration[];
    leads: Lead[];
  },
): number {
  const { now, students } = args;
  const mail = mailTemplates(args.institute, args.origin);
  const token = () => random.chars(TOKEN_ALPHABET, 43);
  const toStudent = (student: Student) => ({ to: student.email, userId: student.id });
  const after = (student: Student) => Math.round(student.createdAt + random.next() * (now - student.createdAt));

  const verified = students.filter((s) => s.verifiedAt !== null);
  const confirmed = args.orders.filter((o) => o.paidAt !== null && o.provider !== "grant");
  const granted = args.orders.filter((o) => o.paidAt !== null && o.provider === "grant");
  const refunds = args.orders.filter((o) => o.refund?.byAdmin);
  const dayBefore = args.registrations.filter((r) => r.remindedDayBeforeAt !== null);
  const hourBefore = args.registrations.filter((r) => r.remindedHourBeforeAt !== null);

  // Each kind: how many there are to draw from, its share of the outbox, and how to make its i-th message.
  const kinds: { size: number; share: number; make: (i: number) => Message }[] = [
    { size: refunds.length, share: 0.02, make: (i) => refundMessage(refunds[i] as PlannedOrder) },
    { size: granted.length, share: 0.02, make: (i) => grantMessage(granted[i] as PlannedOrder) },
    { size: confirmed.length, share: 0.27, make: (i) => confirmation(confirmed[i] as PlannedOrder) },
    { size: students.length, share: 0.17, make: (i) => verification(students[i] as Student) },
    { size: verified.length, share: 0.14, make: (i) => welcomeMessage(verified[i] as Student) },
    { size: args.registrations.length, share: 0.12, make: (i) => registered(args.registrations[i] as Registration) },
    { size: dayBefore.length, share: 0.06, make: (i) => reminderMessage(dayBefore[i] as Registration, "day-before") },
    { size: hourBefore.length, share: 0.06, make: (i) => reminderMessage(hourBefore[i] as Registration, "hour-before") },
    { size: args.leads.length, share: 0.1, make: (i) => leadNotice(args.leads[i] as Lead) },
    { size: Infinity, share: 0.03, make: () => passwordReset(random.pick(students)) },
    { size: Infinity, share: 0.01, make: () => accountExists(random.pick(students)) },
  ];
  // The shares add up to 1; each kind takes its share or all it has.
  const counts = kinds.map((kind) => Math.min(kind.size, Math.floor(kind.share * args.target)));
  // Whatever a small kind could not fill goes to the kinds that have more to give, in order.
  let left = args.target - counts.reduce((sum, count) => sum + count, 0);
  for (let i = 0; left > 0 && i < kinds.length; i++) {
    const more = Math.min(left, (kinds[i] as { size: number }).size - (counts[i] as number));
    counts[i] = (counts[i] as number) + more;
    left -= more;
  }
  const messages: Message[] = [];
  kinds.forEach((kind, i) => {
    const count = counts[i] as number;
    const chosen = kind.size === Infinity ? Array.from({ length: count }, (_, n) => n) : random.sample(kind.size, count);
    for (const index of chosen) messages.push(kind.make(index));
  });
  messages.sort((a, b) => a.at - b.at);

  const insert = writer.bulk(
    "outbox_messages",
    [
      "kind",
      "to_address",
      "subject",
      "text_body",
      "html_body",
      "attachments",
      "message_id",
      "state",
      "attempts",
      "last_error",
      "next_attempt_at",
      "user_id",
      "created_at",
      "sent_at",
    ],
    20,
  );
  const host = new URL(args.origin).hostname;
  for (const message of messages) {
    const written = message.write();
    const failed = message.canFail && random.chance(0.03);
    const attempts = failed ? GIVE_UP_AFTER : random.chance(0.05) ? 2 : 1;
    let nextAttemptAt = message.at;
    for (let a = 1; a < attempts; a++) nextAttemptAt += retryDelay(a);
    if (failed) nextAttemptAt += retryDelay(GIVE_UP_AFTER);
    const sentAt = failed ? null : Math.min(now, nextAttemptAt + random.int(1_000, 20_000));
    insert.add(
      message.kind,
      message.to,
      written.subject,
      written.text,
      written.html,
      message.attachments,
      `<${random.uuid()}@${host}>`,
      failed ? "failed" : "sent",
      attempts,
      failed ? random.pick(SMTP_ERRORS) : null,
      nextAttemptAt,
      message.userId,
      message.at,
      sentAt,
    );
  }
  insert.flush();
  return messages.length;

  function verification(student: Student): Message {
    const t = token();
    return {
      kind: "verify-email",
      at: student.createdAt,
      ...toStudent(student),
      write: () => mail.verifyEmail(t),
      attachments: "[]",
      canFail: false,
    };
  }
  function welcomeMessage(student: Student): Message {
    return {
      kind: "welcome",
      at: student.verifiedAt as number,
      ...toStudent(student),
      write: () => mail.welcome(student),
      attachments: "[]",
      canFail: true,
    };
  }
  function passwordReset(student: Student): Message {
    const t = token();
    return {
      kind: "reset-password",
      at: after(student),
      ...toStudent(student),
      write: () => mail.resetPassword(student, t),
      attachments: "[]",
      canFail: false,
    };
  }
  function accountExists(student: Student): Message {
    return {
      kind: "account-exists",
      at: after(student),
      ...toStudent(student),
      write: () => mail.accountExists(student),
      attachments: "[]",
      canFail: true,
    };
  }
  function confirmation(order: PlannedOrder): Message {
    const invoice = args.documents.get(order)?.invoice ?? null;
    // The invoice's PDF is drawn when the message is sent: the stored attachment names the document.
    const attachments = invoice
      ? JSON.stringify([
          {
            filename: `tax-invoice-${invoice.number.replaceAll("/", "-")}.pdf`,
            contentType: "application/pdf",
            document: { kind: "tax-document", id: invoice.id },
          },
        ])
      : "[]";
    return {
      kind: "order-confirmation",
      at: order.paidAt as number,
      ...toStudent(order.student),
      write: () => mail.orderConfirmation(order, invoice?.number ?? null),
      attachments,
      canFail: true,
    };
  }
  function grantMessage(order: PlannedOrder): Message {
    return {
      kind: "course-granted",
      at: order.paidAt as number,
      ...toStudent(order.student),
      write: () => mail.courseGranted(order),
      attachments: "[]",
      canFail: true,
    };
  }
  function refundMessage(order: PlannedOrder): Message {
    const note = args.documents.get(order)?.creditNote?.number ?? null;
    return {
      kind: "order-refunded",
      at: order.refund?.at as number,
      ...toStudent(order.student),
      write: () => mail.refund(order, note),
      attachments: "[]",
      canFail: true,
    };
  }
  function registered(registration: Registration): Message {
    return {
      kind: "event-registered",
      at: registration.registeredAt,
      to: registration.email,
      userId: registration.student.id,
      write: () => mail.eventRegistered(registration),
      attachments: "[]",
      canFail: true,
    };
  }
  function reminderMessage(registration: Registration, which: "day-before" | "hour-before"): Message {
    return {
      kind: `event-reminder-${which}`,
      at: (which === "day-before" ? registration.remindedDayBeforeAt : registration.remindedHourBeforeAt) as number,
      to: registration.email,
      userId: registration.student.id,
      write: () => mail.reminder(registration, which),
      attachments: "[]",
      canFail: true,
    };
  }
  function leadNotice(lead: Lead): Message {
    // The team's notice goes to the notification address and belongs to no student's account.
    return {
      kind: "team-enrolment-lead",
      at: lead.createdAt,
      to: args.notifyAddress,
      userId: null,
      write: () => mail.teamLead(lead),
      attachments: "[]",
      canFail: true,
    };
  }
}
