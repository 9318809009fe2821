import { and, asc, eq, gt, sql } from "drizzle-orm";
import { enrollmentForms, orders, eventRegistrations, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { selectAdminEnrollmentForms, type AdminEnrollmentFormRow } from "../orders/enrollment-form.server";
import { selectAdminEnrollments, type AdminEnrollmentRow } from "../orders/enrollment.server";
import { selectAdminRegistrations, type AdminRegistrationRow } from "../events/event-registration.server";
import { selectCourseProgress, type CourseProgressRow } from "../courses/course-figures.server";
import { adminUserColumns, type AdminUserRow } from "../accounts/user.server";

// What the Excel exports read: every row of
// a table, in batches. Each batch is one short query (`where id > lastId order
// by id limit n`, keyset pagination on the primary key), so however large the
// table, only one batch is in memory and the shared better-sqlite3 connection
// is free for other requests between batches (a long-lived `.iterate()` would
// hold it for the whole export).

const EXPORT_BATCH_SIZE = 1000;
// The workbook writer turns each row into XML as it is handed over, without
// waiting: left alone it would keep the process busy for a whole batch, and
// other visitors' pages would wait behind it. Every so many rows it lets them in.
const ROWS_BETWEEN_PAUSES = 100;

/** Lets other requests (and the file writer) run. */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

async function* inBatches<Row>(readBatch: (after: number, limit: number) => Row[], keyOf: (row: Row) => number, batchSize: number) {
  let after = 0;
  for (;;) {
    const batch = readBatch(after, batchSize);
    for (const [index, row] of batch.entries()) {
      yield row;
      if ((index + 1) % ROWS_BETWEEN_PAUSES === 0) await pause();
    }
    if (batch.length < batchSize) return;
    after = keyOf(batch[batch.length - 1] as Row);
    await pause();
  }
}

export type UserExportRow = AdminUserRow & {
  /** SQLite's row number: the users table's id is a uuid, the rowid keeps sign-up order. */
  rowid: number;
};

/** Every user in sign-up order, never the password hash. */
export function readUsersForExport(batchSize = EXPORT_BATCH_SIZE): AsyncIterable<UserExportRow> {
  const rowid = sql<number>`${users}.rowid`;
  return inBatches(
    (after, limit) =>
      db
        .select({ rowid, ...adminUserColumns })
        .from(users)
        .where(gt(rowid, after))
        .orderBy(asc(rowid))
        .limit(limit)
        .all(),
    (row) => row.rowid,
    batchSize,
  );
}

export type RegistrationExportRow = AdminRegistrationRow;

/** Every event registration with its event's title and date. */
export function readRegistrationsForExport(batchSize = EXPORT_BATCH_SIZE): AsyncIterable<RegistrationExportRow> {
  return inBatches(
    (after, limit) =>
      selectAdminRegistrations().where(gt(eventRegistrations.id, after)).orderBy(asc(eventRegistrations.id)).limit(limit).all(),
    (row) => row.id,
    batchSize,
  );
}

export type EnrollmentExportRow = AdminEnrollmentRow;

/** Every course enrollment with the student's email and name and the course title. */
export function readEnrollmentsForExport(batchSize = EXPORT_BATCH_SIZE): AsyncIterable<EnrollmentExportRow> {
  return inBatches(
    (after, limit) => selectAdminEnrollments().where(gt(orders.id, after)).orderBy(asc(orders.id)).limit(limit).all(),
    (row) => row.id,
    batchSize,
  );
}

export type EnrollmentFormExportRow = AdminEnrollmentFormRow;

/** Every enrollment form with the title of the course or event it names. */
export function readEnrollmentFormsForExport(batchSize = EXPORT_BATCH_SIZE): AsyncIterable<EnrollmentFormExportRow> {
  return inBatches(
    (after, limit) => selectAdminEnrollmentForms().where(gt(enrollmentForms.id, after)).orderBy(asc(enrollmentForms.id)).limit(limit).all(),
    (row) => row.id,
    batchSize,
  );
}

/** Every paid enrollment's progress in its course (the Course Progress sheet). */
export function readCourseProgressForExport(batchSize = EXPORT_BATCH_SIZE): AsyncIterable<CourseProgressRow> {
  return inBatches(
    (after, limit) =>
      selectCourseProgress()
        .where(and(eq(orders.paymentStatus, "completed"), gt(orders.id, after)))
        .orderBy(asc(orders.id))
        .limit(limit)
        .all(),
    (row) => row.enrollmentId,
    batchSize,
  );
}
