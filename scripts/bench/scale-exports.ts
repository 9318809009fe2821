// The heavy admin requests on the scale database: the accountant's invoice
// register for a busy month (time and the server's memory), and what other
// visitors feel while an all-data export is being written.
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { timedRequest } from "./http";
import type { TimedResponse } from "./http";
import { rssOf, sampleRss } from "./memory";
import { median } from "./scale-timing";

export interface Site {
  url: string;
  /** The node process that serves (memory.ts serverPid). */
  pid: number;
}

const INVOICE_RUNS = 3;

/** Tax invoices and credit notes issued in a calendar month in India (the register's rows). */
export function documentsIn(databasePath: string, month: string): number {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const from = Date.parse(`${month}-01T00:00:00+05:30`);
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, "0")}`;
  const to = Date.parse(`${next}-01T00:00:00+05:30`);
  const database = new Database(databasePath, { readonly: true });
  try {
    return (
      database.prepare("SELECT count(*) AS n FROM tax_documents WHERE issued_at >= ? AND issued_at < ?").get(from, to) as { n: number }
    ).n;
  } finally {
    database.close();
  }
}

export type InvoiceRegister =
  { ok: true; medianMs: number; maxMs: number; bytes: number; baseline: number; peak: number } | { ok: false; reason: string };

/** The Settings page's form as a browser posts it: same-origin headers, a urlencoded body with its length. */
function postRegister(site: Site, cookie: string, month: string): Promise<TimedResponse> {
  return timedRequest(new URL("/admin/settings/invoice-register", site.url).href, {
    method: "POST",
    headers: {
      cookie,
      origin: site.url,
      referer: new URL("/admin/settings", site.url).href,
      "sec-fetch-site": "same-origin",
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "document",
      "content-type": "application/x-www-form-urlencoded",
      accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    },
    body: new URLSearchParams({ month }).toString(),
    timeoutMs: 5 * 60_000,
  });
}

const isWorkbook = (response: TimedResponse) => String(response.headers["content-type"] ?? "").includes("spreadsheetml");

/** One untimed post, then INVOICE_RUNS timed ones while the server's RSS is sampled. */
export async function timeInvoiceRegister(site: Site, cookie: string, month: string): Promise<InvoiceRegister> {
  const failure = (response: TimedResponse) =>
    `answered ${response.status}${response.headers.location ? ` to ${String(response.headers.location)}` : ""}` +
    `${isWorkbook(response) ? "" : ` (${String(response.headers["content-type"] ?? "no content type")}, not a workbook)`}`;
  const first = await postRegister(site, cookie, month);
  if (first.status !== 200 || !isWorkbook(first)) return { ok: false, reason: failure(first) };
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const baseline = rssOf(site.pid) ?? 0;
  const sampler = sampleRss(site.pid);
  const times: number[] = [];
  let bytes = 0;
  let peak = baseline;
  try {
    for (let i = 0; i < INVOICE_RUNS; i++) {
      const response = await postRegister(site, cookie, month);
      if (response.status !== 200 || !isWorkbook(response)) return { ok: false, reason: failure(response) };
      times.push(response.ms);
      bytes = response.bytes;
    }
  } finally {
    peak = sampler.stop();
  }
  return { ok: true, medianMs: median(times), maxMs: Math.max(...times), bytes, baseline, peak };
}

export interface VisitorPage {
  label: string;
  path: string;
  cookie: string;
}

export interface VisitorLoad {
  label: string;
  p99Ms: number;
  rps: number;
  failures: number;
}

async function load(site: Site, pages: VisitorPage[], connections: number, seconds: number): Promise<VisitorLoad[]> {
  const results = await Promise.all(
    pages.map((page) =>
      autocannon({
        url: new URL(page.path, site.url).href,
        connections,
        duration: seconds,
        headers: { "accept-encoding": "gzip", cookie: page.cookie },
      }),
    ),
  );
  return results.map((result, index) => ({
    label: pages[index]?.label ?? "",
    p99Ms: result.latency.p99,
    rps: result.requests.average,
    failures: result.errors + result.timeouts + result.non2xx,
  }));
}

export interface ExportRun {
  status: number;
  seconds: number;
  bytes: number;
  sharePath: string;
  reason?: string;
}

export interface ExportUnderLoad {
  without: VisitorLoad[];
  during: VisitorLoad[];
  /** The exports written while the visitors' second run lasted, one after the other. */
  exports: ExportRun[];
  /** The server's RSS before the first export and its peak while they ran. */
  baseline: number;
  peak: number;
}

/**
 * The visitors' pages under load for `seconds`, then again while the admin's
 * all-data export is written (it starts a second before them; when one ends
 * before the visitors do, the next starts, so that the whole run has an export
 * beside it however small the data).
 */
export async function visitorsDuringExport(
  site: Site,
  adminCookie: string,
  pages: VisitorPage[],
  { connections, seconds, log }: { connections: number; seconds: number; log: (message: string) => void },
): Promise<ExportUnderLoad> {
  log(`visitors without an export (${pages.length} pages × ${connections} connections, ${seconds} s) ...`);
  const without = await load(site, pages, connections, seconds);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const baseline = rssOf(site.pid) ?? 0;
  const sampler = sampleRss(site.pid);
  log("all-data export, with the same visitors ...");
  const exports: ExportRun[] = [];
  let visitorsDone = false;
  const exporting = (async () => {
    do {
      const response = await timedRequest(new URL("/api/admin/export/all-data", site.url).href, {
        headers: { cookie: adminCookie, "accept-encoding": "gzip" },
        timeoutMs: 30 * 60_000,
      });
      exports.push({
        status: response.status,
        seconds: response.ms / 1000,
        bytes: response.bytes,
        sharePath: String(response.headers["x-shared-link"] ?? ""),
        reason: response.status === 200 ? undefined : response.text.slice(0, 200),
      });
      if (response.status !== 200) return;
    } while (!visitorsDone);
  })();
  let during: VisitorLoad[];
  let peak = baseline;
  try {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    during = await load(site, pages, connections, seconds);
    visitorsDone = true;
    await exporting;
  } finally {
    visitorsDone = true;
    peak = sampler.stop();
  }
  return { without, during, exports, baseline, peak };
}

/** An export's generated file, by its share path: its id (for /admin/users/files/:id), or null. */
export async function sharedFileId(siteUrl: string, cookie: string, sharePath: string): Promise<number | null> {
  if (!sharePath) return null;
  const files = await timedRequest(new URL("/api/admin/shared-files", siteUrl).href, { headers: { cookie } });
  if (files.status !== 200) return null;
  const listed = JSON.parse(files.text) as { id: number; fullShareLink: string }[];
  return listed.find((file) => file.fullShareLink.endsWith(sharePath))?.id ?? null;
}

/** Revokes a generated file (link, row and file): exports of this size are large. */
export async function deleteSharedFile(siteUrl: string, cookie: string, fileId: number): Promise<void> {
  await timedRequest(new URL(`/api/admin/shared-files/${fileId}`, siteUrl).href, { method: "DELETE", headers: { cookie } });
}

/** A small export on a site (the demo's users), for a generated file's page; its file id or null. */
export async function smallExport(siteUrl: string, cookie: string): Promise<number | null> {
  const response = await timedRequest(new URL("/api/admin/export/users", siteUrl).href, { headers: { cookie } });
  if (response.status !== 200) return null;
  return sharedFileId(siteUrl, cookie, String(response.headers["x-shared-link"] ?? ""));
}
