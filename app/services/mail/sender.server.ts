import nodemailer, { type SendMailOptions } from "nodemailer";
import {
  claimDueMessages,
  DEFAULT_RETRY_BASE_MS,
  markMessageAttemptFailed,
  markMessageSent,
  requeueInterruptedMessages,
  type OutgoingMessage,
} from "~/models/site/outbox.server";
import type { Env } from "~/utils/env.server";
import { attachmentBytes } from "./attachments.server";
import { mailSender } from "./compose.server";
import { writeQueuedMail } from "./writer.server";

// The in-process sender: started by server.ts when SMTP_URL is set. A few
// workers each claim one due message at a time (queued → sending), send it
// through a pooled nodemailer transport and record the outcome (sent; or the
// error, and a retry after a growing wait). One message on a slow or hanging
// connection holds only its own worker. Stopping lets the messages in flight
// finish and record their outcome, so a shutdown sends nothing twice. Without
// SMTP_URL it never starts and messages wait in the outbox for an admin to read.

const POLL_MS = 1_000;
/** Messages in flight at once, each on a pooled SMTP connection of its own. */
const SEND_CONCURRENCY = 5;
/**
 * At shutdown, how long the messages in flight may take to finish. The server
 * closes SQLite after this, within the 10 s a container runtime gives after SIGTERM;
 * a message still unanswered then stays "sending" and is queued again at the next start.
 */
const STOP_WAIT_MS = 5_000;

export type MailTransport = { sendMail(message: SendMailOptions): Promise<unknown> };
type SendOptions = { retryBaseMs?: number; concurrency?: number };
type Outcome = "sent" | "failed";

/** Writes what is still unwritten, then claims the next due message and sends it; null when nothing is due. */
async function sendNextMessage(transport: MailTransport, from: string, retryBaseMs: number): Promise<Outcome | null> {
  // Mail queued outside a request (a job's) is written here, before it is due to go.
  writeQueuedMail();
  const [message] = claimDueMessages(1);
  if (!message) return null;
  let failure: unknown = null;
  try {
    await transport.sendMail(await asMail(message, from));
  } catch (error) {
    failure = error;
  }
  try {
    if (failure === null) {
      markMessageSent(message.id);
      return "sent";
    }
    const state = markMessageAttemptFailed(message.id, failure instanceof Error ? failure.message : String(failure), { retryBaseMs });
    console.warn(`Mail ${message.id} to ${message.toAddress} was not sent (${state === "failed" ? "giving up" : "will retry"}):`, failure);
    return "failed";
  } catch (error) {
    // The outcome could not be stored (the database is failing or already closed):
    // the row stays "sending" and is queued again at the next start.
    console.warn(`Mail ${message.id}: its outcome could not be recorded:`, error);
    return "failed";
  }
}

/** Sends every message due now, a few at a time; returns how many were sent and how many failed. */
export async function sendDueMessages(
  transport: MailTransport,
  from: string,
  { retryBaseMs = DEFAULT_RETRY_BASE_MS, concurrency = SEND_CONCURRENCY }: SendOptions = {},
): Promise<{ sent: number; failed: number }> {
  const tally = { sent: 0, failed: 0 };
  const worker = async () => {
    for (
      let outcome = await sendNextMessage(transport, from, retryBaseMs);
      outcome;
      outcome = await sendNextMessage(transport, from, retryBaseMs)
    )
      tally[outcome]++;
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return tally;
}

async function asMail(message: OutgoingMessage, from: string): Promise<SendMailOptions> {
  return {
    from,
    to: message.toAddress,
    // Claimed messages are written ones: only a written message is ever claimed.
    subject: message.subject ?? "",
    text: message.textBody ?? "",
    ...(message.htmlBody ? { html: message.htmlBody } : {}),
    messageId: message.messageId,
    // One click in the mail app unsubscribes (RFC 8058): a POST to the link, which needs no sign-in.
    ...(message.listUnsubscribe
      ? { list: { unsubscribe: message.listUnsubscribe }, headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } }
      : {}),
    attachments: await Promise.all(
      message.attachments.map(async (file) =>
        "contentBase64" in file
          ? { filename: file.filename, contentType: file.contentType, content: file.contentBase64, encoding: "base64" }
          : { filename: file.filename, contentType: file.contentType, content: await attachmentBytes(file) },
      ),
    ),
  };
}

/** A wait that `wake` cuts short. */
function pausable() {
  const sleepers = new Set<() => void>();
  return {
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          sleepers.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        sleepers.add(done);
      }),
    wakeAll: () => {
      for (const wake of [...sleepers]) wake();
    },
  };
}

/**
 * Starts the sender when SMTP_URL is set; returns a stop function (resolves once
 * the messages in flight have finished, or after STOP_WAIT_MS), or null when mail stays in the outbox.
 */
export function startMailSender(
  env: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "SITE_URL" | "MAIL_RETRY_BASE_MS">,
): (() => Promise<void>) | null {
  if (!env.SMTP_URL) return null;
  const transport = nodemailer.createTransport({
    url: env.SMTP_URL,
    // Connections are reused: no connect and greeting per message.
    pool: true,
    maxConnections: SEND_CONCURRENCY,
    // A mail server that hangs must not hold a worker for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const from = mailSender(env);
  const interrupted = requeueInterruptedMessages();
  if (interrupted > 0) console.log(`Mail: ${interrupted} message(s) whose sending was cut short are queued again.`);
  let stopped = false;
  const idle = pausable();
  const worker = async () => {
    while (!stopped) {
      let outcome: Outcome | null = null;
      try {
        outcome = await sendNextMessage(transport, from, env.MAIL_RETRY_BASE_MS);
      } catch (error) {
        // The database may be briefly unwritable (decision 0010); the next round tries again.
        console.warn("Mail: the outbox could not be read:", error);
      }
      if (!outcome && !stopped) await idle.sleep(POLL_MS);
    }
  };
  const workers = Promise.all(Array.from({ length: SEND_CONCURRENCY }, worker));
  return async () => {
    stopped = true;
    idle.wakeAll();
    let giveUp: NodeJS.Timeout | undefined;
    await Promise.race([workers, new Promise((resolve) => (giveUp = setTimeout(resolve, STOP_WAIT_MS)))]);
    clearTimeout(giveUp);
    transport.close();
  };
}
