import type { Page } from "@playwright/test";
import { makeCourse } from "../support/rows";
import { signInAsAdmin, uniqueTitle, visitAdmin } from "./admin-support";
import { createStudent, expect, signInAs, STUDENT_PASSWORD, test as base, type Student } from "./fixtures";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, inBothModes, type Mode } from "./page-checks";

// The admin's page for one student, seen from both sides: what an admin does
// there (grant, revoke, deactivate) and what the student, signed in in another
// browser, meets on their very next page.

/**
 * The page is the admin's (signed in); `learner` is the student, signed in in a
 * browser of their own with the same JavaScript setting.
 */
const test = base.extend<{ learner: { student: Student; page: Page } }>({
  learner: async ({ browser, context, baseURL, javaScriptEnabled }, use) => {
    await signInAsAdmin(context, baseURL ?? "");
    const student = await createStudent({ firstName: "Meera", lastName: "Pillai" });
    const own = await browser.newContext({ baseURL, javaScriptEnabled });
    await signInAs(own, student, baseURL ?? "");
    await use({ student, page: await own.newPage() });
    await own.close();
  },
});

const section = (page: Page, name: string | RegExp) => page.getByRole("region", { name });
const reasonIn = (page: Page, name: string | RegExp) => section(page, name).getByRole("textbox", { name: /Reason/ });

async function openStudentPage(page: Page, mode: Mode, student: Student) {
  const response = await visitAdmin(page, mode, `/admin/users/${student.id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 2, name: "Meera Pillai" })).toBeVisible();
}

/** After a post: with JavaScript the page is hydrated again before the next click. */
async function settled(page: Page, mode: Mode) {
  if (mode.javaScriptEnabled) await waitForHydration(page);
}

inBothModes((mode) => {
  test.describe("/admin/users/:id", () => {
    test("an admin grants a course and the student opens it; revoked with a reason, the student is refused", async ({ page, learner }) => {
      test.slow();
      const course = makeCourse({ pricePaise: 799_900, title: uniqueTitle("Granted Course") });
      await openStudentPage(page, mode, learner.student);
      await expectNoA11yViolations(page);

      await section(page, "Grant a course").getByLabel("Course").selectOption({ label: course.title });
      await reasonIn(page, "Grant a course").fill("Scholarship for the November batch");
      await section(page, "Grant a course").getByRole("button", { name: "Grant course" }).click();
      const orders = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Coupon" }) });
      const order = orders.getByRole("row").filter({ has: page.getByRole("rowheader", { name: course.title }) });
      await expect(order).toContainText("Completed");
      await expect(order).toContainText("Free");
      await settled(page, mode);

      // The dashboard links only the student's own courses into the classroom.
      await learner.page.goto("/");
      await expect(learner.page.locator(`a[href="/learn/${course.id}"]`).first()).toBeVisible();
      await learner.page.goto(`/learn/${course.id}`);
      await expect(learner.page).toHaveURL(new RegExp(`/learn/${course.id}$`));
      await expect(learner.page.getByRole("heading", { level: 1, name: course.title })).toBeVisible();

      await order.getByRole("link", { name: `Revoke ${course.title}` }).click();
      const question = section(page, `Revoke "${course.title}" from Meera Pillai?`);
      await expect(question).toBeVisible();
      await settled(page, mode);
      await expectNoA11yViolations(page);
      await question.getByRole("button", { name: "Revoke enrollment" }).click();
      await expect(question.getByText("Reason is required")).toBeVisible();
      await reasonIn(page, /^Revoke/).fill("Scholarship withdrawn");
      await question.getByRole("button", { name: "Revoke enrollment" }).click();
      await expect(order).toContainText("Revoked");
      await expect(question).toBeHidden();

      await learner.page.goto(`/learn/${course.id}`);
      await expect(learner.page).toHaveURL(new RegExp(`/courses/${course.id}$`));
      await expect(learner.page.getByText("This lesson is for enrolled students")).toBeVisible();
    });

    test("deactivating signs the student out at their next page, and sign-in says the account is deactivated", async ({
      page,
      learner,
    }) => {
      test.slow();
      await learner.page.goto("/account");
      await expect(learner.page).toHaveURL(/\/account$/);

      await openStudentPage(page, mode, learner.student);
      await section(page, "Account access").getByRole("link", { name: "Deactivate account" }).click();
      const question = section(page, "Deactivate Meera Pillai?");
      await expect(question).toBeVisible();
      await settled(page, mode);
      await question.getByRole("textbox", { name: /Reason/ }).fill("Shared the account with a friend");
      await question.getByRole("button", { name: "Deactivate account" }).click();
      await expect(section(page, "Deactivated")).toBeVisible();

      await learner.page.goto("/account");
      await expect(learner.page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
      await learner.page.getByRole("textbox", { name: "Email" }).fill(learner.student.email);
      await learner.page.getByLabel("Password").fill(STUDENT_PASSWORD);
      await learner.page.getByRole("button", { name: "Sign In" }).click();
      await expect(learner.page.getByText("This account has been deactivated")).toBeVisible();
      await expect(learner.page).toHaveURL(/\/login\?notice=deactivated$/);
      await learner.page.goto("/account");
      await expect(learner.page).toHaveURL(/\/login/);
    });
  });
});
