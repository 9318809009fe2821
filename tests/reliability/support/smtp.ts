import { SMTPServer } from "smtp-server";

// A real SMTP server on loopback (smtp-server) that keeps what it is sent, for
// files that check the mail a site delivers.

export type ReceivedMail = {
  to: string[];
  /** The message as sent, quoted-printable soft breaks and escapes undone. */
  text: string;
  header(name: string): string | null;
};

export type MailCatcher = {
  received: ReceivedMail[];
  /** The first message to `address` that matches, waiting up to `timeoutMs` for it. */
  next(address: string, matches: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
};

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function parse(raw: string, to: string[]): ReceivedMail {
  const [head = ""] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  return {
    to,
    text: decodeQuotedPrintable(raw),
    header(name) {
      const line = unfolded.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
      return line ? line.slice(name.length + 1).trim() : null;
    },
  };
}

/**
 * `answerDelayMs`: how long the server holds its "250 OK" after it has a message, as a
 * slow mail server does; a sender stopped in that window cannot know the message arrived.
 */
export async function startMailCatcher(port: number, { answerDelayMs = 0 } = {}): Promise<MailCatcher> {
  const received: ReceivedMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(
          parse(
            Buffer.concat(chunks).toString("utf8"),
            session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ),
        );
        for (const wake of waiting) wake();
        // Not a wait for something: a mail server slow to answer is the scenario under test.
        if (answerDelayMs > 0) setTimeout(callback, answerDelayMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });

  function next(address: string, matches: (mail: ReceivedMail) => boolean, timeoutMs = 20_000): Promise<ReceivedMail> {
    const find = () => received.find((mail) => mail.to.includes(address) && matches(mail));
    return new Promise((resolve, reject) => {
      const check = () => {
        const mail = find();
        if (!mail) return;
        clearTimeout(timer);
        waiting.delete(check);
        resolve(mail);
      };
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(new Error(`No mail to ${address} within ${timeoutMs} ms (${received.length} received)`));
      }, timeoutMs);
      waiting.add(check);
      check();
    });
  }

  return { received, next, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
