import { auditLog } from "../../db/schema";
import { db } from "~/utils/db.server";
import type { PublicAdmin } from "./admin.server";

/**
 * One row per admin change (admin spec §7): `action` is the spec's analytics
 * event name (course_created, event_deleted, admin_logout…).
 */
export function recordAdminAction(
  admin: Pick<PublicAdmin, "adminId">,
  action: string,
  subject?: { type: string; id: string | number },
) {
  db.insert(auditLog)
    .values({
      actorType: "admin",
      actorId: admin.adminId,
      action,
      entityType: subject?.type ?? null,
      entityId: subject ? String(subject.id) : null,
    })
    .run();
}

/**
 * A row the site writes itself (actor_type 'system'), such as a throttle
 * engaging on repeated sign-in failures; `details` says what and how many.
 */
export function recordSystemEvent(action: string, subject: { type: string; id: string } | null, details: Record<string, unknown>) {
  db.insert(auditLog)
    .values({ actorType: "system", actorId: null, action, entityType: subject?.type ?? null, entityId: subject?.id ?? null, details })
    .run();
}
