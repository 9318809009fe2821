import { and, desc, eq, exists, or, sql, type SQL } from "drizzle-orm";
import { batchSessions, batchStudents, batches, courses } from "../../../db/schema";
import type { PublicAdmin } from "../accounts/admin.server";
import { db, type Transaction } from "~/utils/db.server";
import { parseId } from "~/utils/validation";
import { writeAttendanceMarks, writePresentFromReport, type AttendanceMark, type ReportMarking } from "./attendance.server";
import { nextSessionIdOf } from "./live-session.server";

// Who teaches which batch (docs/decisions/0061-mentor-accounts-and-attendance.md),
// said once here and asked by every teaching page, loader and action alike,
// and again inside each transaction that writes attendance. A mentor's
// account teaches a batch when the batch's lead mentor or the mentor of any
// of its sessions is the account's mentor profile; the admin teaches every
// batch; a content manager, none. A batch outside someone's scope is
// answered as if it did not exist (its students are personal data).

export type Teacher = Pick<PublicAdmin, "role" | "mentorId">;

/** The condition on `batches` that holds for the batches `teacher` teaches. */
function taughtBy(teacher: Teacher): SQL {
  if (teacher.role === "admin") return sql`1`;
  const mentorId = teacher.role === "mentor" ? teacher.mentorId : null;
  if (mentorId === null) return sql`0`;
  const teachesASession = db
    .select({ one: sql`1` })
    .from(batchSessions)
    .where(and(eq(batchSessions.batchId, batches.id), eq(batchSessions.mentorId, mentorId)));
  return or(eq(batches.leadMentorId, mentorId), exists(teachesASession)) ?? sql`0`;
}

export type TaughtBatch = {
  id: number;
  name: string;
  courseId: number;
  courseTitle: string;
  /** yyyy-mm-dd, India. */
  startsOn: string;
  endsOn: string;
  cancelled: boolean;
  seats: number | null;
  /** The next session not yet over (one under way counts); null when the timetable is done. */
  nextSession: { id: number; title: string; startsAt: Date } | null;
};

const taughtColumns = {
  id: batches.id,
  courseId: batches.courseId,
  name: batches.name,
  courseTitle: courses.title,
  startsOn: batches.startsOn,
  endsOn: batches.endsOn,
  cancelledAt: batches.cancelledAt,
  seats: batches.seats,
};

type TaughtRow = {
  id: number;
  name: string;
  courseId: number;
  courseTitle: string;
  startsOn: string;
  endsOn: string;
  cancelledAt: Date | null;
  seats: number | null;
};

const shown = ({ cancelledAt, ...row }: TaughtRow): Omit<TaughtBatch, "nextSession"> => ({ ...row, cancelled: cancelledAt !== null });

/** The batches `teacher` teaches: those with a class still to come first (soonest first), then the rest, latest start first. */
export function listTaughtBatches(teacher: Teacher, now = new Date()): TaughtBatch[] {
  return db
    .select({ ...taughtColumns, sessionId: batchSessions.id, sessionTitle: batchSessions.title, sessionStartsAt: batchSessions.startsAt })
    .from(batches)
    .innerJoin(courses, eq(courses.id, batches.courseId))
    .leftJoin(batchSessions, eq(batchSessions.id, nextSessionIdOf(batches.id, now)))
    .where(taughtBy(teacher))
    .orderBy(desc(batches.startsOn), desc(batches.id))
    .all()
    .map(({ sessionId, sessionTitle, sessionStartsAt, ...row }) => ({
      ...shown(row),
      nextSession:
        sessionId === null || sessionTitle === null || sessionStartsAt === null
          ? null
          : { id: sessionId, title: sessionTitle, startsAt: sessionStartsAt },
    }))
    .sort((a, b) => (a.nextSession?.startsAt.getTime() ?? Infinity) - (b.nextSession?.startsAt.getTime() ?? Infinity));
}

