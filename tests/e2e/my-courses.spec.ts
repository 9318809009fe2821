import { enrolStudent, makeClassroomCourse } from "../support/classroom";
import { addRegistration, insertEvent } from "../support/rows";
import type { Locator } from "@playwright/test";
import { expect, test, withDatabase } from "./fixtures";
import { chatButton, covers, open, PHONE } from "./layout-checks";
import { expectNoA11yViolations, failOnPageErrors, inBothModes } from "./page-checks";

// A student's way into the classroom: the dashboard's Continue Learning first,
// the header's My Courses to /learn, each course's progress and next lesson,
// what is coming up live, and an event they registered for saying so.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The words inside `scope` that the browser broke over two lines (each word's text has more than one line box). */
function wordsSplitAcrossLines(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) split.push(match[0]);
      }
    }
    return split;
  });
}

inBothModes((mode) => {
  test("from the dashboard and the header's My Courses to the next lesson; a registered event says so", async ({ page, student }) => {
    const assertNoErrors = failOnPageErrors(page);
    const course = makeClassroomCourse();
    enrolStudent(student.id, course.id);
    const event = insertEvent("my courses", { startsIn: 2 * DAY_MS });
    addRegistration(event.id, student);

    await open(page, mode, "/");
    // Continue Learning is the first thing below the greeting.
    const headings = await page.getByRole("main").getByRole("heading", { level: 2 }).allInnerTexts();
    expect(headings[0]).toBe("Continue Learning");

    await page.getByRole("banner").getByRole("link", { name: "My Courses" }).first().click();
    await expect(page).toHaveURL(/\/learn$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Courses" })).toBeVisible();
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: course.title }) });
    await expect(card.getByRole("progressbar", { name: "0 of 5 lessons complete" })).toBeVisible();
    const comingUp = page.getByRole("region", { name: "Coming Up Live" });
    await expect(comingUp.getByRole("link", { name: "Live Q&A with the mentor" })).toBeVisible();
    await expect(comingUp.getByRole("link", { name: event.title })).toBeVisible();
    await expectNoA11yViolations(page);

    await card.getByRole("link", { name: /^Start the course/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to the course" })).toBeVisible();

    await open(page, mode, "/events");
    const eventCard = page.getByRole("article").filter({ hasText: event.title });
    await expect(eventCard.getByRole("link", { name: `You are registered: ${event.title}` })).toBeVisible();
    await expect(eventCard.getByRole("link", { name: /Register Now/ })).toHaveCount(0);
    assertNoErrors();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: PHONE });

    test("/learn fits the screen, and the chat button covers neither lesson button at the page's end", async ({ page, student }) => {
      const course = makeClassroomCourse();
      enrolStudent(student.id, course.id);
      await open(page, mode, "/learn");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      // No word of a lesson's title is split across lines in the outline.
      withDatabase((database) =>
        database
          .prepare("UPDATE lessons SET title = ? WHERE id = ?")
          .run("Understanding institutional order-flow, liquidity and displacement", course.lessons.quiz),
      );
      await open(page, mode, `/learn/${course.id}`);
      expect(await wordsSplitAcrossLines(page.getByRole("main").getByRole("list").first())).toEqual([]);

      // A lesson long enough that its buttons can be scrolled to the bottom of the screen.
      withDatabase((database) =>
        database
          .prepare("UPDATE lessons SET body = ? WHERE id = ?")
          .run("<p>Price moves from liquidity to liquidity.</p>".repeat(40), course.lessons.article),
      );
      await open(page, mode, `/learn/${course.id}/${course.lessons.article}`);
      const lessonNav = page.getByRole("navigation", { name: "Lessons" });
      for (const link of await lessonNav.getByRole("link").all()) {
        await link.scrollIntoViewIfNeeded();
        // Scrolled so the button's bottom edge is the screen's, where the chat button sits.
        const box = await link.boundingBox();
        await page.evaluate((by) => window.scrollBy(0, by), (box?.y ?? 0) + (box?.height ?? 0) - PHONE.height);
        expect(await covers(chatButton(page), link), await link.innerText()).toBe(false);
      }
    });
  });
});
