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

describe("the progress counts SQLite keeps", () => {
  // A seeded sequence of what happens to progress (lessons opened, completed, a
  // completion taken back, rows deleted, a lesson made optional or required,
  // a lesson deleted, a student deleted), after which the kept counts must
  // equal the counts made from the progress rows themselves.
  it("agree with the progress rows after any mix of changes", () => {
    const { courseId, lessonIds } = arrange();
    const students = Array.from({ length: 8 }, () => student("completed", courseId));
    let seed = 11;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return Math.floor(seed / 65_536) % n;
    };
    const sqlite = db.$client;
    const lessons = [...lessonIds];
    for (let step = 0; step < 400; step++) {
      const userId = students[next(students.length)]!;
      const lessonId = lessons[next(lessons.length)]!;
      const action = next(12);
      if (action < 5)
        sqlite
          .prepare("INSERT OR IGNORE INTO lesson_progress (user_id, lesson_id, course_id, completed_at) VALUES (?, ?, ?, ?)")
          .run(userId, lessonId, courseId, next(2) ? Date.now() : null);
      else if (action < 8)
        sqlite
          .prepare("UPDATE lesson_progress SET completed_at = ? WHERE user_id = ? AND lesson_id = ?")
          .run(next(4) ? Date.now() : null, userId, lessonId);
      else if (action < 10) sqlite.prepare("DELETE FROM lesson_progress WHERE user_id = ? AND lesson_id = ?").run(userId, lessonId);
      else if (action === 10) sqlite.prepare("UPDATE lessons SET is_required = 1 - is_required WHERE id = ?").run(lessonId);
      else if (step % 50 === 0 && lessons.length > 2) {
        sqlite.prepare("DELETE FROM lessons WHERE id = ?").run(lessonId);
        lessons.splice(lessons.indexOf(lessonId), 1);
      }
    }
    // A student who leaves takes their counts along.
    sqlite.prepare("DELETE FROM orders WHERE user_id = ?").run(students[0]);
    sqlite.prepare("DELETE FROM users WHERE id = ?").run(students[0]);

    const kept = sqlite.prepare("SELECT user_id, required_done FROM course_progress WHERE course_id = ? ORDER BY user_id").all(courseId);
    const counted = sqlite
      .prepare(
        `SELECT p.user_id, count(CASE WHEN p.completed_at IS NOT NULL AND l.is_required = 1 THEN 1 END) AS required_done
         FROM lesson_progress p JOIN lessons l ON l.id = p.lesson_id WHERE p.course_id = ? GROUP BY p.user_id ORDER BY p.user_id`,
      )
      .all(courseId);
    expect(counted.length).toBeGreaterThan(3);
    expect(kept).toEqual(counted);
    const keptCompletions = sqlite
      .prepare("SELECT lesson_id, completed FROM lesson_completions WHERE completed <> 0 ORDER BY lesson_id")
      .all();
    const countedCompletions = sqlite
      .prepare(
        "SELECT lesson_id, count(*) AS completed FROM lesson_progress WHERE completed_at IS NOT NULL GROUP BY lesson_id ORDER BY lesson_id",
      )
      .all();
    expect(keptCompletions).toEqual(countedCompletions);
  });
});
