import { addCompletedEnrollment, makeCourse } from "../support/rows";
import { signInAsAdmin, toast, uniqueTitle, visitAdmin } from "./admin-support";
import { expect, queryTestDatabase, test } from "./fixtures";
import { expectNoA11yViolations, failOnPageErrors, inBothModes } from "./page-checks";

// A student holding a course reviews it on the course page; an admin approves
// the review; the course page then shows its stars and count. Until then it
// shows none. The form is a plain HTML form: the same journey without JavaScript.

const REVIEW = "The mentor drew every example again when we asked, and the worksheets made me write a plan first.";

inBothModes((mode) => {
  test("an enrolled student writes a review, an admin approves it, and the stars show", async ({ page, context, baseURL, student }) => {
    const assertNoErrors = failOnPageErrors(page);
    const course = makeCourse({ pricePaise: 0, title: uniqueTitle("Reviewed Course") });
    addCompletedEnrollment(student.id, course.id);
    const stars = page.getByRole("img", { name: /^Rated .* out of 5 from/ });

    await visitAdmin(page, mode, `/courses/${course.id}`);
    const form = page.getByRole("region", { name: "Student Reviews" });
    await expect(form.getByRole("heading", { name: "Review this course" })).toBeVisible();
    await expect(stars).toHaveCount(0);
    await expectNoA11yViolations(page);

    await form.getByRole("radio", { name: "4 stars" }).check();
    await form.getByLabel(/Your review/).fill(REVIEW);
    await form.getByRole("button", { name: "Submit review" }).click();
    await expect(toast(page)).toContainText("Thank you for your review");
    await expect(form.getByText("Waiting for approval")).toBeVisible();
    await expect(stars).toHaveCount(0);
    expect(queryTestDatabase("SELECT rating, status FROM course_reviews WHERE course_id = ?", course.id)).toEqual([
      { rating: 4, status: "pending" },
    ]);

    await signInAsAdmin(context, baseURL ?? "", "content_manager");
    await visitAdmin(page, mode, "/admin/reviews");
    const card = page.getByRole("article", { name: course.title });
    await expect(card.getByText("Waiting for approval")).toBeVisible();
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(toast(page)).toContainText("Review approved");
    await expect(card.getByText("Approved", { exact: true })).toBeVisible();

    await visitAdmin(page, mode, `/courses/${course.id}`);
    await expect(stars.first()).toHaveAccessibleName("Rated 4.0 out of 5 from 1 review");
    await expect(form.getByRole("listitem").filter({ hasText: REVIEW })).toContainText(`${student.firstName} ${student.lastName[0]}.`);
    await expect(form.getByText("Approved and shown")).toBeVisible();
    await expectNoA11yViolations(page);
    assertNoErrors();
  });
});
