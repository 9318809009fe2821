import { and, inArray, isNull, or, type SQL } from "drizzle-orm";
import { enrollmentForms, orders, eventRegistrations, lessonProgress, users } from "../../../db/schema";
import type { BreachAudience } from "~/schemas/breach-notice";
import { db } from "~/utils/db.server";
import type { PublicAdmin } from "../accounts/admin.server";
import { recordAdminAction } from "../site/audit-log.server";
import type { BreachNotice } from "~/schemas/breach-notice";
import { queueMail } from "../site/outbox.server";

// Telling the people a personal data breach affects (DPDP Act s.8(6), DPDP
// Rules 2025 rule 7(1)): one notice each through the outbox, queued in one
// transaction with the audit row that records it was sent and to how many.

/** Accounts that can be written to: not erased (an erased account has no address). */
function recipientCondition(audiences: readonly BreachAudience[]): SQL | undefined {
  if (audiences.includes("all")) return undefined;
  const byKind: Record<Exclude<BreachAudience, "all">, SQL> = {
    orders: inArray(users.id, db.select({ id: orders.userId }).from(orders)),
    "event-registrations": inArray(users.id, db.select({ id: eventRegistrations.userId }).from(eventRegistrations)),
    "enrolment-forms": inArray(users.id, db.select({ id: enrollmentForms.userId }).from(enrollmentForms)),
    classroom: inArray(users.id, db.select({ id: lessonProgress.userId }).from(lessonProgress)),
  };
  return or(...audiences.map((audience) => byKind[audience as Exclude<BreachAudience, "all">]));
}

function recipients(tx: Pick<typeof db, "select">, audiences: readonly BreachAudience[]) {
  return tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(isNull(users.erasedAt), recipientCondition(audiences)))
    .all();
}

/** How many students the notice would reach now: the confirmation step's figure. */
export const countBreachRecipients = (audiences: readonly BreachAudience[]) => recipients(db, audiences).length;

/** Queues one notice per affected student and the audit row; returns how many were queued. */
export function queueBreachNotices(
  admin: Pick<PublicAdmin, "adminId">,
  audiences: readonly BreachAudience[],
  /** What each student is told, and whom they can ask (the grievance officer of the settings). */
  notice: { text: BreachNotice; contact: { email: string; phone: string } },
  summary: string,
  now = new Date(),
): number {
  return db.transaction(
    (tx) => {
      const students = recipients(tx, audiences);
      const payload = { kind: "breach-notice" as const, notice: notice.text, contact: notice.contact };
      for (const student of students) queueMail(tx, { to: student.email, userId: student.id, payload }, now);
      recordAdminAction(admin, "breach_notice_sent", undefined, {
        details: { audiences: [...audiences], recipients: students.length, summary },
        database: tx,
      });
      return students.length;
    },
    { behavior: "immediate" },
  );
}