/** A batch `teacher` teaches (an id from a URL), or null: unknown and not theirs are the same answer. */
export function findTaughtBatch(teacher: Teacher, id: string | number | undefined): Omit<TaughtBatch, "nextSession"> | null {
  const batchId = typeof id === "number" ? id : parseId(id ?? "");
  if (batchId === null) return null;
  const row = db
    .select(taughtColumns)
    .from(batches)
    .innerJoin(courses, eq(courses.id, batches.courseId))
    .where(and(eq(batches.id, batchId), taughtBy(teacher)))
    .get();
  return row ? shown(row) : null;
}

type Reader = Pick<Transaction, "select">;

/**
 * Whether `teacher` teaches the student in the course: the student is seated
 * in a batch of it that `teacher` teaches (a mentor reads and comments on the
 * trade journals of their own batches' students, nobody else's).
 */
export function teachesStudent(teacher: Teacher, userId: string, courseId: number, database: Reader = db): boolean {
  return (
    database
      .select({ one: sql`1` })
      .from(batchStudents)
      .innerJoin(batches, eq(batches.id, batchStudents.batchId))
      .where(and(eq(batchStudents.userId, userId), eq(batchStudents.courseId, courseId), taughtBy(teacher)))
      .get() !== undefined
  );
}

/** The session, when it is one of the batch's and the batch is one `teacher` teaches. */
function taughtSession(tx: Reader, teacher: Teacher, batchId: number, sessionId: number) {
  return (
    tx
      .select({
        id: batchSessions.id,
        batchId: batchSessions.batchId,
        title: batchSessions.title,
        startsAt: batchSessions.startsAt,
        durationMinutes: batchSessions.durationMinutes,
        cancelledAt: batchSessions.cancelledAt,
      })
      .from(batchSessions)
      .innerJoin(batches, eq(batches.id, batchSessions.batchId))
      .where(and(eq(batchSessions.id, sessionId), eq(batchSessions.batchId, batchId), taughtBy(teacher)))
      .get() ?? null
  );
}

export type TaughtSession = NonNullable<ReturnType<typeof taughtSession>>;

/** A session of a batch `teacher` teaches (ids from a URL), or null. */
export function findTaughtSession(teacher: Teacher, batchId: number, sessionId: string | undefined): TaughtSession | null {
  const id = parseId(sessionId ?? "");
  return id === null ? null : taughtSession(db, teacher, batchId, id);
}

export type AttendanceWrite<Result> = ({ ok: true } & Result) | { ok: false; reason: "not-found" | "cancelled" };

/** Runs `write` in one write transaction once the session is found to be `teacher`'s and not cancelled. */
function writeForTeacher<Result>(
  teacher: Teacher,
  batchId: number,
  sessionId: number,
  write: (tx: Transaction, session: TaughtSession) => Result,
): AttendanceWrite<Result> {
  return db.transaction(
    (tx): AttendanceWrite<Result> => {
      const session = taughtSession(tx, teacher, batchId, sessionId);
      if (!session) return { ok: false, reason: "not-found" };
      if (session.cancelledAt) return { ok: false, reason: "cancelled" };
      return { ok: true, ...write(tx, session) };
    },
    { behavior: "immediate" },
  );
}

/** Saves marks by hand: the batch's students only, each Join time kept (decision 0059). */
export function markSessionAttendance(
  teacher: Teacher,
  batchId: number,
  sessionId: number,
  marks: AttendanceMark[],
  now = new Date(),
): AttendanceWrite<{ saved: number; ignored: number }> {
  return writeForTeacher(teacher, batchId, sessionId, (tx, session) => writeAttendanceMarks(tx, session, marks, now));
}

/** Marks present the batch's students a meeting's participant report lists (by address), all in one transaction. */
export function markPresentFromReport(
  teacher: Teacher,
  batchId: number,
  sessionId: number,
  reportEmails: string[],
  now = new Date(),
): AttendanceWrite<ReportMarking> {
  return writeForTeacher(teacher, batchId, sessionId, (tx, session) => writePresentFromReport(tx, session, reportEmails, now));
}
