import { asc, eq } from "drizzle-orm";
import { replayExercises, tradeSetups } from "../../../db/schema";
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
    })
    .from(replayExercises)
    .where(eq(replayExercises.courseId, courseId))
    .orderBy(asc(replayExercises.id))
    .all();
}
