// Drip release: when a lesson opens to each student, and that nothing done
// through the models (completing, watching, a quiz, the certificate) gets
// past a lesson that has not opened, or reaches another batch's lesson.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, batches, batchStudents, courseSections, courses, lessons, orders, users } from "../../../db/schema";
import type { LessonRelease, LessonType } from "../../../db/enums";
import { db } from "~/utils/db.server";
import { completeLesson, courseProgress, recordVideoWatched } from "./lesson-progress.server";
import { lessonLockFor, lockedLessonsOf, lockedUntil, releaseDay, unlockLessonEarly, type StudentTimeline } from "./lesson-release.server";
import { submitQuizAttempt } from "./quiz.server";

// 29 November 2026, 10:00 IST; the student enrolled that morning.
const ENROLLED = new Date("2026-11-29T04:30:00Z");
const at = (iso: string) => new Date(iso);

const timeline = (overrides: Partial<StudentTimeline> = {}): StudentTimeline => ({
  enrolledOn: "2026-11-29",
  batchId: null,
  batchStartsOn: null,
  unlocked: new Set(),
  ...overrides,
});
const rule = (releaseRule: LessonRelease | null, releaseAfterDays: number | null = null, releaseOn: string | null = null) => ({
  id: 1,
  releaseRule,
  releaseAfterDays,
  releaseOn,
  batchId: null,
});

describe("the day a lesson opens", () => {
  it("counts days after the enrolment, the batch's first day, or takes a date, in India's calendar", () => {
    expect(releaseDay(rule(null), timeline())).toBeNull();
    expect(releaseDay(rule("after_enrolment", 7), timeline())).toBe("2026-12-06");
    expect(releaseDay(rule("after_batch_start", 14), timeline({ batchId: 3, batchStartsOn: "2026-12-21" }))).toBe("2027-01-04");
    // No batch chosen (a course sold both ways): counted from the enrolment.
    expect(releaseDay(rule("after_batch_start", 14), timeline())).toBe("2026-12-13");
    expect(releaseDay(rule("on_date", null, "2027-01-15"), timeline())).toBe("2027-01-15");
  });

  it("opens at midnight India time, not UTC", () => {
    const weekLater = rule("after_enrolment", 7);
    // 6 December 00:00 IST is 5 December 18:30 UTC.
    expect(lockedUntil(weekLater, timeline(), at("2026-12-05T18:29:59Z"))).toEqual(at("2026-12-05T18:30:00Z"));
    expect(lockedUntil(weekLater, timeline(), at("2026-12-05T18:30:00Z"))).toBeNull();
  });

  it("is open early once an admin opened it for the student, or when they completed it before the rule was set", () => {
    const weekLater = rule("after_enrolment", 7);
    expect(lockedUntil(weekLater, timeline({ unlocked: new Set([1]) }), ENROLLED)).toBeNull();
    expect(lockedUntil(weekLater, timeline(), ENROLLED, true)).toBeNull();
  });
});

let serial = 0;

type LessonSpec = {
  type?: LessonType;
  releaseRule?: LessonRelease;
  releaseAfterDays?: number;
  batch?: "own" | "other";
  required?: boolean;
};

/** A student enrolled on ENROLLED in a course taught in two batches, seated in the first, with the lessons asked for. */
function arrange(specs: LessonSpec[]) {
  serial += 1;
  const user = db
    .insert(users)
    .values({ email: `drip${serial}@example.com`, firstName: "Kavya", lastName: "Nair" })
    .returning()
    .get();
  const course = db
    .insert(courses)
    .values({ title: `Swing Trading ${serial}`, shortDescription: "s", description: "d", duration: "6 weeks", pacing: "both" })
    .returning()
    .get();
  const [own, other] = ["2026-12-07", "2027-01-04"].map(
    (startsOn, index) =>
      db
        .insert(batches)
        .values({ courseId: course.id, name: `Batch ${index + 1}`, startsOn, endsOn: "2027-02-28" })
        .returning()
        .get().id,
  ) as [number, number];
  db.insert(batchStudents).values({ batchId: own, courseId: course.id, userId: user.id, joinedAt: ENROLLED }).run();
  const section = db.insert(courseSections).values({ courseId: course.id, title: "Weeks", position: 1 }).returning().get();
  const lessonIds = specs.map(
    (spec, index) =>
      db
        .insert(lessons)
        .values({
          courseId: course.id,
          sectionId: section.id,
          position: index + 1,
          title: `Week ${index + 1}`,
          type: spec.type ?? "article",
          isRequired: spec.required ?? true,
          passPercent: spec.type === "quiz" ? 50 : null,
          releaseRule: spec.releaseRule ?? null,
          releaseAfterDays: spec.releaseAfterDays ?? null,
          batchId: spec.batch === "own" ? own : spec.batch === "other" ? other : null,
        })
        .returning()
        .get().id,
  );
  db.insert(orders).values({ userId: user.id, courseId: course.id, paymentStatus: "completed", enrolledAt: ENROLLED }).run();
  return { userId: user.id, courseId: course.id, lessonIds };
}

