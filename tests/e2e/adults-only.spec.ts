import { blockStripeJs, makeCourse, ordersOf, saveInformation, toasts, visit } from "./checkout-support";
import { createStudent, expect, queryTestDatabase, signInAs, test } from "./fixtures";
import { expectNoA11yViolations, MODES } from "./page-checks";

// An account made through a sign-in provider has not said its holder is 18 or
// older: checkout stops it with the reason and the box, right there. Without
// JavaScript, ticking the box posts the page and the checkout carries on.

const withoutJavaScript = MODES.find((mode) => !mode.javaScriptEnabled)!;

test.describe("checkout for an account that has not confirmed its age, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the student ticks 'I am 18 or older' on the checkout page and carries on to payment", async ({ page, context, baseURL }) => {
    const student = await createStudent({ firstName: "Kiran", adult: false });
    await signInAs(context, student, baseURL ?? "");
    const course = makeCourse({ pricePaise: 349_900 });
    await blockStripeJs(page);

    const refused = await visit(page, withoutJavaScript, `/checkout?courseId=${course.id}`);
    expect(refused?.status()).toBe(403);
    await expect(page.getByText("Please confirm you are 18 or older before you pay or register")).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Order summary" })).toContainText(course.title);
    await expect(page.getByRole("dialog", { name: "Enrollment Information" })).toHaveCount(0);
    await expectNoA11yViolations(page);

    await page.getByRole("checkbox", { name: "I am 18 or older" }).check();
    await page.getByRole("button", { name: "Confirm my age" }).click();

    await expect(toasts(page).getByRole("status")).toContainText("You confirmed you are 18 or older.");
    await expect(page).toHaveURL(new RegExp(`/checkout/information\\?courseId=${course.id}$`));
    await saveInformation(page, withoutJavaScript);
    expect(queryTestDatabase("SELECT adult_confirmed_at AS at FROM users WHERE id = ?", student.id)).toEqual([{ at: expect.any(Number) }]);
    expect(queryTestDatabase("SELECT id FROM enrollment_forms WHERE user_id = ?", student.id)).toHaveLength(1);
    expect(ordersOf(student.id)).toEqual([]);
  });
});
