import type { AdminArea } from "./permissions";

// The admin area's addresses (docs/decisions/0018-admin-routes-and-deleting.md):
// every resource has /admin/<resource> (list), /admin/<resource>/new and
// /admin/<resource>/:id (view and edit; ?confirm=delete asks before deleting).
// The list's search and filters (?q=…&status=…) travel with the dialogs opened
// over it, so Cancel and Save come back to the same filtered list.

/** The query parameter that turns an item's page into its delete confirmation. */
const CONFIRM_PARAM = "confirm";

/** The panel's tabs. `also` names the resources a tab covers beside its own path (highlighted with it). */
export const ADMIN_TABS: { area: AdminArea; to: string; label: string; shortLabel?: string; also?: string[] }[] = [
  { area: "dashboard", to: "/admin", label: "Dashboard", shortLabel: "Stats" },
  { area: "courses", to: "/admin/courses", label: "Courses" },
  { area: "teaching", to: "/admin/teaching", label: "Teaching" },
  { area: "events", to: "/admin/events", label: "Events" },
  { area: "content", to: "/admin/content", label: "Content", also: ["/admin/blog", "/admin/testimonials"] },
  { area: "content", to: "/admin/reviews", label: "Reviews" },
  { area: "users", to: "/admin/users", label: "Users" },
  { area: "analytics", to: "/admin/analytics", label: "Analytics" },
  { area: "mentors", to: "/admin/mentors", label: "Mentors" },
  { area: "courses", to: "/admin/lab", label: "Practice lab" },
  { area: "coupons", to: "/admin/coupons", label: "Coupons" },
  { area: "inbox", to: "/admin/inbox", label: "Inbox" },
  { area: "outbox", to: "/admin/outbox", label: "Outbox" },
  { area: "settings", to: "/admin/settings", label: "Settings" },
];

/** The list's own search (filters, page) from a dialog's URL, without the dialog's confirm step: "" or "?q=…". */
export function listSearchOf(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(CONFIRM_PARAM);
  const kept = params.toString();
  return kept ? `?${kept}` : "";
}

/** The list behind a dialog, keeping its search and filters (?q=…&status=…). */
export function listPathFor(request: Request, listPath: string): string {
  return `${listPath}${listSearchOf(new URL(request.url).search)}`;
}

/** An item's delete confirmation: its own address with ?confirm=delete (the list's search kept). */
export function confirmDeletePath(itemPath: string, listSearch: string): string {
  const params = new URLSearchParams(listSearchOf(listSearch));
  params.set(CONFIRM_PARAM, "delete");
  return `${itemPath}?${params}`;
}

/** True when an item's page was asked for its delete confirmation. */
export function asksToConfirmDelete(request: Request): boolean {
  return new URL(request.url).searchParams.get(CONFIRM_PARAM) === "delete";
}

// Addresses the panel used before this scheme. Admins may have bookmarked
// them, so each answers with a permanent redirect to its new address.
const DELETE_STEP = `${CONFIRM_PARAM}=delete`;
const LEGACY_PATHS: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^\/admin\/(courses|events|mentors|coupons)\/([^/]+)\/edit$/, ([, resource, id]) => `/admin/${resource}/${id}`],
  [/^\/admin\/(courses|events|mentors|coupons)\/([^/]+)\/delete$/, ([, resource, id]) => `/admin/${resource}/${id}?${DELETE_STEP}`],
  [/^\/admin\/content\/(?:post|blog)\/new$/, () => "/admin/blog/new"],
  [/^\/admin\/content\/(?:post|blog)\/([^/]+)\/edit$/, ([, id]) => `/admin/blog/${id}`],
  [/^\/admin\/content\/(?:post|blog)\/([^/]+)\/delete$/, ([, id]) => `/admin/blog/${id}?${DELETE_STEP}`],
  [/^\/admin\/content\/blog$/, () => "/admin/blog"],
  [/^\/admin\/content\/testimonials?\/new$/, () => "/admin/testimonials/new"],
  [/^\/admin\/content\/testimonials?\/([^/]+)\/edit$/, ([, id]) => `/admin/testimonials/${id}`],
  [/^\/admin\/content\/testimonials?\/([^/]+)\/delete$/, ([, id]) => `/admin/testimonials/${id}?${DELETE_STEP}`],
  [/^\/admin\/content\/testimonials$/, () => "/admin/testimonials"],
  [/^\/admin\/users\/files\/([^/]+)\/share$/, ([, id]) => `/admin/users/files/${id}`],
  [/^\/admin\/users\/files\/([^/]+)\/delete$/, ([, id]) => `/admin/users/files/${id}?${DELETE_STEP}`],
];

/** Where an old admin address lives now (its query kept), or null when `url` is no old address. */
export function currentAdminPath(url: URL): string | null {
  for (const [pattern, target] of LEGACY_PATHS) {
    const match = pattern.exec(url.pathname);
    if (!match) continue;
    const [path = "", query = ""] = target(match).split("?");
    const params = new URLSearchParams(url.search);
    for (const [name, value] of new URLSearchParams(query)) params.set(name, value);
    const search = params.toString();
    return search ? `${path}?${search}` : path;
  }
  return null;
}
