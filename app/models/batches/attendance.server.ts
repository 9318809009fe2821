import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { batchSessions, batchStudents, sessionAttendance, users } from "../../../db/schema";
import { db, type Transaction } from "~/utils/db.server";
import { studentName } from "./batch-roster.server";

// Attendance at a live session (decision 0059): "joined" is recorded by the
// student's Join; "attended" is marked afterwards by whoever teaches it, by
// hand or from the meeting's participant report, for the batch's students
// only. Who may do so is app/models/batches/teaching.server.ts's to say: the
// writes here run inside its transactions.

export type AttendanceRow = {
  userId: string;
  name: string;
  email: string;
  joinedAt: Date | null;
  /** Null: not marked yet. */
  attended: boolean | null;
};

/** Every student of the session's batch, in the order they joined the batch, with what is known of their attendance. */
export function attendanceOfSession(sessionId: number): AttendanceRow[] {
  return db
    .select({
      userId: batchStudents.userId,
      name: studentName,
      email: users.email,
      joinedAt: sessionAttendance.joinedAt,
      attended: sessionAttendance.attended,
    })
    .from(batchSessions)
    .innerJoin(batchStudents, eq(batchStudents.batchId, batchSessions.batchId))
    .innerJoin(users, eq(users.id, batchStudents.userId))
    .leftJoin(sessionAttendance, and(eq(sessionAttendance.sessionId, batchSessions.id), eq(sessionAttendance.userId, batchStudents.userId)))
    .where(eq(batchSessions.id, sessionId))
    .orderBy(asc(batchStudents.joinedAt), asc(batchStudents.id))
    .all();
}

export type AttendanceMark = { userId: string; attended: boolean | null };

type Writer = Pick<Transaction, "select" | "insert">;

/** Records one student's mark, keeping the time they pressed Join. */
function writeMark(tx: Writer, sessionId: number, mark: AttendanceMark, now: Date) {
  const markedAt = mark.attended === null ? null : now;
  tx.insert(sessionAttendance)
    .values({ sessionId, userId: mark.userId, attended: mark.attended, markedAt })
    .onConflictDoUpdate({
      target: [sessionAttendance.sessionId, sessionAttendance.userId],
      set: { attended: mark.attended, markedAt },
    })
    .run();
}

/**
 * Saves the marks given, inside the caller's transaction: only for students of
 * the session's batch (anyone else named is ignored and counted), keeping each
 * student's Join time. Returns how many marks were saved and ignored.
 */
export function writeAttendanceMarks(
  tx: Writer,
  session: { id: number; batchId: number },
  marks: AttendanceMark[],
  now: Date,
): { saved: number; ignored: number } {
  if (marks.length === 0) return { saved: 0, ignored: 0 };
  const members = new Set(
    tx
      .select({ userId: batchStudents.userId })
      .from(batchStudents)
      .where(
        and(
          eq(batchStudents.batchId, session.batchId),
          inArray(
            batchStudents.userId,
            marks.map((mark) => mark.userId),
          ),
        ),
      )
      .all()
      .map((row) => row.userId),
  );
  let saved = 0;
  for (const mark of marks) {
    if (!members.has(mark.userId)) continue;
    writeMark(tx, session.id, mark, now);
    saved += 1;
  }
  return { saved, ignored: marks.length - saved };
}

export type ReportMarking = {
  /** Students of the batch the report names, now marked present. */
  markedPresent: number;
  /** Addresses in the report that are no student's of the batch, as the report gives them (each once). */
  unmatched: string[];
};

/** An address as the report and the account compare: no surrounding spaces, case ignored (as accounts store them). */
const comparable = (email: string) => email.trim().toLowerCase();

/**
 * Marks present, inside the caller's transaction, every student of the
 * session's batch whose account address the report lists; everyone else is
 * left as they were. Addresses are compared trimmed and without case; an
 * address that is no student's of the batch is only reported back, never
 * marked (whoever it is).
 */
