import type { PublicAdmin } from "~/models/accounts/admin.server";
import { recordAdminAction } from "~/models/site/audit-log.server";
import { redirectWithToast, type Toast } from "~/utils/toast.server";

// Every admin create, update and delete leaves an audit row and
// names the analytics event "<entity>_<verb>" (course_created, event_deleted…),
// which the next page sends to Google Analytics when it is configured.

export type AdminEntity =
  | "course"
  | "event"
  | "blog"
  | "testimonial"
  | "mentor"
  | "coupon"
  // A course's batches and the sessions of their timetables.
  | "batch"
  | "batch_session"
  // A session's attendance, marked by hand or from a participant report.
  | "session_attendance"
  // The curriculum editor: a course's sections and lessons (moves are "course_section_moved"…).
  | "course_section"
  | "lesson"
  | "contact_message"
  // Users tab: an Excel export written (export_created), a file's link stopped (shared_file_revoked) and a file deleted (shared_file_deleted).
  | "export"
  | "shared_file";
export type AdminVerb =
  | "created"
  | "updated"
  | "deleted"
  | "deactivated"
  | "published"
  | "unpublished"
  | "approved"
  | "unapproved"
  | "marked_read"
  | "marked_unread"
  | "moved"
  | "reordered"
  | "revoked"
  | "cancelled";

export type AdminChange = { entity: AdminEntity; verb: AdminVerb; id: number | string };

/** Writes the audit row; the analytics event's name. */
export function recordAdminChange(admin: Pick<PublicAdmin, "adminId">, change: AdminChange): string {
  const eventName = `${change.entity}_${change.verb}`;
  recordAdminAction(admin, eventName, { type: change.entity, id: change.id });
  return eventName;
}

/** For page actions: record the change, then go to `to` with a toast that also carries the analytics event. */
export function redirectAfterAdminChange(
  admin: Pick<PublicAdmin, "adminId">,
  change: AdminChange,
  to: string,
  toast: Omit<Toast, "analyticsEvent">,
) {
  return redirectWithToast(to, { ...toast, analyticsEvent: recordAdminChange(admin, change) });
}
