import { randomUUID } from "node:crypto";
import { createAdmin, plantAdminSession, toast } from "./admin-support";
import { expect, queryTestDatabase, signInAs, createStudent, test, withDatabase } from "./fixtures";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, MODES } from "./page-checks";

// The practice lab's journey on a phone, with JavaScript and without: a
// student of a batch opens the demo's blind replay from their classroom,
// steps it, places a paper trade at the last close, ends the replay and finds
// the trade in their journal; their batch's mentor reads it and comments; the
// student reads the comment.

/** A student enrolled in the demo's batch course, seated in a batch led by a mentor with an account of their own. */
async function arrange() {
  const tag = randomUUID().slice(0, 8);
  const student = await createStudent({ firstName: "Neha", lastName: `Kulkarni${tag}` });
  const ids = withDatabase((database) => {
    const insert = (sql: string, ...values: unknown[]) => Number(database.prepare(sql).run(...values).lastInsertRowid);
    const exercise = database
      .prepare("SELECT id, course_id AS courseId, title FROM replay_exercises WHERE is_blind = 1 ORDER BY id LIMIT 1")
      .get() as { id: number; courseId: number; title: string };
    insert(
      "INSERT INTO orders (user_id, course_id, payment_status, amount_paise) VALUES (?, ?, 'completed', 0)",
      student.id,
      exercise.courseId,
    );
    const mentor = insert("INSERT INTO mentors (name, title, bio) VALUES (?, 'Replay mentor', 'Bio')", `Rohit ${tag}`);
    const batch = insert(
      "INSERT INTO batches (course_id, name, starts_on, ends_on, lead_mentor_id) VALUES (?, ?, '2026-01-05', '2031-01-31', ?)",
      exercise.courseId,
      `Lab batch ${tag}`,
      mentor,
    );
    insert(
      "INSERT INTO batch_students (batch_id, course_id, user_id, joined_at) VALUES (?, ?, ?, ?)",
      batch,
      exercise.courseId,
      student.id,
      Date.now(),
    );
    return { exercise, mentor, batch, mentorName: `Rohit ${tag}` };
  });
  return { student, ...ids };
}

for (const mode of MODES)
  test.describe(`the practice lab, ${mode.label}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, viewport: { width: 390, height: 844 } });

    test("a student replays, trades and journals; their mentor comments; the student reads it", async ({ browser, page, baseURL }) => {
      const noErrors = failOnPageErrors(page);
      const { student, exercise, mentor, batch, mentorName } = await arrange();
      await signInAs(page.context(), student, baseURL ?? "");
      const visit = async (path: string) => {
        await page.goto(path);
        if (mode.javaScriptEnabled) await waitForHydration(page);
      };

      await visit(`/learn/${exercise.courseId}`);
      await page.getByRole("link", { name: exercise.title }).click();
      await expect(page.getByRole("heading", { level: 1, name: exercise.title })).toBeVisible();
      await expect(page.getByText("A blind replay: the instrument and the dates show when you end it.")).toBeVisible();
      await page.getByRole("button", { name: "Start the replay" }).click();
      await expect(toast(page)).toContainText("Replay started");
      // With JavaScript the interactive chart (a named group: it holds the library's attribution link); without, the server's SVG image.
      const chartRole = mode.javaScriptEnabled ? "group" : "img";
      const chart = page.getByRole(chartRole, { name: /^Candles shown so far: 76\./ });
      await expect(chart).toBeVisible();
      if (mode.javaScriptEnabled) await expect(chart.locator("canvas").first()).toBeVisible();
      else await expect(page.locator("svg[role=img]")).toBeVisible();
      await expectNoA11yViolations(page);

      await page.getByRole("button", { name: "Next candle" }).click();
      await expect(page.getByRole(chartRole, { name: /^Candles shown so far: 77\./ })).toBeVisible();
      await page.getByLabel("Buy or sell").selectOption("buy");
      await page.getByLabel("Quantity").fill("25");
      await page.getByLabel("Setup").selectOption({ label: "Opening range breakout" });
      await page.getByLabel("Why this trade").fill("Closed above the first 15 minutes' high");
      await page.getByRole("button", { name: "Place trade" }).click();
      await expect(toast(page)).toContainText("Bought 25 at the last close.");
      await page.getByRole("button", { name: "Next 5 candles" }).click();
      await expect(page.getByRole(chartRole, { name: /^Candles shown so far: 82\./ })).toBeVisible();
      await page.getByRole("button", { name: "End the replay" }).click();
      await expect(toast(page)).toContainText("Replay ended");
      await expect(page.getByText("NSE:DEMO-INDEX")).toBeVisible();
      const [trade] = queryTestDatabase<{ id: number; exit_reason: string }>(
        "SELECT id, exit_reason FROM paper_trades WHERE user_id = ?",
        student.id,
      );
      expect(trade!.exit_reason).toBe("replay-end");
      await page.getByRole("link", { name: "In your journal" }).click();
      await expect(page.getByText("Closed above the first 15 minutes' high")).toBeVisible();
      await expect(page.getByText("No comments yet.")).toBeVisible();

      // The mentor, in a browser of their own.
      const mentorContext = await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled, viewport: { width: 390, height: 844 } });
      const session = await plantAdminSession(createAdmin("mentor", undefined, mentor));
      await mentorContext.addCookies([{ name: session.name, value: session.value, url: baseURL ?? "", httpOnly: true, sameSite: "Lax" }]);
      const mentorPage = await mentorContext.newPage();
      await mentorPage.goto(`/admin/teaching/${batch}/journals`);
      if (mode.javaScriptEnabled) await waitForHydration(mentorPage);
      await mentorPage.getByRole("link", { name: new RegExp(`Neha Kulkarni.*${exercise.title}`) }).click();
      await mentorPage.getByLabel("Your comment").fill("Good read of the range; size down until the close confirms.");
      await mentorPage.getByRole("button", { name: "Add Comment" }).click();
      await expect(toast(mentorPage)).toContainText("Comment added");
      await mentorContext.close();

      await page.reload();
      await expect(page.getByText("Good read of the range; size down until the close confirms.")).toBeVisible();
      await expect(page.getByText(mentorName, { exact: false })).toBeVisible();
      noErrors();
    });
  });
