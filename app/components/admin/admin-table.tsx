import { Link, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { MIN_SEARCH_WORD } from "~/utils/search-words";
import { AdminSearchForm, EmptyState, PageLinks } from "./admin-page";

// One paged, searchable admin table (the Users tab's four tables): the search
// form (?q=), the heading with the matching count, the table in a focusable
// scroll region (phones scroll it sideways), its empty state, a loading state
// while the next page or search loads, and Previous/Next links that keep ?q=.
// Everything is links and GET forms, so it works the same without JavaScript.

export type AdminTableColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Classes for the column's cells (e.g. "whitespace-nowrap"). */
  className?: string;
};

export type AdminTableProps<Row> = {
  /** The table's name: heading, caption and the region's label. */
  title: string;
  /** What the rows are, plural and lower case ("users"): the empty states say it. */
  itemsLabel: string;
  /** Shown under the "No … yet" empty state. */
  emptyHint?: string;
  search: { label: string; placeholder: string };
  query: string;
  /** The search's words are all too short to look up (it matched nothing): the table says so. */
  searchTooShort?: boolean;
  total: number;
  page: number;
  pageCount: number;
  /** Keys of the page's last and first rows: "Next" and "Previous" read from there (see paginateThenJoin). */
  nextKey?: string | null;
  previousKey?: string | null;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  columns: AdminTableColumn<Row>[];
  /** The table's least width before it scrolls sideways, e.g. "min-w-[48rem]". */
  minWidthClass?: string;
};

export const SEARCH_TOO_SHORT = `Search for words of ${MIN_SEARCH_WORD} or more letters or digits`;

export const formatCount = (count: number) => count.toLocaleString("en-IN");

/** The list's path for a page, keeping the search (page 1 and an empty search stay out of the URL), with the key to read it from. */
function tablePageHref(pathname: string, query: string, page: number, key?: { after?: string | null; before?: string | null }): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  // Page 1 is the top of the list: no key needed.
  if (page > 1 && key?.after) params.set("after", key.after);
  if (page > 1 && key?.before) params.set("before", key.before);
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

export function AdminTable<Row>({
  title,
  itemsLabel,
  emptyHint,
  search,
  query,
  searchTooShort = false,
  total,
  page,
  pageCount,
  nextKey,
  previousKey,
  rows,
  rowKey,
  columns,
  minWidthClass = "min-w-[40rem]",
}: AdminTableProps<Row>) {
  const location = useLocation();
  const navigation = useNavigation();
  // Another page or search of this same table is on its way.
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const headingId = `${location.pathname.replace(/\W+/g, "-")}-heading`;

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <AdminSearchForm label={search.label} placeholder={search.placeholder} query={query} />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="flex items-center gap-2 text-xl font-bold text-navy-900">
          {title} <span className="rounded-full bg-navy-900 px-2.5 py-0.5 text-sm font-semibold text-white">{formatCount(total)}</span>
        </h2>
        <p role="status" className="min-h-6 text-sm font-semibold text-navy-900">
          {loading ? "Loading…" : ""}
        </p>
      </div>
      {query ? (
        <p className="text-sm text-slate-700">
          {total === 1 ? "1 match" : `${formatCount(total)} matches`} for “{query}” ·{" "}
          <Link to={location.pathname} className="font-semibold text-teal-800 underline underline-offset-4">
            Clear search
          </Link>
        </p>
      ) : null}

      <div
        role="region"
        aria-label={`${title} table`}
        aria-busy={loading}
        // Focusable only when there is a table to scroll.
        tabIndex={rows.length > 0 ? 0 : undefined}
        className={`overflow-x-auto transition-opacity ${rows.length > 0 ? "rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" : ""} ${loading ? "opacity-60" : ""}`}
      >
        {rows.length === 0 ? (
          <EmptyState
            title={searchTooShort ? SEARCH_TOO_SHORT : query ? `No ${itemsLabel} match “${query}”` : `No ${itemsLabel} yet`}
            hint={query ? "Try another search, or clear it to see everything." : emptyHint}
          />
        ) : (
          <table className={`w-full text-left text-sm ${minWidthClass}`}>
            <caption className="sr-only">
              {title}
              {pageCount > 1 ? `, page ${page} of ${pageCount}` : ""}
            </caption>
            <thead className="border-b border-slate-300 bg-slate-50 text-slate-700">
              <tr>
                {columns.map((column) => (
                  <th key={column.header} scope="col" className="px-4 py-3 font-semibold">
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((row) => (
                <tr key={rowKey(row)} className="align-top">
                  {columns.map((column) => (
                    <td key={column.header} className={`px-4 py-3 ${column.className ?? ""}`}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>

      <PageLinks
        label={`${title} pages`}
        page={page}
        pageCount={pageCount}
        hrefOf={(to, side) => tablePageHref(location.pathname, query, to, side === "next" ? { after: nextKey } : { before: previousKey })}
      />
    </section>
  );
}

/** "Admin" or "User" (the users table's isAdmin badge). */
export function RoleBadge({ isAdmin }: { isAdmin: boolean }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${isAdmin ? "bg-gold-400 text-navy-950" : "bg-slate-200 text-slate-800"}`}
    >
      {isAdmin ? "Admin" : "User"}
    </span>
  );
}

const PAYMENT_BADGE: Record<string, string> = {
  Completed: "bg-emerald-100 text-emerald-900",
  Pending: "bg-amber-100 text-amber-900",
  Failed: "bg-red-100 text-red-900",
  Refunded: "bg-sky-100 text-sky-900",
  "Charged back": "bg-red-100 text-red-900",
  Revoked: "bg-red-100 text-red-900",
};

/** A payment status label (paymentStatusLabel's text) as a badge; 'Unknown' is grey. */
export function PaymentBadge({ label }: { label: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${PAYMENT_BADGE[label] ?? "bg-slate-200 text-slate-800"}`}
    >
      {label}
    </span>
  );
}

/** Something to notice beside the status (paymentFlags' text: a partial refund, an open dispute). */
export function PaymentFlag({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center rounded-full border border-amber-700 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-950">
      {label}
    </span>
  );
}
