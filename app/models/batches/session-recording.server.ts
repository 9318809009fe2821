import { and, asc, eq } from "drizzle-orm";
import { batchSessions, batches, courseSections, lessonFiles, lessons } from "../../../db/schema";
import type { RecordingInput } from "~/schemas/admin-batch";
import { db, type Transaction } from "~/utils/db.server";
import type { NewLessonFile } from "../classroom/lesson-file.server";
import { appendSection, lastLessonPosition } from "../classroom/curriculum-admin.server";

// A class's recording, published once the class is over (decision 0062): a
// video lesson of the course that only the batch's students see
// (`lessons.batch_id`), in the course's "Class recordings" section (made the
// first time), titled after the session and linked from it
// (`batch_sessions.recording_lesson_id`). It plays from an uploaded file
// behind the enrolment check, or from Vimeo restricted to this site
// (decision 0024). It counts towards no certificate: other batches never see it.

export const RECORDINGS_SECTION = "Class recordings";

export type RecordingPublish =
  { ok: true; lessonId: number } | { ok: false; reason: "not-found" | "cancelled" | "not-over" | "published"; lessonId?: number };

/** Whether the session's class is over at `now` (its start plus its length). */
export const sessionIsOver = (session: { startsAt: Date; durationMinutes: number }, now = new Date()) =>
  session.startsAt.getTime() + session.durationMinutes * 60_000 <= now.getTime();

/** The course's recordings section, added after its last section the first time. */
function recordingsSection(tx: Transaction, courseId: number): number {
  const found = tx
    .select({ id: courseSections.id })
    .from(courseSections)
    .where(and(eq(courseSections.courseId, courseId), eq(courseSections.title, RECORDINGS_SECTION)))
    .orderBy(asc(courseSections.position))
    .get();
  return found ? found.id : appendSection(tx, courseId, RECORDINGS_SECTION).id;
}

/**
 * Publishes the recording of a session that is over and not cancelled, in
 * one transaction: the lesson (with its uploaded file, when there is one)
 * and the session's link to it. Refused, writing nothing, when the session
 * already has one: the admin edits that lesson instead.
 */
export function publishSessionRecording(
  courseId: number,
  batchId: number,
  sessionId: number,
  input: RecordingInput,
  file: NewLessonFile | null,
  now = new Date(),
): RecordingPublish {
  return db.transaction(
    (tx): RecordingPublish => {
      const session = tx
        .select({
          startsAt: batchSessions.startsAt,
          durationMinutes: batchSessions.durationMinutes,
          cancelledAt: batchSessions.cancelledAt,
          recordingLessonId: batchSessions.recordingLessonId,
        })
        .from(batchSessions)
        .innerJoin(batches, eq(batches.id, batchSessions.batchId))
        .where(and(eq(batchSessions.id, sessionId), eq(batchSessions.batchId, batchId), eq(batches.courseId, courseId)))
        .get();
      if (!session) return { ok: false, reason: "not-found" };
      if (session.cancelledAt) return { ok: false, reason: "cancelled" };
      if (!sessionIsOver(session, now)) return { ok: false, reason: "not-over" };
      if (session.recordingLessonId !== null) return { ok: false, reason: "published", lessonId: session.recordingLessonId };
      const sectionId = recordingsSection(tx, courseId);
      const lesson = tx
        .insert(lessons)
        .values({
          courseId,
          sectionId,
          position: lastLessonPosition(tx, sectionId) + 1,
          title: input.title,
          type: "video",
          durationMinutes: session.durationMinutes,
          isFreePreview: false,
          isRequired: false,
          videoSource: input.videoSource,
          videoUrl: input.videoUrl,
          batchId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: lessons.id })
        .get();
      if (file)
        tx.insert(lessonFiles)
          .values({ lessonId: lesson.id, ...file })
          .run();
      tx.update(batchSessions).set({ recordingLessonId: lesson.id, updatedAt: now }).where(eq(batchSessions.id, sessionId)).run();
      return { ok: true, lessonId: lesson.id };
    },
    { behavior: "immediate" },
  );
}
