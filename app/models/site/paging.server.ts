import { and, asc, desc, inArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { db } from "~/utils/db.server";
import { searchWords } from "~/utils/search-words";
import { escapeLike } from "~/utils/validation";

// Paging and search for the admin lists (the Users tab's four tables and their
// JSON doors; the Inbox): one place decides which page a request gets and
// what a search matches, so every list behaves alike.

/** Rows on a page of an admin table. */
export const ADMIN_TABLE_PAGE_SIZE = 25;
/** The most rows any caller gets at once (the JSON API's ?pageSize= cap). */
export const MAX_PAGE_SIZE = 500;
/** Longer searches are cut to this many characters. */
export const MAX_SEARCH_LENGTH = 200;

export type ListRequest = {
  /** Search text; blank means no search. */
  q?: string | null;
  /** 1-based; anything that is not a positive whole number means page 1. */
  page?: number | null;
  /** Rows per page, kept within 1…MAX_PAGE_SIZE; anything else means the list's default. */
  pageSize?: number | null;
  /**
   * A page past the end: "last" shows the last page (the admin tables, so an
   * old link still shows something); "empty" answers no rows for that page
   * (the JSON API, so a client that pages until it gets nothing stops).
   */
  pastEnd?: "last" | "empty";
  /**
   * The key of the row just before this page (its "Next" link) or just after it
   * (its "Previous" link): the page is then read from that point of the list's
   * index, however deep, instead of counting `page` pages from the top.
   */
  after?: string | null;
  before?: string | null;
};

export type ListPage<Row> = {
  rows: Row[];
  /** A search was asked whose words are all too short to look up (MIN_SEARCH_WORD): it matches nothing, and the page says why. */
  searchTooShort: boolean;
  /** Rows matching the search, on all pages. */
  total: number;
  /** The page given. */
  page: number;
  /** At least 1, even for an empty list. */
  pageCount: number;
  pageSize: number;
  /** Keys of the page's last and first rows, for its "Next" (after=) and "Previous" (before=) links; absent on a list not paged by key. */
  nextKey?: string | null;
  previousKey?: string | null;
};

/** The page size a request may have: its own when it is a whole number in 1…MAX_PAGE_SIZE (capped above), else the fallback. */
export function clampPageSize(pageSize: number | null | undefined, fallback = ADMIN_TABLE_PAGE_SIZE): number {
  if (typeof pageSize !== "number" || !Number.isFinite(pageSize) || pageSize < 1) return fallback;
  return Math.min(Math.trunc(pageSize), MAX_PAGE_SIZE);
}

/** The page asked for as a whole number ≥ 1 (nonsense is 1). */
function requestedPage(page: number | null | undefined): number {
  if (typeof page !== "number" || !Number.isFinite(page) || page < 1) return 1;
  return Math.trunc(page);
}

export type PageWindow = { page: number; pageCount: number; pageSize: number; limit: number; offset: number };

/** Which rows a page is (LIMIT/OFFSET), once the total is known. `limit` is 0 for an "empty" page past the end. */
export function pageWindow(total: number, request: ListRequest, defaultPageSize = ADMIN_TABLE_PAGE_SIZE): PageWindow {
  const pageSize = clampPageSize(request.pageSize, defaultPageSize);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const asked = requestedPage(request.page);
  if (asked > pageCount && request.pastEnd === "empty") return { page: asked, pageCount, pageSize, limit: 0, offset: 0 };
  const page = Math.min(asked, pageCount);
  return { page, pageCount, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

/** Where a row stands in a newest-first list: its time (ms) and id, as "Next"/"Previous" links carry it. */
type RowKey = [number, number | string];

const encodeKey = (key: RowKey) => Buffer.from(JSON.stringify(key)).toString("base64url");

/** A key from a link, or null for anything that is not one (the page is then counted from the top). */
function decodeKey(raw: string | null | undefined): RowKey | null {
  if (!raw || raw.length > 200) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2 && Number.isSafeInteger(value[0]) && ["number", "string"].includes(typeof value[1]))
      return value as RowKey;
  } catch {
    // Not a key: read as no key.
  }
  return null;
}

/**
 * One page of a newest-first list whose rows are joined to other tables. The
 * count and the page's ids are found in `table` alone, walking the index on
 * (time, id); only the page's rows are then joined, by `readPage` given the
 * condition that picks them (it orders them newest first). A request that
 * carries the key of the row before the page (`after`, from a "Next" link) or
 * after it (`before`, from "Previous") reads from that point of the index, so
 * paging through a million rows costs the same on the last page as on the
 * first; a bare ?page=N is counted from the top, on the index alone. A list
 * read `oldestFirst` (an event's registrations, first come first) walks the
 * same index the other way.
 */
export function paginateThenJoin<Row>(
  request: ListRequest,
  list: { table: SQLiteTable; time: SQLiteColumn; id: SQLiteColumn; where: SQL | undefined; oldestFirst?: boolean },
  readPage: (onPage: SQL) => Row[],
): ListPage<Row> {
  const keyOf = (row: { time: Date | number; id: number | string }): RowKey => [
    row.time instanceof Date ? row.time.getTime() : row.time,
    row.id,
  ];
  let keys: RowKey[] = [];
  const idsOf = (where: SQL | undefined, order: SQL[], limit: number, offset = 0) =>
    db
      .select({ time: list.time, id: list.id })
      .from(list.table)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
      .all()
      .map((row) => keyOf(row as { time: Date | number; id: number | string }));
  const down = list.oldestFirst ? [asc(list.time), asc(list.id)] : [desc(list.time), desc(list.id)];
  const up = list.oldestFirst ? [desc(list.time), desc(list.id)] : [asc(list.time), asc(list.id)];
  const pastKey = ([time, id]: RowKey) =>
    list.oldestFirst ? sql`(${list.time}, ${list.id}) > (${time}, ${id})` : sql`(${list.time}, ${list.id}) < (${time}, ${id})`;
  const beforeKey = ([time, id]: RowKey) =>
    list.oldestFirst ? sql`(${list.time}, ${list.id}) < (${time}, ${id})` : sql`(${list.time}, ${list.id}) > (${time}, ${id})`;
  const after = decodeKey(request.after);
  const before = after ? null : decodeKey(request.before);
  const page = paginate(
    request,
    () => db.select({ count: countRows }).from(list.table).where(list.where).get()?.count ?? 0,
    (limit, offset) => {
      if (after) keys = idsOf(and(list.where, pastKey(after)), down, limit);
      else if (before) keys = idsOf(and(list.where, beforeKey(before)), up, limit).reverse();
      // No key, or the rows it pointed at are gone: the page counted from the top.
      if (keys.length === 0) keys = idsOf(list.where, down, limit, offset);
      return keys.length === 0
        ? []
        : readPage(
            inArray(
              list.id,
              keys.map(([, id]) => id),
            ),
          );
    },
  );
  return {
    ...page,
    nextKey: keys.length ? encodeKey(keys.at(-1)!) : null,
    previousKey: keys.length ? encodeKey(keys[0]!) : null,
  };
}

/**
 * Counts, then reads one page: `count()` gives the matching rows on all pages,
 * `read(limit, offset)` the page's rows (never called for an empty page).
 */
export function paginate<Row>(
  request: ListRequest,
  count: () => number,
  read: (limit: number, offset: number) => Row[],
  defaultPageSize = ADMIN_TABLE_PAGE_SIZE,
): ListPage<Row> {
  // A search that cannot be looked up matches nothing: nothing to count or read.
  const searchTooShort = isSearchTooShort(request.q);
  const total = searchTooShort ? 0 : count();
  const { page, pageCount, pageSize, limit, offset } = pageWindow(total, request, defaultPageSize);
  const rows = total === 0 || limit === 0 ? [] : read(limit, offset);
  return { rows, total, page, pageCount, pageSize, searchTooShort };
}

/**
 * The search text a request means: control characters (a NUL would end the
 * full-text query early) as spaces, trimmed, at most MAX_SEARCH_LENGTH
 * characters; "" for none.
 */
export function searchText(q: string | null | undefined): string {
  return (q ?? "")
    .replace(/\p{Cc}/gu, " ")
    .trim()
    .slice(0, MAX_SEARCH_LENGTH);
}

/**
 * For the small tables (course and event titles), which are read whole anyway;
 * a growing table is searched through its index with matchesSearch.
 * "Any of these columns contains the text", case-insensitive (for ASCII, as
 * SQLite's LIKE is). % and _ in the text are literal, through LIKE's ESCAPE.
 * Undefined for no search, so it can go straight into `.where()`.
 */
export function containsText(q: string | null | undefined, columns: SQLWrapper[]): SQL | undefined {
  const text = searchText(q);
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(...columns.map((column) => sql`${column} like ${pattern} escape '\\'`));
}

/** A search was asked, but no word of it is long enough to look up. */
export function isSearchTooShort(q: string | null | undefined): boolean {
  return searchText(q) !== "" && searchWords(searchText(q)).length === 0;
}

/**
 * Rows of a growing table whose searched columns hold every word of the search
 * (any case, anywhere in a column: "rao", "98765", "@gmail"). The words of 3+
 * characters are found through the table's trigram full-text index `index`
 * (migration 0027) of `columns`, never by reading the table; shorter words
 * ("Priya S") then narrow those rows. A search of only short words cannot be
 * looked up and matches nothing (the list says so). Undefined for no search.
 */
export function matchesSearch(
  q: string | null | undefined,
  { table, index, columns }: { table: SQLiteTable; index: string; columns: SQLiteColumn[] },
): SQL | undefined {
  const text = searchText(q);
  if (!text) return undefined;
  const words = searchWords(text);
  if (words.length === 0) return sql`0`;
  const query = words.map((word) => `"${word.replaceAll('"', '""')}"`).join(" ");
  const fts = sql.identifier(index);
  const shortWords = text.split(/\s+/).filter((word) => word && !words.includes(word));
  return and(
    sql`${table}.rowid in (select rowid from ${fts} where ${fts} match ${query})`,
    ...shortWords.map((word) => containsText(word, columns)),
  );
}

/** count(*) as a number, for `db.select({ count: countRows })`. */
export const countRows = sql<number>`count(*)`.mapWith(Number);