describe("every write refuses a lesson that has not opened", () => {
  const BEFORE = at("2026-12-01T06:00:00Z");
  // The batch began on 7 December; a week later is 14 December, 00:00 IST.
  const AFTER = at("2026-12-14T00:00:00Z");

  it("completing, watching and a quiz attempt are refused until the day, and nothing is recorded", () => {
    const { userId, courseId, lessonIds } = arrange([
      { releaseRule: "after_batch_start", releaseAfterDays: 7 },
      { type: "video", releaseRule: "after_batch_start", releaseAfterDays: 7 },
      { type: "quiz", releaseRule: "after_batch_start", releaseAfterDays: 7 },
    ]);
    const [article, video, quiz] = lessonIds as [number, number, number];
    expect(completeLesson(userId, courseId, article, BEFORE)).toEqual({ ok: false, reason: "locked" });
    expect(recordVideoWatched(userId, courseId, video, 100, BEFORE)).toEqual({ ok: false, reason: "locked" });
    expect(submitQuizAttempt(userId, courseId, quiz, {}, BEFORE)).toEqual({ ok: false, reason: "locked" });
    expect(courseProgress(userId, courseId).lessons.size).toBe(0);

    expect(completeLesson(userId, courseId, article, AFTER)).toMatchObject({ ok: true, newlyCompleted: true });
    expect(recordVideoWatched(userId, courseId, video, 95, AFTER)).toMatchObject({ ok: true, newlyCompleted: true });
  });

  it("issues the certificate only once the locked lesson opened and was done", () => {
    const { userId, courseId, lessonIds } = arrange([{}, { releaseRule: "after_batch_start", releaseAfterDays: 7 }]);
    const [first, second] = lessonIds as [number, number];
    expect(completeLesson(userId, courseId, first, BEFORE)).toMatchObject({ ok: true, certificateNumber: null });
    expect(completeLesson(userId, courseId, second, BEFORE)).toEqual({ ok: false, reason: "locked" });
    expect(completeLesson(userId, courseId, second, AFTER)).toMatchObject({ ok: true, certificateNumber: expect.stringMatching(/^TMA-/) });
  });

  it("opens a lesson early for one student when an admin says so, with the reason in the audit log", () => {
    const { userId, courseId, lessonIds } = arrange([{ releaseRule: "after_enrolment", releaseAfterDays: 30 }]);
    const [lesson] = lessonIds as [number];
    const other = arrange([]);
    expect(lockedLessonsOf(userId, courseId, BEFORE)).toEqual([{ lessonId: lesson, title: "Week 1", opensAt: at("2026-12-28T18:30:00Z") }]);
    const decision = { admin: { adminId: "owner" }, reason: "Missed the first class for an exam; catching up" };
    expect(unlockLessonEarly(other.userId, lesson, decision)).toBe("not-enrolled");
    expect(unlockLessonEarly(userId, 999_999, decision)).toBe("not-found");
    expect(unlockLessonEarly(userId, lesson, decision)).toBe("unlocked");
    expect(unlockLessonEarly(userId, lesson, decision)).toBe("unlocked");

    expect(lockedLessonsOf(userId, courseId, BEFORE)).toEqual([]);
    expect(completeLesson(userId, courseId, lesson, BEFORE)).toMatchObject({ ok: true, newlyCompleted: true });
    const audit = db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "lesson_unlocked"), eq(auditLog.entityId, String(lesson))))
      .all();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actorId: "owner", details: { userId, reason: decision.reason } });
  });
});

describe("a batch's own lessons", () => {
  it("are its students' alone: another batch's lesson is not found, and not counted towards their certificate", () => {
    const { userId, courseId, lessonIds } = arrange([{}, { batch: "own" }, { batch: "other" }]);
    const [shared, ownRecording, otherRecording] = lessonIds as [number, number, number];
    const lesson = (id: number, batchId: number | null) => ({
      id,
      courseId,
      releaseRule: null,
      releaseAfterDays: null,
      releaseOn: null,
      batchId,
    });
    const ownBatch = db.select().from(batchStudents).where(eq(batchStudents.userId, userId)).get()!.batchId;
    expect(lessonLockFor(userId, lesson(ownRecording, ownBatch), ENROLLED)).toBeNull();
    expect(lessonLockFor(userId, lesson(otherRecording, ownBatch + 1), ENROLLED)).toBe("hidden");
    expect(completeLesson(userId, courseId, otherRecording, ENROLLED)).toEqual({ ok: false, reason: "not-found" });

    expect(courseProgress(userId, courseId).requiredTotal).toBe(2);
    completeLesson(userId, courseId, shared, ENROLLED);
    expect(completeLesson(userId, courseId, ownRecording, ENROLLED)).toMatchObject({
      ok: true,
      certificateNumber: expect.stringMatching(/^TMA-/),
    });
  });
});
