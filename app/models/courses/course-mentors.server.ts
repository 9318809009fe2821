import { and, asc, eq, inArray } from "drizzle-orm";
import { courseMentors, mentors } from "../../../db/schema";
import { db, type Transaction } from "~/utils/db.server";

// Who teaches a course: mentor profiles (Admin → Mentors) linked to it, in the
// order the course page shows them.

export type CourseMentor = { id: number; name: string; title: string; bio: string; imageUrl: string | null };

/** The course's active mentors, in their order. */
export function listCourseMentors(courseId: number): CourseMentor[] {
  return db
    .select({ id: mentors.id, name: mentors.name, title: mentors.title, bio: mentors.bio, imageUrl: mentors.imageUrl })
    .from(courseMentors)
    .innerJoin(mentors, eq(mentors.id, courseMentors.mentorId))
    .where(and(eq(courseMentors.courseId, courseId), eq(mentors.isActive, true)))
    .orderBy(asc(courseMentors.position))
    .all();
}

/** The ids of the course's mentors, in order (the admin form's ticks). */
export function courseMentorIds(courseId: number): number[] {
  return db
    .select({ id: courseMentors.mentorId })
    .from(courseMentors)
    .where(eq(courseMentors.courseId, courseId))
    .orderBy(asc(courseMentors.position))
    .all()
    .map((row) => row.id);
}

/** Every mentor an admin may link to a course: id and a label with their title. */
export function listMentorChoices(): { id: number; title: string }[] {
  return db
    .select({ id: mentors.id, name: mentors.name, title: mentors.title, isActive: mentors.isActive })
    .from(mentors)
    .orderBy(asc(mentors.displayOrder), asc(mentors.id))
    .all()
    .map((mentor) => ({ id: mentor.id, title: `${mentor.name}, ${mentor.title}${mentor.isActive ? "" : " (hidden)"}` }));
}

/** Whether every one of `mentorIds` is a mentor still: asked inside the course's save, before it writes. */
export function allMentorsExist(tx: Transaction, mentorIds: number[]): boolean {
  if (mentorIds.length === 0) return true;
  return tx.select({ id: mentors.id }).from(mentors).where(inArray(mentors.id, mentorIds)).all().length === mentorIds.length;
}

/** Makes `mentorIds` the course's mentors, in that order, inside the course's save. */
export function replaceCourseMentors(tx: Transaction, courseId: number, mentorIds: number[]): void {
  tx.delete(courseMentors).where(eq(courseMentors.courseId, courseId)).run();
  if (mentorIds.length > 0)
    tx.insert(courseMentors)
      .values(mentorIds.map((mentorId, position) => ({ courseId, mentorId, position })))
      .run();
}
