// What the admin reads of a course's students: counts, average progress,
// completions per lesson, and one student's progress per course.
import { describe, expect, it } from "vitest";
import { courses, orders, users } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { articleLessonInput } from "../../../tests/support/lesson-input";
import { completionsByLesson, courseFigures, progressPercent, studentCourseProgress } from "./course-figures.server";
import { addSection, createLesson } from "../classroom/curriculum-admin.server";
import { completeLesson, recordLessonOpened } from "../classroom/lesson-progress.server";

let serial = 0;

function student(paymentStatus: "completed" | "refunded", courseId: number) {
  serial += 1;
  const user = db
    .insert(users)
    .values({ email: `figures${serial}@example.com`, firstName: "Meera" })
    .returning()
    .get();
  db.insert(orders).values({ userId: user.id, courseId, paymentStatus }).run();
  return user.id;
}

function arrange() {
  serial += 1;
  const courseId = db
    .insert(courses)
    .values({ title: `Figures ${serial}`, shortDescription: "s", description: "d", duration: "2 weeks" })
    .returning()
    .get().id;
  const section = addSection(courseId, "Only");
  const lessonIds = ["One", "Two", "Three", "Four"].map((title) => createLesson(courseId, section.id, articleLessonInput(title))!.id);
  return { courseId, lessonIds };
}

describe("course figures", () => {
  it("counts paid students, who started, who finished, their average progress and completions per lesson", () => {
    const { courseId, lessonIds } = arrange();
    const finisher = student("completed", courseId);
    const halfway = student("completed", courseId);
    student("completed", courseId); // enrolled, never opened a lesson
    const refunded = student("refunded", courseId);
    for (const lessonId of lessonIds) completeLesson(finisher, courseId, lessonId);
    completeLesson(halfway, courseId, lessonIds[0]!);
    completeLesson(halfway, courseId, lessonIds[1]!);
    recordLessonOpened(halfway, courseId, lessonIds[2]!);
    completeLesson(refunded, courseId, lessonIds[0]!); // refused: not paid

    // (100 + 50 + 0) / 3 students
    expect(courseFigures(courseId)).toEqual({ enrolled: 3, started: 2, completed: 1, averagePercent: 50 });
    expect(lessonIds.map((id) => completionsByLesson(courseId).get(id) ?? 0)).toEqual([2, 2, 1, 1]);

    const [progress] = studentCourseProgress(halfway);
    expect(progress).toMatchObject({ courseId, done: 2, required: 4, certificateNumber: null });
    expect(progress && progressPercent(progress)).toBe(50);
    expect(progress?.lastActivityMs).toEqual(expect.any(Number));
    expect(studentCourseProgress(finisher)[0]?.certificateNumber).toMatch(/^TMA-/);
    expect(studentCourseProgress(refunded)).toEqual([]);
  });
});
