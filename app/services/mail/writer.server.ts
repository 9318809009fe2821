import { findRegisteredEvent, type RegisteredEvent } from "~/models/events/registered-event.server";
import { findOrderReceipt } from "~/models/orders/order-receipt.server";
import { taxDocumentsOfOrders } from "~/models/orders/tax-document.server";
import type { OutboxKind, OutboxPayload } from "~/models/site/outbox-payload";
import { markMessageUnwritable, storeWrittenMessage, unwrittenMessages, type WrittenMessage } from "~/models/site/outbox.server";
import { findBatchForMail } from "~/models/batches/batch.server";
import { findSessionForMail, isCalledOff, type SessionView } from "~/models/batches/live-session.server";
import { writeBatchSeatGone, writeBatchWaitlistOffer } from "./batch-seats.server";
import { writeSessionCancelled, writeSessionChanged, writeSessionReminder } from "./batch-sessions.server";
import { writeBatchCancelled, writeBatchMoved } from "./batch-changes.server";
import { writeBreachNotice } from "./breach-notice.server";
import { writeContactAcknowledgement } from "./contact.server";
import { writeCourseGrant } from "./course-grant.server";
import { writeJournalComment } from "./journal-comment.server";
import { writeEmailChange, writeEmailChangeNotice, writeEmailChangeTaken } from "./email-change.server";
import { writeSeatGone, writeWaitlistOffer } from "./event-seats.server";
import { writeEventRegistered, writeEventReminder } from "./events.server";
import { writeLateCreditNoteNotice } from "./late-credit-note.server";
import { writeNewsletterConfirmation } from "./newsletter.server";
import { writeOrderConfirmation } from "./order.server";
import { writePasswordReset } from "./password-reset.server";
import { writeRefund } from "./refund.server";
import { writeAccountExists, writeEmailConfirmation } from "./sign-up.server";
import { writeContactTeamNotice, writeEnrollmentLeadTeamNotice } from "./team-notices.server";
import { writeWelcome } from "./welcome.server";

// The mail writer: turns each queued message's payload into its subject,
// text and HTML parts, after the transaction that queued it has committed.
// Models never compose mail and never see the site's address; the writer
// reads what it needs (the order, the event) as it stands now and builds
// links from the configured address. It runs after every request
// (app/services/site-build/mail-writing.server.ts), in the sender before it
// sends, and after the jobs that queue mail.

type PayloadByKind = { [Payload in OutboxPayload as Payload["kind"]]: Payload };
type Writer<Kind extends OutboxKind> = (payload: PayloadByKind[Kind]) => WrittenMessage;

/** Thrown when what a message is about has gone (an order erased with its account, a deleted event). */
class NothingToWrite extends Error {}

function eventOf(eventId: number): RegisteredEvent {
  const event = findRegisteredEvent(eventId);
  if (!event) throw new NothingToWrite(`event ${eventId} no longer exists`);
  return event;
}

function sessionOf(sessionId: number): SessionView {
  const session = findSessionForMail(sessionId);
  if (!session) throw new NothingToWrite(`live session ${sessionId} no longer exists`);
  return session;
}

/** A reminder of a class since called off would send the student to a class that will not happen. */
function sessionStillOn(sessionId: number): SessionView {
  const session = sessionOf(sessionId);
  if (isCalledOff(session)) throw new NothingToWrite(`live session ${sessionId} was cancelled`);
  return session;
}

/** Every kind has its writer: a new kind fails the type check until it is given one. */
const WRITERS: { [Kind in OutboxKind]: Writer<Kind> } = {
  "verify-email": writeEmailConfirmation,
  "account-exists": writeAccountExists,
  "reset-password": writePasswordReset,
  welcome: writeWelcome,
  "change-email": writeEmailChange,
  "change-email-notice": writeEmailChangeNotice,
  "change-email-taken": writeEmailChangeTaken,
  "course-granted": writeCourseGrant,
  "journal-comment": writeJournalComment,
  "contact-acknowledgement": writeContactAcknowledgement,
  "team-contact-message": writeContactTeamNotice,
  "team-enrolment-lead": writeEnrollmentLeadTeamNotice,
  "newsletter-confirm": writeNewsletterConfirmation,
  "event-registered": ({ eventId }) => writeEventRegistered(eventOf(eventId)),
  "event-reminder-day-before": ({ eventId }) => writeEventReminder("day-before", eventOf(eventId)),
  "event-reminder-hour-before": ({ eventId }) => writeEventReminder("hour-before", eventOf(eventId)),
  "event-waitlist-offer": (offer) => writeWaitlistOffer(offer, eventOf(offer.eventId)),
  "event-seat-gone": writeSeatGone,
  "batch-waitlist-offer": (offer) => {
    const batch = findBatchForMail(offer.batchId);
    if (!batch) throw new NothingToWrite(`batch ${offer.batchId} no longer exists`);
    return writeBatchWaitlistOffer(offer, batch);
  },
  "batch-seat-gone": writeBatchSeatGone,
  "batch-session-reminder-day-before": (reminder) => writeSessionReminder("day-before", reminder, sessionStillOn(reminder.sessionId)),
  "batch-session-reminder-hour-before": (reminder) => writeSessionReminder("hour-before", reminder, sessionStillOn(reminder.sessionId)),
  "batch-session-changed": (notice) => writeSessionChanged(notice, sessionOf(notice.sessionId)),
  "batch-session-cancelled": (notice) => writeSessionCancelled(notice, sessionOf(notice.sessionId)),
  "batch-cancelled": writeBatchCancelled,
  "batch-moved": writeBatchMoved,
  "order-confirmation": ({ orderId }) => {
    const receipt = findOrderReceipt(orderId);
    if (!receipt) throw new NothingToWrite(`order ${orderId} can no longer be read`);
    const invoice = taxDocumentsOfOrders([orderId])
      .get(orderId)
      ?.find((document) => document.kind === "invoice");
    return writeOrderConfirmation({ ...receipt, invoice: invoice ? { id: invoice.id, number: invoice.number } : null });
  },
  "order-refunded": writeRefund,
  "team-late-credit-note": writeLateCreditNoteNotice,
  "breach-notice": writeBreachNotice,
};

function writeOne<Kind extends OutboxKind>(kind: Kind, payload: PayloadByKind[Kind]): WrittenMessage {
  return WRITERS[kind](payload);
}

/** The message a payload makes, written now. */
export function writeMessage(payload: OutboxPayload): WrittenMessage {
  return writeOne(payload.kind, payload);
}

const BATCH = 100;

/**
 * Writes every queued message still unwritten. One that cannot be written is
 * marked failed with the reason, and the others are written all the same.
 * Returns how many were written and how many failed.
 */
export function writeQueuedMail(): { written: number; failed: number } {
  const tally = { written: 0, failed: 0 };
  for (let batch = unwrittenMessages(BATCH); batch.length > 0; batch = unwrittenMessages(BATCH)) {
    for (const message of batch) {
      let written: WrittenMessage;
      try {
        written = writeMessage(message.payload);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (!(error instanceof NothingToWrite)) console.warn(`Mail ${message.id} (${message.payload.kind}) could not be written:`, error);
        markMessageUnwritable(message.id, reason);
        tally.failed++;
        continue;
      }
      if (storeWrittenMessage(message.id, written)) tally.written++;
    }
  }
  return tally;
}
