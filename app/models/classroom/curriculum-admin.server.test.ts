// The curriculum editor's writes keep positions 1..n without gaps, move rows
// by swapping, refuse another course's rows, and hand back the files to delete.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { courses, lessonFiles, lessons, quizQuestions } from "../../../db/schema";
import type { LessonInput } from "~/schemas/admin-curriculum";
import { db } from "~/utils/db.server";
import { articleLessonInput } from "../../../tests/support/lesson-input";
import { completionsByLesson, courseFigures } from "../courses/course-figures.server";
import {
  addSection,
  createLesson,
  deleteLesson,
  deleteSection,
  moveLesson,
  moveSection,
  quizQuestionsForEditor,
  renameSection,
  reorderCurriculum,
  updateLesson,
} from "./curriculum-admin.server";
import { listCurriculum } from "./curriculum.server";
import { addLessonFiles, listLessonFiles, removeLessonFile } from "./lesson-file.server";

let serial = 0;
function newCourse() {
  serial += 1;
  return db
    .insert(courses)
    .values({ title: `Curriculum ${serial}`, shortDescription: "s", description: "d", duration: "4 weeks" })
    .returning()
    .get().id;
}

const article = (title: string) => articleLessonInput(title);

const outline = (courseId: number) => listCurriculum(courseId).map((section) => [section.title, section.lessons.map((l) => l.title)]);

function arrange() {
  const courseId = newCourse();
  const intro = addSection(courseId, "Intro");
  const charts = addSection(courseId, "Charts");
  for (const title of ["A", "B"]) createLesson(courseId, intro.id, article(title));
  for (const title of ["C", "D"]) createLesson(courseId, charts.id, article(title));
  const ids = Object.fromEntries(listCurriculum(courseId).flatMap((s) => s.lessons.map((l) => [l.title, l.id])));
  return { courseId, intro, charts, ids };
}

