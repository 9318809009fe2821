import { randomUUID } from "node:crypto";
import { batchSessions, batchStudents, batches, courses, mentors, users } from "../../db/schema";
import { db } from "~/utils/db.server";

// For unit tests (their in-memory database): a course's batch with its
// sessions, mentors and seated students, each a row of the test's own.

export const CLASS_START = new Date("2026-12-01T13:30:00Z");
const DAY_MS = 86_400_000;

export function insertMentor(name = "Meera Shah") {
  return db.insert(mentors).values({ name, title: "Mentor", bio: "Bio" }).returning().get();
}

export function insertStudent(firstName: string, email = `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`) {
  return db.insert(users).values({ email, firstName, lastName: "Rao" }).returning().get();
}

/** A batch of a fresh course, led by `leadMentorId`, with one session a day from CLASS_START (each taught by the mentor given, if any). */
export function insertBatch(options: { leadMentorId?: number | null; sessionMentors?: (number | null)[]; name?: string } = {}) {
  const course = db
    .insert(courses)
    .values({ title: `Replays ${randomUUID().slice(0, 6)}`, shortDescription: "s", description: "d", duration: "4 weeks" })
    .returning()
    .get();
  const batch = db
    .insert(batches)
    .values({
      courseId: course.id,
      name: options.name ?? "Evening",
      startsOn: "2026-11-30",
      endsOn: "2026-12-20",
      leadMentorId: options.leadMentorId ?? null,
    })
    .returning()
    .get();
  const sessions = (options.sessionMentors ?? [null]).map((mentorId, day) =>
    db
      .insert(batchSessions)
      .values({
        batchId: batch.id,
        title: `Class ${day + 1}`,
        startsAt: new Date(CLASS_START.getTime() + day * DAY_MS),
        durationMinutes: 90,
        joinUrl: "https://meet.jit.si/x",
        mentorId,
      })
      .returning()
      .get(),
  );
  return { course, batch, sessions };
}

/** Seats the students in the batch, in this order (a minute apart). */
export function seat(batch: { id: number; courseId: number }, students: { id: string }[]) {
  students.forEach((student, index) =>
    db
      .insert(batchStudents)
      .values({
        batchId: batch.id,
        courseId: batch.courseId,
        userId: student.id,
        joinedAt: new Date(CLASS_START.getTime() - DAY_MS + index * 60_000),
      })
      .run(),
  );
}
