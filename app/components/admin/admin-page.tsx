import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/forms";
import { confirmDeletePath, listSearchOf } from "~/utils/admin-routes";

/** A tab's heading row: the title and, beside it, the tab's main action (an "Add …" link). */
export function AdminPageHeader({ title, action }: { title: string; action?: { to: string; label: string } }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-2xl font-bold text-navy-900">{title}</h1>
      {action ? (
        <Link to={action.to} preventScrollReset className={buttonClass("primary")}>
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * A search (and filter) form that narrows a list by its URL (?q=…), so it
 * works without JavaScript and a filtered list can be bookmarked.
 */
export function AdminSearchForm({
  label,
  placeholder,
  query,
  children,
}: {
  label: string;
  placeholder: string;
  query: string;
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="min-w-56 flex-1">
        <label htmlFor="admin-search" className="mb-1 block text-sm font-medium text-slate-700">
          {label}
        </label>
        <input id="admin-search" type="search" name="q" defaultValue={query} placeholder={placeholder} className={inputClass} />
      </div>
      {children}
      <button type="submit" className={buttonClass("secondary")}>
        Search
      </button>
    </Form>
  );
}

/** Active/Inactive, Published/Draft, Approved/Pending… */
export function StatusBadge({ on, onLabel, offLabel }: { on: boolean; onLabel: string; offLabel: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${on ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-800"}`}
    >
      {on ? onLabel : offLabel}
    </span>
  );
}

/**
 * Edit and Delete links on a card: the item's own address, and the same with
 * ?confirm=delete. Both open over the list and keep its search (`listSearch`).
 */
export function CardActions({ itemPath, listSearch = "", itemLabel }: { itemPath: string; listSearch?: string; itemLabel: string }) {
  return (
    <div className="flex gap-2">
      <Link
        to={`${itemPath}${listSearchOf(listSearch)}`}
        preventScrollReset
        className={buttonClass("outline", "min-h-10 px-3 py-1.5")}
        aria-label={`Edit ${itemLabel}`}
      >
        Edit
      </Link>
      <Link
        to={confirmDeletePath(itemPath, listSearch)}
        preventScrollReset
        className={buttonClass("ghost", "min-h-10 px-3 py-1.5 text-red-800 hover:bg-red-50")}
        aria-label={`Delete ${itemLabel}`}
      >
        Delete
      </Link>
    </div>
  );
}

/** A list's empty state: what is missing and what to do about it. */
export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-400 bg-white p-10 text-center">
      <p className="text-lg font-semibold text-navy-900">{title}</p>
      {hint ? <p className="mt-1 text-slate-600">{hint}</p> : null}
    </div>
  );
}

/**
 * A list's page links: Previous, "Page n of m", Next; nothing for a single
 * page. `hrefOf` gives each neighbour's address (keeping the list's search and
 * filters, and a key to read it from where the list has one).
 */
export function PageLinks({
  label,
  page,
  pageCount,
  hrefOf,
  words = { previous: "Previous", next: "Next" },
  note,
}: {
  label: string;
  page: number;
  pageCount: number;
  hrefOf: (page: number, side: "previous" | "next") => string;
  words?: { previous: string; next: string };
  /** Said after "Page n of m" (e.g. how many there are in all). */
  note?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefOf(page - 1, "previous")} rel="prev" className={buttonClass("outline")}>
          {words.previous}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700">
        Page {page} of {pageCount}
        {note ? ` · ${note}` : ""}
      </p>
      {page < pageCount ? (
        <Link to={hrefOf(page + 1, "next")} rel="next" className={buttonClass("outline")}>
          {words.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
