import type { Locator, Page } from "@playwright/test";
import { expect, queryTestDatabase, test } from "./fixtures";
import { auditActionsOf, signInAsAdmin, toast, uniqueTitle, visitAdmin } from "./admin-support";
import { makeCourse } from "./checkout-support";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes, type Mode } from "./page-checks";
import { PDF_BYTES } from "../support/curriculum";

// The curriculum editor (/admin/courses/:id/curriculum): a content manager
// builds a course's sections and lessons of several types, reorders them with
// the Up/Down forms, edits one, deletes one after the question, and writes a
// quiz. The same with JavaScript on (dialogs) and off (pages).

type StoredLesson = { id: number; title: string; type: string; section: string };
const lessonsOf = (courseId: number) =>
  queryTestDatabase<StoredLesson>(
    `SELECT l.id, l.title, l.type, s.title AS section FROM lessons l JOIN course_sections s ON s.id = l.section_id
     WHERE l.course_id = ? ORDER BY s.position, l.position`,
    courseId,
  );

async function openDialog(page: Page, mode: Mode, link: Locator, title: string) {
  await link.click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return dialog;
}

async function addSection(page: Page, title: string) {
  await page.getByLabel("New section title").fill(title);
  await page.getByRole("button", { name: "Add section" }).click();
  await expect(toast(page)).toContainText(`“${title}” has been added.`);
}

async function addLesson(page: Page, mode: Mode, section: string, fill: (dialog: Locator) => Promise<void>) {
  const dialog = await openDialog(page, mode, page.getByRole("link", { name: `Add lesson to ${section}` }), `Add Lesson to ${section}`);
  await fill(dialog);
  await dialog.getByRole("button", { name: "Add Lesson" }).click();
  await expect(toast(page)).toContainText("Lesson added");
}

