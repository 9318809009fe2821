import { and, asc, eq, gt, inArray, lt, desc, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { courseSections, lessonFiles, lessons, quizQuestions } from "../../../db/schema";
import type { LessonInput, QuizQuestionInput } from "~/schemas/admin-curriculum";
import { db, type Transaction } from "~/utils/db.server";
import { contentForStorage } from "../content/blog.server";
import { listCurriculum } from "./curriculum.server";

// The curriculum editor's writes: sections and lessons added, edited, moved
// and deleted. Positions run from 1 within their course (sections) or section
// (lessons); a move swaps two rows in one transaction, a delete closes the gap.
// Deleting returns the stored file names the lesson held, for the caller to
// remove from disk once the rows are gone.

type Direction = "up" | "down";

/** The condition and order that find the nearest row above (up) or below (down) `position` in a positioned column. */
function nearest(column: SQLiteColumn, position: number, direction: Direction) {
  return direction === "up" ? { beyond: lt(column, position), first: desc(column) } : { beyond: gt(column, position), first: asc(column) };
}

/** A section's place, when it is the course's. */
function sectionOfCourse(tx: Transaction, courseId: number, sectionId: number) {
  return tx
    .select({ position: courseSections.position })
    .from(courseSections)
    .where(and(eq(courseSections.id, sectionId), eq(courseSections.courseId, courseId)))
    .get();
}

/** A lesson's section and place, when it is the course's. */
function lessonOfCourse(tx: Transaction, courseId: number, lessonId: number) {
  return tx
    .select({ sectionId: lessons.sectionId, position: lessons.position })
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)))
    .get();
}

export function findSection(courseId: number, sectionId: number) {
  return (
    db
      .select({ id: courseSections.id, title: courseSections.title })
      .from(courseSections)
      .where(and(eq(courseSections.id, sectionId), eq(courseSections.courseId, courseId)))
      .get() ?? null
  );
}

export function addSection(courseId: number, title: string) {
  return db.transaction((tx) => appendSection(tx, courseId, title));
}

/** A new section after the course's last, in the caller's transaction. */
export function appendSection(tx: Transaction, courseId: number, title: string) {
  const last = tx
    .select({ position: sql<number>`coalesce(max(${courseSections.position}), 0)` })
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId))
    .get();
  return tx
    .insert(courseSections)
    .values({ courseId, title, position: (last?.position ?? 0) + 1 })
    .returning({ id: courseSections.id, title: courseSections.title })
    .get();
}

export function renameSection(courseId: number, sectionId: number, title: string): boolean {
  const result = db
    .update(courseSections)
    .set({ title })
    .where(and(eq(courseSections.id, sectionId), eq(courseSections.courseId, courseId)))
    .run();
  return result.changes === 1;
}

function storedNamesOf(tx: Transaction, lessonIds: number[]): string[] {
  if (lessonIds.length === 0) return [];
  return tx
    .select({ storedName: lessonFiles.storedName })
    .from(lessonFiles)
    .where(inArray(lessonFiles.lessonId, lessonIds))
    .all()
    .map((row) => row.storedName);
}

/** Deletes a section and its lessons; the stored names of their files, or null when the section is not the course's. */
export function deleteSection(courseId: number, sectionId: number): string[] | null {
  return db.transaction((tx) => {
    const section = sectionOfCourse(tx, courseId, sectionId);
    if (!section) return null;
    const lessonIds = tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.sectionId, sectionId))
      .all()
      .map((row) => row.id);
    const names = storedNamesOf(tx, lessonIds);
    tx.delete(courseSections).where(eq(courseSections.id, sectionId)).run();
    tx.update(courseSections)
      .set({ position: sql`${courseSections.position} - 1` })
      .where(and(eq(courseSections.courseId, courseId), gt(courseSections.position, section.position)))
      .run();
    return names;
  });
}

