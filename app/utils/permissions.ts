import type { AdminRole } from "../../db/schema";

// Who may use which part of the admin area (admin spec §6). The server checks
// this in every admin loader and action; the panel also uses it to show only
// the tabs a role may open.

// Mentors, coupons, the contact inbox and the mail outbox go beyond the spec's
// six tabs (see docs/decisions/0007-admin-area.md, 0011): coupons are money, and
// the inbox and the outbox (whose messages carry sign-in links) are personal
// data, so they are the admin's alone.
export const ADMIN_AREAS = [
  "dashboard",
  "courses",
  "events",
  "content",
  "users",
  "analytics",
  "mentors",
  "coupons",
  "inbox",
  "outbox",
  // Not a tab: who registered for an event (names, emails, phones) is personal
  // data, which the spec (§6) requests for the admin role only.
  "registrations",
] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

const AREAS_BY_ROLE: Record<AdminRole, readonly AdminArea[]> = {
  admin: ADMIN_AREAS,
  content_manager: ["courses", "events", "content", "mentors"],
};

export function canAccess(role: AdminRole, area: AdminArea): boolean {
  return AREAS_BY_ROLE[role].includes(area);
}

/** "content_manager" → "content manager" (the panel's role badge). */
export function roleLabel(role: AdminRole): string {
  return role.replaceAll("_", " ");
}
