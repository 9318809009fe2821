import { ADMIN_TABLE_PAGE_SIZE, clampPageSize, searchText, type ListPage, type ListRequest } from "~/models/site/paging.server";

// The query string of a paged admin list, read the same way by the Users
// tab's tables (?q=, ?page=) and its JSON doors (?q=, ?page=, ?pageSize=).
// Nothing a visitor types here can fail the request: a page that is not a
// positive whole number is page 1; a page size out of range is capped.

/** Rows per answer of a list API unless ?pageSize= says otherwise (at most MAX_PAGE_SIZE). */
export const API_PAGE_SIZE = 100;

export type ListParams = {
  q: string;
  page: number;
  pageSize: number;
  pastEnd: NonNullable<ListRequest["pastEnd"]>;
  /** The key a "Next" (after=) or "Previous" (before=) link carries; the list ignores one that is not a key. */
  after: string | null;
  before: string | null;
};

/** "12" → 12; "", "0", "-1", "abc", "1e9", "2.5" → null. */
function positiveWhole(raw: string | null): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 ? value : null;
}

/**
 * An admin table page: ?q= and ?page=, 25 rows; a page past the end shows the
 * last. A list inside a dialog over another list names its paging
 * parameters with a `prefix` (?registrations-page=), so the list behind keeps
 * its own ?page=.
 */
export function readTableParams(request: Request, prefix = ""): ListParams {
  const params = new URL(request.url).searchParams;
  return {
    q: searchText(params.get(`${prefix}q`)),
    page: positiveWhole(params.get(`${prefix}page`)) ?? 1,
    pageSize: ADMIN_TABLE_PAGE_SIZE,
    pastEnd: "last",
    after: params.get(`${prefix}after`),
    before: params.get(`${prefix}before`),
  };
}

/** A list API: ?q=, ?page= (default 1), ?pageSize= (default 100, capped); a page past the end is empty. */
export function readApiListParams(request: Request): ListParams {
  const params = new URL(request.url).searchParams;
  return {
    q: searchText(params.get("q")),
    page: positiveWhole(params.get("page")) ?? 1,
    pageSize: clampPageSize(positiveWhole(params.get("pageSize")), API_PAGE_SIZE),
    pastEnd: "empty",
    after: params.get("after"),
    before: params.get("before"),
  };
}

/** The same request's URL for another page (its other parameters kept), read from `key` when the list gave one. */
function pageUrl(request: Request, page: number, key?: { after: string } | { before: string }): string {
  const url = new URL(request.url);
  url.searchParams.set("page", String(page));
  url.searchParams.delete("after");
  url.searchParams.delete("before");
  if (key && "after" in key) url.searchParams.set("after", key.after);
  if (key && "before" in key) url.searchParams.set("before", key.before);
  return url.toString();
}

/**
 * A list API's answer: a JSON array of the page's items, `X-Total-Count`
 * (matching items on all pages), and a `Link` header with rel="prev" and
 * rel="next" where those pages exist.
 */
export function listApiResponse<Row>(request: Request, list: ListPage<Row>, toItem: (row: Row) => unknown): Response {
  const links: string[] = [];
  // From a page of rows, its neighbours are read by key; past the end, the last page by number.
  const previousKey = list.previousKey && list.page <= list.pageCount ? { before: list.previousKey } : undefined;
  const nextKey = list.nextKey ? { after: list.nextKey } : undefined;
  if (list.page > 1) links.push(`<${pageUrl(request, Math.min(list.page - 1, list.pageCount), previousKey)}>; rel="prev"`);
  if (list.page < list.pageCount) links.push(`<${pageUrl(request, list.page + 1, nextKey)}>; rel="next"`);
  const headers = new Headers({ "Cache-Control": "no-store", "X-Total-Count": String(list.total) });
  if (links.length > 0) headers.set("Link", links.join(", "));
  return Response.json(list.rows.map(toItem), { status: 200, headers });
}

/** Paise as a number of rupees for JSON (499950 → 4999.5). */
export const paiseToRupees = (paise: number) => paise / 100;
