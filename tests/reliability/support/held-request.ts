import net from "node:net";

// A post whose body is held back after its first bytes until the server has
// answered (or a wait runs out): a server that refuses on the headers answers
// while most of the body is still on the client, and one that reads first
// answers only after the rest was sent. Sent over a raw socket so the answer
// is read exactly as it arrives, whatever the server then does with the
// connection.

export type HeldAnswer = {
  status: number;
  contentType: string;
  text: string;
  /** Bytes of the answer's body as sent (before any decoding of chunks). */
  answerBytes: number;
  /** Body bytes the client had sent when the answer arrived. */
  sentBeforeAnswer: number;
  /** The answer came while the rest of the body was still held back. */
  answeredEarly: boolean;
  ms: number;
};

const PIECE = 64 * 1024;

/** A POST's request line and headers, the path as written, without the blank line that ends them. */
function postHead(url: URL, path: string, headers: Record<string, string>, length: number): string {
  return [
    `POST ${path} HTTP/1.1`,
    `Host: ${url.host}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${length}`,
  ].join("\r\n");
}

/** `path` goes out as written: no URL parser removes its dot segments or changes its case first. */
export function postHeld(
  origin: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  options: { sendFirst?: number; waitMs?: number; timeoutMs?: number } = {},
): Promise<HeldAnswer> {
  const url = new URL(origin);
  const sendFirst = Math.min(options.sendFirst ?? PIECE, body.length);
  const head = postHead(url, path, headers, body.length);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const received: Buffer[] = [];
    let sent = 0;
    let settled = false;
    let answeredAt = -1;
    const socket = net.connect(Number(url.port), url.hostname);
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(holdTimer);
      socket.destroy();
      if (error) return reject(error);
      const answer = parseAnswer(Buffer.concat(received));
      if (!answer) return reject(new Error(`${path}: no complete answer`));
      resolve({ ...answer, sentBeforeAnswer: answeredAt, answeredEarly: answeredAt <= sendFirst, ms: performance.now() - started });
    };
    const sendRest = async () => {
      for (let offset = sendFirst; offset < body.length && answeredAt < 0 && !socket.destroyed; offset += PIECE) {
        const piece = body.subarray(offset, offset + PIECE);
        sent += piece.length;
        if (!socket.write(piece)) await new Promise((drained) => socket.once("drain", drained));
      }
    };
    // Not a wait for something: a client that stalls mid-body for this long is the scenario under test.
    const holdTimer = setTimeout(() => void sendRest(), options.waitMs ?? 5_000);
    socket.setTimeout(options.timeoutMs ?? 120_000, () => finish(new Error(`${path}: no answer in time`)));
    socket.on("connect", () => {
      socket.write(`${head}\r\n\r\n`);
      socket.write(body.subarray(0, sendFirst));
      sent = sendFirst;
    });
    socket.on("data", (chunk: Buffer) => {
      if (answeredAt < 0) answeredAt = sent;
      received.push(chunk);
      if (parseAnswer(Buffer.concat(received))) finish();
    });
    socket.on("error", (error) => (received.length > 0 ? finish() : finish(error)));
    socket.on("close", () => finish());
  });
}

/** The answer once it is complete (by Content-Length or the last chunk), else null. */
function parseAnswer(raw: Buffer): Omit<HeldAnswer, "sentBeforeAnswer" | "answeredEarly" | "ms"> | null {
  const split = raw.indexOf("\r\n\r\n");
  if (split < 0) return null;
  const head = raw.subarray(0, split).toString("latin1");
  const payload = raw.subarray(split + 4);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
  const contentType = /^content-type:\s*(.+)$/im.exec(head)?.[1]?.trim() ?? "";
  const length = /^content-length:\s*(\d+)$/im.exec(head)?.[1];
  if (length !== undefined) {
    if (payload.length < Number(length)) return null;
    return { status, contentType, text: payload.subarray(0, Number(length)).toString("utf8"), answerBytes: Number(length) };
  }
  if (!/^transfer-encoding:\s*chunked/im.test(head)) return null;
  const parts: Buffer[] = [];
  for (let offset = 0; ;) {
    const newline = payload.indexOf("\r\n", offset);
    if (newline < 0) return null;
    const size = parseInt(payload.subarray(offset, newline).toString("latin1"), 16);
    if (size === 0) break;
    if (payload.length < newline + 2 + size) return null;
    parts.push(payload.subarray(newline + 2, newline + 2 + size));
    offset = newline + 2 + size + 2;
  }
  const text = Buffer.concat(parts);
  return { status, contentType, text: text.toString("utf8"), answerBytes: text.length };
}

export type UploadAnswer = { status: number; connection: string; text: string; error: string | null };

/**
 * A post as a browser sends a form with a large file: the whole body goes out
 * at the pace of a slow link, and the answer is read only once the last byte
 * was sent, however early the server answered. A reset while it is still
 * sending leaves nothing to read (status 0, and the error).
 */
export function uploadThenRead(
  origin: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  pace: { pieceBytes: number; everyMs: number },
): Promise<UploadAnswer> {
  const url = new URL(origin);
  const head = postHead(url, path, headers, body.length);
  return new Promise((resolve) => {
    const received: Buffer[] = [];
    let error: string | null = null;
    const socket = net.connect(Number(url.port), url.hostname);
    // Nothing is read from the connection until the body is out: what the server sent waits in the kernel.
    socket.pause();
    let offset = 0;
    const pump = setInterval(() => {
      if (socket.destroyed) return clearInterval(pump);
      if (offset >= body.length) {
        clearInterval(pump);
        socket.resume();
        return;
      }
      socket.write(body.subarray(offset, offset + pace.pieceBytes));
      offset += pace.pieceBytes;
    }, pace.everyMs);
    socket.on("connect", () => socket.write(`${head}\r\n\r\n`));
    socket.on("data", (chunk: Buffer) => {
      received.push(chunk);
      const raw = Buffer.concat(received);
      if (parseAnswer(raw)) socket.destroy();
    });
    socket.on("error", (cause: NodeJS.ErrnoException) => (error ??= cause.code ?? cause.message));
    socket.on("close", () => {
      clearInterval(pump);
      const raw = Buffer.concat(received);
      const answer = parseAnswer(raw);
      const headText = raw.subarray(0, Math.max(0, raw.indexOf("\r\n\r\n"))).toString("latin1");
      resolve({
        status: answer?.status ?? 0,
        connection: /^connection:\s*(.+)$/im.exec(headText)?.[1]?.trim().toLowerCase() ?? "",
        text: answer?.text ?? "",
        error: answer ? null : error,
      });
    });
  });
}
