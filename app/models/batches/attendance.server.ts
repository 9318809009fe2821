import { and, asc, eq, inArray } from "drizzle-orm";
import { batchSessions, batchStudents, sessionAttendance, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { studentName } from "./batch-roster.server";

// Attendance at a live session (decision 0059): "joined" is recorded by the
// student's Join; "attended" is marked afterwards by whoever teaches it, for
// the batch's students only.

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

/**
 * Saves the marks given, in one transaction: only for students of the
 * session's batch (anyone else named is ignored and counted), keeping each
 * student's Join time. Returns how many marks were saved and ignored.
 */
export function markAttendance(sessionId: number, marks: AttendanceMark[], now = new Date()): { saved: number; ignored: number } {
  return db.transaction(
    (tx) => {
      const session = tx.select({ batchId: batchSessions.batchId }).from(batchSessions).where(eq(batchSessions.id, sessionId)).get();
      if (!session || marks.length === 0) return { saved: 0, ignored: marks.length };
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
        const markedAt = mark.attended === null ? null : now;
        tx.insert(sessionAttendance)
          .values({ sessionId, userId: mark.userId, attended: mark.attended, markedAt })
          .onConflictDoUpdate({
            target: [sessionAttendance.sessionId, sessionAttendance.userId],
            set: { attended: mark.attended, markedAt },
          })
          .run();
        saved += 1;
      }
      return { saved, ignored: marks.length - saved };
    },
    { behavior: "immediate" },
  );
}
