import { and, asc, eq, sql } from "drizzle-orm";
import { batchSessions, batches, candles, lessons, replayExercises, replays, tradeSetups } from "../../../db/schema";
import { db } from "~/utils/db.server";

// What a course offers in the practice lab: the setups its trades name, and
// its replay exercises (docs/decisions/0064-the-practice-lab.md).

export function listTradeSetups(courseId: number) {
  return db
    .select({ id: tradeSetups.id, name: tradeSetups.name, description: tradeSetups.description })
    .from(tradeSetups)
    .where(eq(tradeSetups.courseId, courseId))
    .orderBy(asc(tradeSetups.position), asc(tradeSetups.id))
    .all();
}

/** A course's exercises, oldest first: the outline offers each one its student may open. */
export function listCourseExercises(courseId: number) {
  return db
    .select({
      id: replayExercises.id,
      title: replayExercises.title,
      isBlind: replayExercises.isBlind,
      lessonId: replayExercises.lessonId,
      batchSessionId: replayExercises.batchSessionId,
      datasetId: replayExercises.datasetId,
    })
    .from(replayExercises)
    .where(eq(replayExercises.courseId, courseId))
    .orderBy(asc(replayExercises.id))
    .all();
}

export type ExerciseInput = {
  title: string;
  datasetId: number;
  startSeq: number;
  historyCandles: number;
  isBlind: boolean;
  lessonId: number | null;
  batchSessionId: number | null;
};

/** A new exercise of the course; "not-found" when the lesson or the live class named is not the course's. */
export function createExercise(
  courseId: number,
  input: ExerciseInput,
  now = new Date(),
): { ok: true; id: number } | { ok: false; reason: "lesson" | "session" } {
  return db.transaction((tx) => {
    if (input.lessonId !== null) {
      const lesson = tx
        .select({ id: lessons.id })
        .from(lessons)
        .where(and(eq(lessons.id, input.lessonId), eq(lessons.courseId, courseId)))
        .get();
      if (!lesson) return { ok: false as const, reason: "lesson" as const };
    }
    if (input.batchSessionId !== null) {
      const session = tx
        .select({ id: batchSessions.id })
        .from(batchSessions)
        .innerJoin(batches, eq(batches.id, batchSessions.batchId))
        .where(and(eq(batchSessions.id, input.batchSessionId), eq(batches.courseId, courseId)))
        .get();
      if (!session) return { ok: false as const, reason: "session" as const };
    }
    const row = tx
      .insert(replayExercises)
      .values({ courseId, ...input, createdAt: now, updatedAt: now })
      .returning({ id: replayExercises.id })
      .get();
    return { ok: true as const, id: row.id };
  });
}

/** Deletes an exercise nobody has replayed (a replay's trades are a student's journal); false otherwise. */
export function deleteExercise(courseId: number, exerciseId: number): "deleted" | "replayed" | "not-found" {
  return db.transaction((tx) => {
    const exercise = tx
      .select({ id: replayExercises.id })
      .from(replayExercises)
      .where(and(eq(replayExercises.id, exerciseId), eq(replayExercises.courseId, courseId)))
      .get();
    if (!exercise) return "not-found";
    if (tx.select({ id: replays.id }).from(replays).where(eq(replays.exerciseId, exerciseId)).limit(1).get()) return "replayed";
    tx.delete(replayExercises).where(eq(replayExercises.id, exerciseId)).run();
    return "deleted";
  });
}

/** A setup the course teaches, added last. */
export function createTradeSetup(courseId: number, input: { name: string; description: string }, now = new Date()): number {
  return db.transaction((tx) => {
    const last = tx
      .select({ position: sql<number>`coalesce(max(${tradeSetups.position}), 0)` })
      .from(tradeSetups)
      .where(eq(tradeSetups.courseId, courseId))
      .get();
    return tx
      .insert(tradeSetups)
      .values({ courseId, ...input, position: (last?.position ?? 0) + 1, createdAt: now })
      .returning({ id: tradeSetups.id })
      .get().id;
  });
}

/** Removes a setup; trades that named it keep their other facts (their setup reads "None named"). */
export function deleteTradeSetup(courseId: number, setupId: number): boolean {
  return (
    db
      .delete(tradeSetups)
      .where(and(eq(tradeSetups.id, setupId), eq(tradeSetups.courseId, courseId)))
      .run().changes === 1
  );
}

/** The live classes of a course's batches, soonest first: what an exercise may belong to. */
export function listCourseSessions(courseId: number) {
  return db
    .select({ id: batchSessions.id, title: batchSessions.title, startsAt: batchSessions.startsAt, batchName: batches.name })
    .from(batchSessions)
    .innerJoin(batches, eq(batches.id, batchSessions.batchId))
    .where(eq(batches.courseId, courseId))
    .orderBy(asc(batchSessions.startsAt), asc(batchSessions.id))
    .all();
}

/** When an exercise's first candle opened, for the admin's list. */
export function exerciseStarts(courseId: number) {
  return db
    .select({ id: replayExercises.id, openAt: candles.openAt })
    .from(replayExercises)
    .innerJoin(candles, and(eq(candles.datasetId, replayExercises.datasetId), eq(candles.seq, replayExercises.startSeq)))
    .where(eq(replayExercises.courseId, courseId))
    .all();
}
