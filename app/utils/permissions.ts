import type { AdminRole } from "../../db/enums";

// Who may use which part of the admin area. The server checks
// this in every admin loader and action; the panel also uses it to show only
// the tabs a role may open.

// Mentors, coupons, the contact inbox and the mail outbox go beyond the first
// six tabs (see docs/decisions/0007-admin-area.md, 0011): coupons are money, and
// the inbox and the outbox (whose messages carry sign-in links) are personal
// data, so they are the admin's alone.
const ADMIN_AREAS = [
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
  // What the institute says about itself and who sells on tax invoices.
  "settings",
  // Not a tab: who registered for an event (names, emails, phones) is personal
  // data, which only the admin role may read.
  "registrations",
  // Not a tab: what students pay. A course's price, original price and whether
  // it is on sale, and an event's price; the rest of a course or an event is
  // content (docs/decisions/0007-admin-area.md, "Prices are the admin's").
  "pricing",
  // The batches someone teaches: their timetables, rosters and attendance.
  // Personal data, so not a content manager's; a mentor's account has this
  // area alone, and only for the batches that name its mentor
  // (app/models/batches/teaching.server.ts).
  "teaching",
] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

const AREAS_BY_ROLE: Record<AdminRole, readonly AdminArea[]> = {
  admin: ADMIN_AREAS,
  content_manager: ["courses", "events", "content", "mentors"],
  mentor: ["teaching"],
};

export function canAccess(role: AdminRole, area: AdminArea): boolean {
  return AREAS_BY_ROLE[role].includes(area);
}

/**
 * The pricing values `role` writes, given what it posted (a field left out is
 * undefined) and what is stored now. A role with "pricing" writes what it
 * posted. Any other role writes none of them, and may post only the stored
 * values back: null when it posted a different one.
 */
export function pricingToWrite<Pricing extends Record<string, unknown>>(
  role: AdminRole,
  posted: Partial<Pricing>,
  stored: Pricing,
): Partial<Pricing> | null {
  const given = Object.fromEntries(Object.entries(posted).filter(([, value]) => value !== undefined)) as Partial<Pricing>;
  if (canAccess(role, "pricing")) return given;
  return Object.entries(given).every(([key, value]) => stored[key] === value) ? {} : null;
}

/** "content_manager" → "content manager" (the panel's role badge). */
export function roleLabel(role: AdminRole): string {
  return role.replaceAll("_", " ");
}
