import { and, asc, eq } from "drizzle-orm";
import { courseSections, courses, orders, lessonFiles, lessons } from "../../../db/schema";
import type { LessonFileKind } from "../../../db/enums";
import { db } from "~/utils/db.server";

// A lesson's file rows (its uploaded video, at most one, and its attachments):
// as the curriculum editor records them and the classroom lists and serves
// them. The bytes live under data/lesson-files/ (app/services/classroom/lesson-files.server.ts);
// the stored name never leaves the server: pages link to /learn/:course/:lesson/files/:id.

export type LessonFileSummary = { id: number; kind: LessonFileKind; filename: string; contentType: string; sizeBytes: number };
export type StoredLessonFile = LessonFileSummary & { storedName: string };

const summaryColumns = {
  id: lessonFiles.id,
  kind: lessonFiles.kind,
  filename: lessonFiles.filename,
  contentType: lessonFiles.contentType,
  sizeBytes: lessonFiles.sizeBytes,
};

/** A lesson's files, video first, then attachments in the order they were added. */
export function listLessonFiles(lessonId: number): LessonFileSummary[] {
  return db
    .select(summaryColumns)
    .from(lessonFiles)
    .where(eq(lessonFiles.lessonId, lessonId))
    .orderBy(asc(lessonFiles.kind), asc(lessonFiles.id))
    .all()
    .sort((a, b) => Number(b.kind === "video") - Number(a.kind === "video"));
}

/** One file of one lesson of one course (null when any of the three does not match). */
export function findLessonFile(courseId: number, lessonId: number, fileId: number): StoredLessonFile | null {
  return (
    db
      .select({ ...summaryColumns, storedName: lessonFiles.storedName })
      .from(lessonFiles)
      .innerJoin(lessons, eq(lessons.id, lessonFiles.lessonId))
      .where(and(eq(lessonFiles.id, fileId), eq(lessonFiles.lessonId, lessonId), eq(lessons.courseId, courseId)))
      .get() ?? null
  );
}

export type CourseMaterial = {
  courseId: number;
  courseTitle: string;
  lessonId: number;
  lessonTitle: string;
  fileId: number;
  filename: string;
  sizeBytes: number;
};

/** The attachments of every course the student has paid for, by course, then lesson order. */
export function listCourseMaterials(userId: string): CourseMaterial[] {
  // Distinct: a student may hold two paid orders for one course (a duplicate payment).
  return db
    .selectDistinct({
      courseId: courses.id,
      courseTitle: courses.title,
      lessonId: lessons.id,
      lessonTitle: lessons.title,
      fileId: lessonFiles.id,
      filename: lessonFiles.filename,
      sizeBytes: lessonFiles.sizeBytes,
    })
    .from(orders)
    .innerJoin(courses, eq(courses.id, orders.courseId))
    .innerJoin(lessons, eq(lessons.courseId, courses.id))
    .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
    .innerJoin(lessonFiles, and(eq(lessonFiles.lessonId, lessons.id), eq(lessonFiles.kind, "attachment")))
    .where(and(eq(orders.userId, userId), eq(orders.paymentStatus, "completed")))
    .orderBy(asc(courses.title), asc(courseSections.position), asc(lessons.position), asc(lessonFiles.id))
    .all();
}

export type NewLessonFile = Omit<StoredLessonFile, "id">;

/**
 * Records files stored for a lesson. A new video replaces the old one: the
 * stored names of the rows it replaced are returned for removal from disk.
 */
export function addLessonFiles(lessonId: number, files: NewLessonFile[]): string[] {
  return db.transaction((tx) => {
    const replaced: string[] = [];
    for (const file of files) {
      if (file.kind === "video") {
        const old = tx
          .delete(lessonFiles)
          .where(and(eq(lessonFiles.lessonId, lessonId), eq(lessonFiles.kind, "video")))
          .returning({ storedName: lessonFiles.storedName })
          .all();
        replaced.push(...old.map((row) => row.storedName));
      }
      tx.insert(lessonFiles)
        .values({ lessonId, ...file })
        .run();
    }
    return replaced;
  });
}

/** Removes one file row of the lesson; its stored name, or null when the lesson has no such file. */
export function removeLessonFile(lessonId: number, fileId: number): string | null {
  const row = db
    .delete(lessonFiles)
    .where(and(eq(lessonFiles.id, fileId), eq(lessonFiles.lessonId, lessonId)))
    .returning({ storedName: lessonFiles.storedName })
    .get();
  return row?.storedName ?? null;
}
