import { auditLog } from "../../../db/schema";
import { db } from "~/utils/db.server";
import type { PublicAdmin } from "../accounts/admin.server";

/**
 * One row per admin change: `action` is the Google Analytics
 * event name the change sends (course_created, event_deleted, admin_logout…).
 */
export function recordAdminAction(
  admin: Pick<PublicAdmin, "adminId">,
  action: string,
  subject?: { type: string; id: string | number },
  // `database`: the transaction making the change, so the row commits with it; `details`: why (an admin's reason).
  { details = null, database = db }: { details?: Record<string, unknown> | null; database?: Pick<typeof db, "insert"> } = {},
) {
  database
    .insert(auditLog)
    .values({
      actorType: "admin",
      actorId: admin.adminId,
      action,
      entityType: subject?.type ?? null,
      entityId: subject ? String(subject.id) : null,
      details,
    })
    .run();
}

/**
 * A change the site made on its own, not at an admin's hand: a payment
 * provider's event, an automatic refund, a throttle engaging. `database` is
 * the transaction that makes the change, so the row and the change commit together.
 */
export function recordSystemAction(
  entry: {
    actor: string;
    action: string;
    subject: { type: string; id: string | number } | null;
    details: Record<string, unknown>;
    /** When the change happened, for a job that runs on a clock it is given; now by default. */
    at?: Date;
  },
  database: Pick<typeof db, "insert"> = db,
) {
  database
    .insert(auditLog)
    .values({
      actorType: "system",
      actorId: entry.actor,
      action: entry.action,
      entityType: entry.subject?.type ?? null,
      entityId: entry.subject ? String(entry.subject.id) : null,
      details: entry.details,
      ...(entry.at ? { createdAt: entry.at } : {}),
    })
    .run();
}