/** Swaps a section with its neighbour; false when it is already first (up) or last (down), or not the course's. */
export function moveSection(courseId: number, sectionId: number, direction: Direction): boolean {
  return db.transaction((tx) => {
    const section = sectionOfCourse(tx, courseId, sectionId);
    if (!section) return false;
    const { beyond, first } = nearest(courseSections.position, section.position, direction);
    const neighbour = tx
      .select({ id: courseSections.id, position: courseSections.position })
      .from(courseSections)
      .where(and(eq(courseSections.courseId, courseId), beyond))
      .orderBy(first)
      .get();
    if (!neighbour) return false;
    tx.update(courseSections).set({ position: neighbour.position }).where(eq(courseSections.id, sectionId)).run();
    tx.update(courseSections).set({ position: section.position }).where(eq(courseSections.id, neighbour.id)).run();
    return true;
  });
}

/** The last lesson's position in the section; 0 when it has none. */
export function lastLessonPosition(tx: Transaction, sectionId: number): number {
  return (
    tx
      .select({ position: sql<number>`coalesce(max(${lessons.position}), 0)` })
      .from(lessons)
      .where(eq(lessons.sectionId, sectionId))
      .get()?.position ?? 0
  );
}

/**
 * Swaps a lesson with its neighbour in its section. At the top of a section
 * "up" moves it to the end of the section above; at the bottom "down" to the
 * start of the section below. False when there is nowhere to go.
 */
export function moveLesson(courseId: number, lessonId: number, direction: Direction): boolean {
  return db.transaction((tx) => {
    const lesson = lessonOfCourse(tx, courseId, lessonId);
    if (!lesson) return false;
    const { beyond, first } = nearest(lessons.position, lesson.position, direction);
    const neighbour = tx
      .select({ id: lessons.id, position: lessons.position })
      .from(lessons)
      .where(and(eq(lessons.sectionId, lesson.sectionId), beyond))
      .orderBy(first)
      .get();
    if (neighbour) {
      tx.update(lessons).set({ position: neighbour.position }).where(eq(lessons.id, lessonId)).run();
      tx.update(lessons).set({ position: lesson.position }).where(eq(lessons.id, neighbour.id)).run();
      return true;
    }
    const sections = listCurriculum(courseId, "every-batch", tx).map((section) => section.id);
    const target = sections[sections.indexOf(lesson.sectionId) + (direction === "up" ? -1 : 1)];
    if (target === undefined) return false;
    closeGap(tx, lesson.sectionId, lesson.position);
    if (direction === "up") {
      tx.update(lessons)
        .set({ sectionId: target, position: lastLessonPosition(tx, target) + 1 })
        .where(eq(lessons.id, lessonId))
        .run();
    } else {
      tx.update(lessons)
        .set({ position: sql`${lessons.position} + 1` })
        .where(eq(lessons.sectionId, target))
        .run();
      tx.update(lessons).set({ sectionId: target, position: 1 }).where(eq(lessons.id, lessonId)).run();
    }
    return true;
  });
}

function closeGap(tx: Transaction, sectionId: number, position: number) {
  tx.update(lessons)
    .set({ position: sql`${lessons.position} - 1` })
    .where(and(eq(lessons.sectionId, sectionId), gt(lessons.position, position)))
    .run();
}

export type CurriculumOrder = { id: number; lessons: number[] }[];

/**
 * Puts the whole curriculum in the order given (a drag and drop): every
 * section and every lesson of the course exactly once. False, changing
 * nothing, when the order names anything else or leaves anything out.
 */