describe("curriculum editing", () => {
  it("adds sections and lessons at the end, in order", () => {
    const { courseId } = arrange();
    expect(outline(courseId)).toEqual([
      ["Intro", ["A", "B"]],
      ["Charts", ["C", "D"]],
    ]);
  });

  it("moves a lesson within its section, across sections at the edges, and not past the ends", () => {
    const { courseId, ids } = arrange();
    expect(moveLesson(courseId, ids.B!, "up")).toBe(true);
    expect(outline(courseId)[0]).toEqual(["Intro", ["B", "A"]]);
    expect(moveLesson(courseId, ids.A!, "down")).toBe(true);
    expect(outline(courseId)).toEqual([
      ["Intro", ["B"]],
      ["Charts", ["A", "C", "D"]],
    ]);
    expect(moveLesson(courseId, ids.A!, "up")).toBe(true);
    expect(outline(courseId)[0]).toEqual(["Intro", ["B", "A"]]);
    expect(moveLesson(courseId, ids.B!, "up")).toBe(false);
    expect(moveLesson(courseId, ids.D!, "down")).toBe(false);
  });

  it("moves sections and renames them; another course's rows are refused", () => {
    const { courseId, charts, ids } = arrange();
    const other = newCourse();
    expect(moveSection(other, charts.id, "up")).toBe(false);
    expect(moveLesson(other, ids.A!, "down")).toBe(false);
    expect(renameSection(other, charts.id, "Stolen")).toBe(false);
    expect(updateLesson(other, ids.A!, article("Stolen"))).toBe(false);
    expect(deleteLesson(other, ids.A!)).toBeNull();
    expect(moveSection(courseId, charts.id, "up")).toBe(true);
    expect(renameSection(courseId, charts.id, "Candles")).toBe(true);
    expect(outline(courseId).map(([title]) => title)).toEqual(["Candles", "Intro"]);
  });

  it("reorders the whole curriculum from a drag, and refuses an order that names other rows", () => {
    const { courseId, intro, charts, ids } = arrange();
    expect(
      reorderCurriculum(courseId, [
        { id: charts.id, lessons: [ids.D!, ids.A!] },
        { id: intro.id, lessons: [ids.C!, ids.B!] },
      ]),
    ).toBe(true);
    expect(outline(courseId)).toEqual([
      ["Charts", ["D", "A"]],
      ["Intro", ["C", "B"]],
    ]);
    expect(
      reorderCurriculum(courseId, [
        { id: charts.id, lessons: [ids.D!] },
        { id: intro.id, lessons: [ids.C!, ids.B!] },
      ]),
    ).toBe(false);
    expect(outline(courseId)[0]).toEqual(["Charts", ["D", "A"]]);
  });

  it("deletes a lesson closing the gap, and a section with its lessons, returning their stored files", () => {
    const { courseId, intro, ids } = arrange();
    addLessonFiles(ids.A!, [
      { kind: "attachment", filename: "notes.pdf", storedName: `${"a".repeat(32)}.pdf`, contentType: "application/pdf", sizeBytes: 10 },
    ]);
    addLessonFiles(ids.D!, [
      { kind: "attachment", filename: "sheet.xlsx", storedName: `${"d".repeat(32)}.xlsx`, contentType: "x", sizeBytes: 10 },
    ]);
    expect(deleteLesson(courseId, ids.D!)).toEqual([`${"d".repeat(32)}.xlsx`]);
    expect(deleteSection(courseId, intro.id)).toEqual([`${"a".repeat(32)}.pdf`]);
    expect(outline(courseId)).toEqual([["Charts", ["C"]]]);
    const third = addSection(courseId, "Third");
    expect(moveSection(courseId, third.id, "up")).toBe(true);
    expect(outline(courseId).map(([title]) => title)).toEqual(["Third", "Charts"]);
  });

  it("keeps a quiz's question ids when its questions are edited, and cleans an article's HTML as blog posts are", () => {
    const { courseId, intro } = arrange();
    const quiz: LessonInput = {
      ...article("Quiz"),
      type: "quiz",
      passPercent: 60,
      questions: [
        { prompt: "RSI measures?", options: ["Volume", "Momentum"], correct: [1] },
        { prompt: "Pick two", options: ["a", "b", "c"], correct: [0, 2] },
      ],
    };
    const created = createLesson(courseId, intro.id, { ...quiz, body: '<p onclick="x()">Hi<script>alert(1)</script></p>' });
    expect(quizQuestionsForEditor(created!.id)).toEqual(quiz.questions);
    const bodyOf = (id: number) => db.select({ body: lessons.body }).from(lessons).where(eq(lessons.id, id)).get()?.body;
    expect(bodyOf(created!.id)).toBe("<p>Hi</p>");
    const questionIds = () => db.select({ id: quizQuestions.id }).from(quizQuestions).where(eq(quizQuestions.lessonId, created!.id)).all();
    const [first] = questionIds();
    updateLesson(courseId, created!.id, { ...quiz, questions: [{ prompt: "Only one", options: ["x", "y"], correct: [0] }] });
    expect(quizQuestionsForEditor(created!.id)).toEqual([{ prompt: "Only one", options: ["x", "y"], correct: [0] }]);
    expect(questionIds()).toEqual([first]);
  });

  it("keeps one uploaded video per lesson: a new one replaces the old, whose stored name is returned", () => {
    const { ids } = arrange();
    const video = (letter: string) => ({
      kind: "video" as const,
      filename: "v.mp4",
      storedName: `${letter.repeat(32)}.mp4`,
      contentType: "video/mp4",
      sizeBytes: 1,
    });
    expect(addLessonFiles(ids.A!, [video("1")])).toEqual([]);
    expect(addLessonFiles(ids.A!, [video("2")])).toEqual([`${"1".repeat(32)}.mp4`]);
    const [file] = listLessonFiles(ids.A!);
    expect(removeLessonFile(ids.B!, file!.id)).toBeNull();
    expect(removeLessonFile(ids.A!, file!.id)).toBe(`${"2".repeat(32)}.mp4`);
    expect(
      db
        .select()
        .from(lessonFiles)
        .all()
        .filter((row) => row.lessonId === ids.A),
    ).toEqual([]);
  });

  it("counts nothing for a course without students", () => {
    const { courseId } = arrange();
    expect(courseFigures(courseId)).toEqual({ enrolled: 0, started: 0, completed: 0, averagePercent: 0 });
    expect(completionsByLesson(courseId).size).toBe(0);
  });
});
