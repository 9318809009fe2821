import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import { ordinaryTables } from "../../support/database";

// What the fuzzer asks of every answer: below 500; a refusal (4xx) says why;
// and a refusal stored nothing. Writes are seen on the test's own connection:
// PRAGMA data_version moves when another connection commits, and then each
// table's rows are hashed and compared with the last accepted state.

/**
 * Sessions may be touched by any read (sliding expiry, sign-out), so they are not "rows written";
 * the audit log records refusals on purpose (a throttle engaging writes one row).
 */
const UNWATCHED = new Set(["sessions", "audit_log"]);

export type Fingerprint = Map<string, string>;

export class WriteWatcher {
  private version: number;
  private baseline: Fingerprint;

  constructor(private readonly db: Database.Database) {
    this.version = this.dataVersion();
    this.baseline = this.fingerprint();
  }

  private dataVersion(): number {
    return Number(this.db.pragma("data_version", { simple: true }));
  }

  private tables(): string[] {
    return ordinaryTables(this.db).filter((name) => !UNWATCHED.has(name));
  }

  fingerprint(): Fingerprint {
    const result: Fingerprint = new Map();
    for (const table of this.tables()) {
      const hash = createHash("sha1");
      let count = 0;
      for (const row of this.db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).iterate()) {
        hash.update(JSON.stringify(row));
        count++;
      }
      result.set(table, `${count}:${hash.digest("hex")}`);
    }
    return result;
  }

  /**
   * Tables whose rows changed since the last call ([] when nothing committed).
   * The state found becomes the baseline either way: an accepted request may
   * write, and a refused one that wrote is reported once, not blamed on the next.
   */
  changedTables(): string[] {
    const version = this.dataVersion();
    if (version === this.version) return [];
    this.version = version;
    const now = this.fingerprint();
    const changed = [...now.keys()].filter((table) => now.get(table) !== this.baseline.get(table));
    this.baseline = now;
    return changed;
  }
}

// The site's and the admin panel's error screens for a refusal, and the request guard's page.
const ERROR_SCREEN_TITLES = ["Page Not Found", "Request not accepted", "Saving is paused", "Request refused", "Access denied", "Not found"];

function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The error text an HTML answer shows, or null. Counted: a form field's error
 * (Conform's `…-error` paragraphs) or a role="alert" notice with words in it,
 * the site's error screen for a refusal (its heading and text), and the guard's
 * "Request refused" page. "Something went wrong" is not a reason, so it does not count.
 */
export function htmlErrorText(html: string): string | null {
  for (const match of html.matchAll(/<p id="[^"]*-error"[^>]*>([\s\S]*?)<\/p>/g)) {
    const text = textOf(match[1] ?? "");
    if (text) return text;
  }
  for (const match of html.matchAll(/role="alert"[^>]*>([\s\S]*?)<\/(?:div|p|section)>/g)) {
    const text = textOf(match[1] ?? "");
    if (/[A-Za-z]{3}/.test(text)) return text;
  }
  for (const match of html.matchAll(/<h1[^>]*>([^<]*)<\/h1>\s*<p[^>]*>([^<]*)<\/p>/g)) {
    const title = textOf(match[1] ?? "");
    const text = textOf(match[2] ?? "");
    if (ERROR_SCREEN_TITLES.includes(title) && text) return `${title}: ${text}`;
  }
  return null;
}

/** The message a 4xx answer gives, or null when it gives none a person could act on. */
export function refusalMessage(contentType: string, body: string): string | null {
  if (contentType.includes("application/json")) {
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string" && parsed.message.trim())
        return parsed.message;
    } catch {
      return null;
    }
    return null;
  }
  if (contentType.includes("text/html")) return htmlErrorText(body);
  return null;
}
