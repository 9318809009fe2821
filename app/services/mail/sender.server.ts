import nodemailer, { type SendMailOptions } from "nodemailer";
import {
  claimDueMessages,
  markMessageAttemptFailed,
  markMessageSent,
  requeueInterruptedMessages,
  type OutgoingMessage,
} from "~/models/outbox.server";
import type { Env } from "~/utils/env.server";
import { mailSender } from "./compose.server";

// The in-process sender: started by server.ts when SMTP_URL is set, it polls
// the outbox, sends what is due through nodemailer and records each outcome
// (sent; or the error, and a retry after a growing wait). Without SMTP_URL it
// never starts and messages wait in the outbox for an admin to read.

const POLL_MS = 1_000;
const BATCH = 10;

export type MailTransport = { sendMail(message: SendMailOptions): Promise<unknown> };

/** Sends every message due now, one at a time; returns how many were sent and how many failed. */
export async function sendDueMessages(transport: MailTransport, from: string): Promise<{ sent: number; failed: number }> {
  const tally = { sent: 0, failed: 0 };
  for (const message of claimDueMessages(BATCH)) {
    try {
      await transport.sendMail(asMail(message, from));
      markMessageSent(message.id);
      tally.sent++;
    } catch (error) {
      const state = markMessageAttemptFailed(message.id, error instanceof Error ? error.message : String(error));
      console.warn(`Mail ${message.id} to ${message.toAddress} was not sent (${state === "failed" ? "giving up" : "will retry"}):`, error);
      tally.failed++;
    }
  }
  return tally;
}

function asMail(message: OutgoingMessage, from: string): SendMailOptions {
  return {
    from,
    to: message.toAddress,
    subject: message.subject,
    text: message.textBody,
    ...(message.htmlBody ? { html: message.htmlBody } : {}),
    messageId: message.messageId,
    attachments: message.attachments.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: file.contentBase64,
      encoding: "base64",
    })),
  };
}

/** Starts the sender when SMTP_URL is set; returns a stop function, or null when mail stays in the outbox. */
export function startMailSender(env: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "SITE_URL">): (() => void) | null {
  if (!env.SMTP_URL) return null;
  const transport = nodemailer.createTransport({
    url: env.SMTP_URL,
    // A mail server that hangs must not hold the queue for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const from = mailSender(env);
  const interrupted = requeueInterruptedMessages();
  if (interrupted > 0) console.log(`Mail: ${interrupted} message(s) whose sending was cut short are queued again.`);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      await sendDueMessages(transport, from);
    } catch (error) {
      // The database may be briefly unwritable (decision 0010); the next tick tries again.
      console.warn("Mail: the outbox could not be read:", error);
    }
    if (!stopped) timer = setTimeout(tick, POLL_MS);
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
    transport.close();
  };
}