export function writePresentFromReport(
  tx: Writer,
  session: { id: number; batchId: number },
  reportEmails: string[],
  now: Date,
): ReportMarking {
  const students = new Map(
    tx
      .select({ userId: batchStudents.userId, email: sql<string>`lower(trim(${users.email}))` })
      .from(batchStudents)
      .innerJoin(users, eq(users.id, batchStudents.userId))
      .where(eq(batchStudents.batchId, session.batchId))
      .all()
      .map((row) => [row.email, row.userId]),
  );
  const present = new Set<string>();
  const unmatched = new Map<string, string>();
  for (const email of reportEmails) {
    const key = comparable(email);
    if (!key) continue;
    const userId = students.get(key);
    if (userId) present.add(userId);
    else if (!unmatched.has(key)) unmatched.set(key, email.trim());
  }
  for (const userId of present) writeMark(tx, session.id, { userId, attended: true }, now);
  return { markedPresent: present.size, unmatched: [...unmatched.values()] };
}

/** What is known of a student at a session: marked present or absent, or only that they pressed Join; null for nothing. */
export type AttendanceState = "present" | "absent" | "joined" | null;

export function attendanceState(row: { attended: boolean | null; joinedAt: Date | null }): AttendanceState {
  if (row.attended !== null) return row.attended ? "present" : "absent";
  return row.joinedAt ? "joined" : null;
}

export type AttendanceCounts = { present: number; absent: number; joined: number };

/**
 * For each session of the batch that has any attendance, how many of the
 * batch's students were marked present, marked absent, and pressed Join
 * (whether or not marked since), by session id.
 */
export function attendanceCountsOfBatch(batchId: number): Map<number, AttendanceCounts> {
  const count = (condition: SQL) => sql<number>`sum(case when ${condition} then 1 else 0 end)`.mapWith(Number);
  const rows = db
    .select({
      sessionId: sessionAttendance.sessionId,
      present: count(sql`${sessionAttendance.attended} = 1`),
      absent: count(sql`${sessionAttendance.attended} = 0`),
      joined: count(sql`${sessionAttendance.joinedAt} is not null`),
    })
    .from(batchSessions)
    .innerJoin(sessionAttendance, eq(sessionAttendance.sessionId, batchSessions.id))
    .innerJoin(batchStudents, and(eq(batchStudents.batchId, batchSessions.batchId), eq(batchStudents.userId, sessionAttendance.userId)))
    .where(eq(batchSessions.batchId, batchId))
    .groupBy(sessionAttendance.sessionId)
    .all();
  return new Map(rows.map(({ sessionId, ...counts }) => [sessionId, counts]));
}

export type BatchAttendance = {
  /** The sessions held or to be held (cancelled ones left out), in order of time. */
  sessions: { id: number; title: string; startsAt: Date }[];
  /** The batch's students in the order they joined it, each with their state at each session (by session id). */
  students: { name: string; email: string; states: Map<number, AttendanceState> }[];
};

/** The batch's attendance register: every student against every session that was not cancelled. */
export function attendanceOfBatch(batchId: number): BatchAttendance {
  const sessions = db
    .select({ id: batchSessions.id, title: batchSessions.title, startsAt: batchSessions.startsAt })
    .from(batchSessions)
    .where(and(eq(batchSessions.batchId, batchId), isNull(batchSessions.cancelledAt)))
    .orderBy(asc(batchSessions.startsAt), asc(batchSessions.id))
    .all();
  const students = db
    .select({ userId: batchStudents.userId, name: studentName, email: users.email })
    .from(batchStudents)
    .innerJoin(users, eq(users.id, batchStudents.userId))
    .where(eq(batchStudents.batchId, batchId))
    .orderBy(asc(batchStudents.joinedAt), asc(batchStudents.id))
    .all();
  const states = new Map(students.map((student) => [student.userId, new Map<number, AttendanceState>()]));
  const marks = db
    .select({
      sessionId: sessionAttendance.sessionId,
      userId: sessionAttendance.userId,
      attended: sessionAttendance.attended,
      joinedAt: sessionAttendance.joinedAt,
    })
    .from(batchSessions)
    .innerJoin(sessionAttendance, eq(sessionAttendance.sessionId, batchSessions.id))
    .where(and(eq(batchSessions.batchId, batchId), isNull(batchSessions.cancelledAt)))
    .all();
  for (const mark of marks) states.get(mark.userId)?.set(mark.sessionId, attendanceState(mark));
  return {
    sessions,
    students: students.map((student) => ({ name: student.name, email: student.email, states: states.get(student.userId) ?? new Map() })),
  };
}
