import { Transform, type TransformCallback } from "node:stream";

const CLOSING_TAGS = Buffer.from("</body></html>");

const withoutNulBytes = (chunk: Buffer) => (chunk.indexOf(0) < 0 ? chunk : Buffer.from(chunk.filter((byte) => byte !== 0)));

/**
 * Mends two faults of React 18's streamed HTML, so every page is valid HTML
 * (the W3C's checker passes it) and a strict parser reads it whole:
 * - React writes `</body></html>` with the page's shell and then streams what was
 *   not ready (Remix's loader data, suspended parts) as `<script>` elements after
 *   it ("stray start tag script"). The two closing tags are moved to the end of
 *   the stream; every other byte goes out as soon as it comes.
 * - When a character of two or more bytes does not fit at the end of React's
 *   2 KB write buffer, React 18.3 sends the whole buffer, its unused last bytes
 *   zero (fixed in React 19: it sends only the bytes written). The NUL bytes are
 *   dropped: no UTF-8 character contains one, and no page means to send one.
 */
export class ValidHtmlStream extends Transform {
  /** The last bytes seen, kept back while they may be the start of the closing tags split over two chunks. */
  private pending = Buffer.alloc(0);
  private moved = false;

  override _transform(written: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    const chunk = withoutNulBytes(written);
    if (this.moved) return callback(null, chunk);
    const bytes = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const at = bytes.indexOf(CLOSING_TAGS);
    if (at >= 0) {
      this.moved = true;
      this.pending = Buffer.alloc(0);
      this.push(bytes.subarray(0, at));
      return callback(null, bytes.subarray(at + CLOSING_TAGS.length));
    }
    const kept = Math.min(bytes.length, CLOSING_TAGS.length - 1);
    this.pending = Buffer.from(bytes.subarray(bytes.length - kept));
    callback(null, bytes.subarray(0, bytes.length - kept));
  }

  override _flush(callback: TransformCallback) {
    if (this.pending.length) this.push(this.pending);
    callback(null, this.moved ? CLOSING_TAGS : undefined);
  }
}
