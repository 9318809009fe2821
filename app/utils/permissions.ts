import type { AdminRole } from "../../db/schema";

// Who may use which part of the admin area (admin spec §6). The server checks
// this in every admin loader and action; the panel also uses it to show only
// the tabs a role may open.

export const ADMIN_AREAS = ["dashboard", "courses", "events", "content", "users", "analytics"] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

const AREAS_BY_ROLE: Record<AdminRole, readonly AdminArea[]> = {
  admin: ADMIN_AREAS,
  content_manager: ["courses", "events", "content"],
};

export function canAccess(role: AdminRole, area: AdminArea): boolean {
  return AREAS_BY_ROLE[role].includes(area);
}

/** "content_manager" → "content manager" (the panel's role badge). */
export function roleLabel(role: AdminRole): string {
  return role.replaceAll("_", " ");
}