inBothModes((mode) => {
  test.describe("/admin/courses/:id/curriculum", () => {
    test("build a curriculum: sections, lessons of several types, a quiz, reorder, edit, delete", async ({ page, context, baseURL }) => {
      test.slow();
      const admin = await signInAsAdmin(context, baseURL ?? "", "content_manager");
      const checkErrors = failOnPageErrors(page);
      const course = makeCourse({ pricePaise: 150_000, title: uniqueTitle("Price Action") });
      const editor = `/admin/courses/${course.id}/curriculum`;

      // The course's own admin page links to its curriculum.
      await visitAdmin(page, mode, `/admin/courses/${course.id}`);
      await page.getByRole("link", { name: "Edit the curriculum (sections and lessons)" }).click();
      await expect(page).toHaveURL(editor);
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: `Curriculum: ${course.title}` })).toBeVisible();
      await expect(page.getByText("No sections yet: add the first one below.")).toBeVisible();

      await addSection(page, "Basics");
      await addSection(page, "Practice");

      // An article: the form says what is missing first.
      const first = await openDialog(page, mode, page.getByRole("link", { name: "Add lesson to Basics" }), "Add Lesson to Basics");
      await first.getByRole("button", { name: "Add Lesson" }).click();
      await expect(first.getByText("Title is required", { exact: true })).toBeVisible();
      await first.getByRole("textbox", { name: "Title" }).fill("What a candle says");
      await first.getByLabel("Type").selectOption("article");
      await first.getByRole("button", { name: "Add Lesson" }).click();
      await expect(first.getByText("An article needs its text", { exact: true })).toBeVisible();
      await first.getByLabel(/^Text/).fill("A candle shows open, high, low and close.");
      await first.getByRole("checkbox", { name: "Free preview" }).check();
      await first.getByRole("button", { name: "Add Lesson" }).click();
      await expect(toast(page)).toContainText("Lesson added");

      await addLesson(page, mode, "Basics", async (dialog) => {
        await dialog.getByRole("textbox", { name: "Title" }).fill("Live Q&A");
        await dialog.getByLabel("Type").selectOption("live");
        await dialog.getByLabel("Date").fill("2030-12-05");
        await dialog.getByLabel("Time (IST)").fill("19:30");
        await dialog.getByLabel("Join link (enrolled students only)").fill("https://meet.example.com/price-action");
      });
      await addLesson(page, mode, "Basics", async (dialog) => {
        await dialog.getByRole("textbox", { name: "Title" }).fill("Trend lines on video");
        await dialog.getByLabel("Type").selectOption("video");
        await expect(dialog.getByText("An unlisted YouTube or Vimeo link plays for anyone who has it")).toBeVisible();
        await dialog.getByLabel("Plays from").selectOption("youtube");
        await dialog.getByLabel("YouTube or Vimeo link").fill("https://youtu.be/dQw4w9WgXcQ");
      });
      await addLesson(page, mode, "Practice", async (dialog) => {
        await dialog.getByRole("textbox", { name: "Title" }).fill("Worksheet");
        await dialog.getByLabel("Type").selectOption("download");
        await dialog.getByLabel(/^Attachment/).setInputFiles({ name: "worksheet.pdf", mimeType: "application/pdf", buffer: PDF_BYTES });
      });
      await addLesson(page, mode, "Practice", async (dialog) => {
        await dialog.getByRole("textbox", { name: "Title" }).fill("Check yourself");
        await dialog.getByLabel("Type").selectOption("quiz");
        await dialog.getByLabel("Pass mark (%)").fill("60");
        await dialog
          .getByLabel("Questions")
          .fill("What does RSI measure?\n- Volume\n* Momentum\n\nWhich are candles?\n* Doji\n- SMA\n* Hammer");
      });

      expect(lessonsOf(course.id).map(({ title, type, section }) => [section, title, type])).toEqual([
        ["Basics", "What a candle says", "article"],
        ["Basics", "Live Q&A", "live"],
        ["Basics", "Trend lines on video", "video"],
        ["Practice", "Worksheet", "download"],
        ["Practice", "Check yourself", "quiz"],
      ]);
      expect(
        queryTestDatabase<{ n: number }>(
          "SELECT count(*) AS n FROM quiz_questions q JOIN lessons l ON l.id = q.lesson_id WHERE l.course_id = ?",
          course.id,
        )[0]?.n,
      ).toBe(2);
      await expect(page.getByText("Article · 10 min · Free preview · Completed by 0")).toBeVisible();
      // Entered and shown in India time.
      await expect(page.getByText("Live session on Dec 5, 2030, 7:30 pm IST · 10 min")).toBeVisible();
      await expectNoA11yViolations(page);

      // The Up/Down forms: the last lesson of Basics moves down into Practice, then the quiz moves up.
      await page.getByRole("button", { name: "Move lesson Trend lines on video down" }).click();
      await expect(toast(page)).toContainText("Moved down.");
      await page.getByRole("button", { name: "Move lesson Check yourself up" }).click();
      await expect(toast(page)).toContainText("Moved up.");
      await page.getByRole("button", { name: "Move section Practice up" }).click();
      await expect(page.getByRole("heading", { level: 2 }).filter({ hasText: /^(Basics|Practice)$/ })).toHaveText(["Practice", "Basics"]);
      expect(lessonsOf(course.id).map(({ section, title }) => `${section}: ${title}`)).toEqual([
        "Practice: Trend lines on video",
        "Practice: Check yourself",
        "Practice: Worksheet",
        "Basics: What a candle says",
        "Basics: Live Q&A",
      ]);

      if (mode.javaScriptEnabled) {
        // With JavaScript a lesson can also be dragged onto another's place; the forms stay.
        const row = (title: string) => page.getByRole("listitem").filter({ has: page.getByRole("link", { name: title, exact: true }) });
        await row("Live Q&A").dragTo(row("What a candle says"));
        await expect(toast(page)).toContainText("The new order is saved.");
        expect(
          lessonsOf(course.id)
            .map(({ title }) => title)
            .slice(3),
        ).toEqual(["Live Q&A", "What a candle says"]);
      }

      // Edit: the lesson opens filled in, with "Preview as student".
      const quizId = lessonsOf(course.id).find((lesson) => lesson.title === "Check yourself")!.id;
      const edit = await openDialog(page, mode, page.getByRole("link", { name: "Check yourself", exact: true }), "Edit Lesson");
      await expect(edit.getByRole("link", { name: "Preview as student" })).toHaveAttribute("href", `/learn/${course.id}/${quizId}`);
      await expect(edit.getByLabel("Questions")).toHaveValue(
        "What does RSI measure?\n- Volume\n* Momentum\n\nWhich are candles?\n* Doji\n- SMA\n* Hammer",
      );
      await expectNoA11yViolations(page);
      await edit.getByRole("textbox", { name: "Title" }).fill("Quiz: candles and momentum");
      await edit.getByRole("button", { name: "Save Lesson" }).click();
      await expect(toast(page)).toContainText("“Quiz: candles and momentum” has been saved.");

      // Delete asks first; Cancel keeps it, Delete removes it.
      const question = await openDialog(page, mode, page.getByRole("link", { name: "Delete lesson Live Q&A" }), "Confirm delete");
      await expect(question).toContainText('Are you sure you want to delete "Live Q&A"?');
      await question.getByRole("button", { name: "Delete" }).click();
      await expect(toast(page)).toContainText("“Live Q&A” has been deleted.");
      expect(lessonsOf(course.id).map((lesson) => lesson.title)).toEqual([
        "Trend lines on video",
        "Quiz: candles and momentum",
        "Worksheet",
        "What a candle says",
      ]);
      expect(auditActionsOf(admin).map((row) => row.action)).toEqual(
        expect.arrayContaining([
          "course_section_created",
          "lesson_created",
          "lesson_moved",
          "course_section_moved",
          "lesson_updated",
          "lesson_deleted",
        ]),
      );
      if (mode.javaScriptEnabled) checkErrors();
    });
  });
});
