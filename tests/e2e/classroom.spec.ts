import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { enrolStudent, makeClassroomCourse, moveQuizAttemptsBack } from "../support/classroom";
import { readPdf } from "../support/pdf-text";
import { enrolWithFullDiscount, makeCoupon } from "./checkout-support";
import { expect, test } from "./fixtures";
import { expectNoA11yViolations, failOnPageErrors, inBothModes } from "./page-checks";

// A student's way through the classroom, with JavaScript and without: bought
// with a 100% coupon at checkout, the course page's "Go to course", the outline,
// lessons completed one by one, a quiz failed, then passed once its wait is over, the course at 100%,
// the certificate downloaded and its number confirmed on the public check page.

async function markComplete(page: Page, title: string) {
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("button", { name: "Mark complete" }).click();
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

inBothModes((mode) => {
  test("a student enrols with a free coupon, takes every lesson and the quiz to 100%, and checks the certificate", async ({
    page,
    student,
  }) => {
    const course = makeClassroomCourse();
    const { code } = makeCoupon({ percentOff: 100 });
    await enrolWithFullDiscount(page, mode, course, code);

    // From here on, no error in the browser (Stripe.js, blocked above, is checkout's matter).
    const checkErrors = failOnPageErrors(page);
    await page.goto(`/courses/${course.id}`);
    await expect(page.getByRole("link", { name: "Enroll Now" })).toHaveCount(0);
    await page.getByRole("link", { name: "Go to course" }).click();
    await expect(page).toHaveURL(new RegExp(`/learn/${course.id}$`));
    await expect(page.getByText("0 of 5 lessons complete")).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole("link", { name: "Start the course" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to the course" })).toBeVisible();
    await expectNoA11yViolations(page);
    await markComplete(page, "Welcome to the course");
    await markComplete(page, "Reading market structure");
    await expect(page.getByRole("link", { name: "structure-worksheet.pdf" })).toBeVisible();
    await markComplete(page, "Structure worksheet");

    await expect(page.getByRole("heading", { level: 1, name: "Check your understanding" })).toBeVisible();
    await page.getByLabel("A moving average cross", { exact: true }).check();
    await page.getByLabel("Equal highs", { exact: true }).check();
    await page.getByRole("button", { name: "Submit answers" }).click();
    await expect(page.getByText("Not passed: you scored 0%")).toBeVisible();
    // Only the score: which answers were wrong shows once the quiz is passed or the attempts are used up.
    await expect(page.getByText("2 attempts left of 3.")).toBeVisible();
    await expect(page.getByText(/^You can try again after .+ IST\.$/)).toBeVisible();
    await expect(page.getByText("Wrong in your last attempt")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Submit answers" })).toHaveCount(0);
    await expectNoA11yViolations(page);

    // The ten minutes' wait, passed.
    moveQuizAttemptsBack(student.id, course.lessons.quiz, 10);
    await page.goto(`/learn/${course.id}/${course.lessons.quiz}`);
    await page.getByLabel("A new high beyond the last swing", { exact: true }).check();
    await page.getByLabel("Equal highs", { exact: true }).check();
    await page.getByLabel("Equal lows", { exact: true }).check();
    await page.getByRole("button", { name: "Submit answers" }).click();
    await expect(page.getByText("Passed: you scored 100%")).toBeVisible();
    await expect(page.getByRole("region", { name: "The answers" }).getByText("Right in your last attempt")).toHaveCount(2);
    const attempts = page.getByRole("region", { name: "Your attempts" }).getByRole("listitem");
    await expect(attempts).toHaveCount(2);

    await page.getByRole("link", { name: /^Next/ }).click();
    await expect(page.getByText("Jan 15, 2030, 7:00 pm IST")).toBeVisible();
    await expect(page.getByRole("link", { name: /Join the live session/ })).toBeVisible();
    await markComplete(page, "Live Q&A with the mentor");

    await expect(page).toHaveURL(new RegExp(`/learn/${course.id}$`));
    await expect(page.getByText("5 of 5 lessons complete")).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download certificate" }).click();
    const pdf = await readPdf(readFileSync(await (await download).path()));
    const studentName = `${student.firstName} ${student.lastName}`;
    expect(pdf.text).toContain(studentName);
    expect(pdf.text).toContain(course.title);
    const number = /TMA-\d{4}-[0-9A-Z]{8}/.exec(pdf.text)?.[0] ?? "no certificate number in the PDF";
    expect(pdf.links.map((link) => new URL(link.url).pathname)).toContain(`/certificates/${number}`);

    await page.goto(`/certificates/${number}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Certificate ${number}`);
    await expect(page.getByRole("definition").nth(0)).toHaveText(studentName);
    await expect(page.getByRole("definition").nth(1)).toHaveText(course.title);
    if (mode.javaScriptEnabled) checkErrors();
  });
});

test.describe("on a phone 360 px wide", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the outline and a lesson fit the screen, the text before the player", async ({ page, student }) => {
    const course = makeClassroomCourse();
    enrolStudent(student.id, course.id);
    await page.goto(`/learn/${course.id}`);
    await expect(page.getByRole("link", { name: "Start the course" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto(`/learn/${course.id}/${course.lessons.video}`);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to the course" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    // The player loads on play: no video bytes are asked for before it.
    await expect(page.locator("video")).toHaveAttribute("preload", "none");
    await page.goto(`/learn/${course.id}/${course.lessons.quiz}`);
    await expectNoSidewaysScroll(page);
  });
});