export function reorderCurriculum(courseId: number, order: CurriculumOrder): boolean {
  return db.transaction((tx) => {
    const current = listCurriculum(courseId, "every-batch", tx);
    const sameSet = (a: number[], b: number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
    if (
      !sameSet(
        current.map((section) => section.id),
        order.map((section) => section.id),
      )
    )
      return false;
    const currentLessons = current.flatMap((section) => section.lessons.map((lesson) => lesson.id));
    if (
      !sameSet(
        currentLessons,
        order.flatMap((section) => section.lessons),
      )
    )
      return false;
    order.forEach((section, sectionIndex) => {
      tx.update(courseSections)
        .set({ position: sectionIndex + 1 })
        .where(eq(courseSections.id, section.id))
        .run();
      section.lessons.forEach((lessonId, lessonIndex) => {
        tx.update(lessons)
          .set({ sectionId: section.id, position: lessonIndex + 1 })
          .where(eq(lessons.id, lessonId))
          .run();
      });
    });
    return true;
  });
}

type LessonRow = Omit<LessonInput, "questions">;

function lessonValues({ questions: _questions, ...input }: LessonInput): LessonRow {
  return { ...input, body: contentForStorage(input.body) };
}

/** A quiz's questions as stored, in order (ids kept where a question stays, so past attempts still name them). */
function writeQuestions(tx: Transaction, lessonId: number, questions: QuizQuestionInput[]) {
  const existing = tx
    .select({ id: quizQuestions.id })
    .from(quizQuestions)
    .where(eq(quizQuestions.lessonId, lessonId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id))
    .all();
  questions.forEach((question, index) => {
    const row = existing[index];
    if (row)
      tx.update(quizQuestions)
        .set({ ...question, position: index + 1 })
        .where(eq(quizQuestions.id, row.id))
        .run();
    else
      tx.insert(quizQuestions)
        .values({ lessonId, position: index + 1, ...question })
        .run();
  });
  const extra = existing.slice(questions.length).map((row) => row.id);
  if (extra.length > 0) tx.delete(quizQuestions).where(inArray(quizQuestions.id, extra)).run();
}

/** Adds a lesson at the end of a section of the course; null when the section is not the course's. */
export function createLesson(courseId: number, sectionId: number, input: LessonInput): { id: number } | null {
  return db.transaction((tx) => {
    const section = sectionOfCourse(tx, courseId, sectionId);
    if (!section) return null;
    const lesson = tx
      .insert(lessons)
      .values({ courseId, sectionId, position: lastLessonPosition(tx, sectionId) + 1, ...lessonValues(input) })
      .returning({ id: lessons.id })
      .get();
    writeQuestions(tx, lesson.id, input.questions);
    return lesson;
  });
}

/** Saves a lesson's fields (and a quiz's questions); false when the lesson is not the course's. */
export function updateLesson(courseId: number, lessonId: number, input: LessonInput): boolean {
  return db.transaction((tx) => {
    const result = tx
      .update(lessons)
      .set({ ...lessonValues(input), updatedAt: new Date() })
      .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)))
      .run();
    if (result.changes !== 1) return false;
    writeQuestions(tx, lessonId, input.type === "quiz" ? input.questions : []);
    return true;
  });
}

/** Deletes a lesson (its progress, attempts and file rows go with it); its files' stored names, or null when not the course's. */
export function deleteLesson(courseId: number, lessonId: number): string[] | null {
  return db.transaction((tx) => {
    const lesson = lessonOfCourse(tx, courseId, lessonId);
    if (!lesson) return null;
    const names = storedNamesOf(tx, [lessonId]);
    tx.delete(lessons).where(eq(lessons.id, lessonId)).run();
    closeGap(tx, lesson.sectionId, lesson.position);
    return names;
  });
}

/** A quiz lesson's questions as the editor shows them. */
export function quizQuestionsForEditor(lessonId: number): QuizQuestionInput[] {
  return db
    .select({ prompt: quizQuestions.prompt, options: quizQuestions.options, correct: quizQuestions.correct })
    .from(quizQuestions)
    .where(eq(quizQuestions.lessonId, lessonId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id))
    .all();
}

/** When each live session of the course starts (lesson id → instant), for the editor's list. */
export function liveSessionTimes(courseId: number): Map<number, Date> {
  const rows = db
    .select({ id: lessons.id, startsAt: lessons.liveStartsAt })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), eq(lessons.type, "live")))
    .all();
  return new Map(rows.flatMap((row) => (row.startsAt ? [[row.id, row.startsAt] as const] : [])));
}
