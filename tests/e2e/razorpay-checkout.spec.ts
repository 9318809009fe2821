import type { Page } from "@playwright/test";
import { FAKE_RAZORPAY_URL, RAZORPAY_BASE_URL, RAZORPAY_DATABASE } from "../../playwright.config";
import { makeCourse, ordersOf, type TestCourse } from "../support/rows";
import { payButton, saveInformation, toasts, visit } from "./checkout-support";
import { createStudent, expect, signInAs, test } from "./fixtures";
import { expectNoA11yViolations, inBothModes, type Mode } from "./page-checks";

// Paying for a course through Razorpay (UPI, cards, netbanking, wallets), on
// the server where Razorpay takes payments. With JavaScript, Razorpay's
// checkout.js (the fake's, served at Razorpay's address) opens its dialog over
// the page; without it, a plain form goes to the hosted page on another site,
// which returns by a cross-site POST. Either way the student ends signed in on
// their orders page with the order completed.

test.use({ baseURL: RAZORPAY_BASE_URL });

/** Razorpay's checkout.js, as the fake Razorpay serves it (this machine cannot reach Razorpay). */
async function serveCheckoutScript(page: Page) {
  const script = await (await fetch(`${FAKE_RAZORPAY_URL}/v1/checkout.js`)).text();
  await page.route("https://checkout.razorpay.com/v1/checkout.js", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: script }),
  );
}

async function arrange(page: Page) {
  const student = await createStudent({}, RAZORPAY_DATABASE);
  await signInAs(page.context(), student, RAZORPAY_BASE_URL, RAZORPAY_DATABASE);
  const course = makeCourse({ pricePaise: 199_900, databasePath: RAZORPAY_DATABASE });
  await serveCheckoutScript(page);
  return { student, course };
}

async function pressPay(page: Page, mode: Mode, course: TestCourse) {
  if (page.url().includes("/checkout") === false) {
    await visit(page, mode, `/checkout?courseId=${course.id}`);
    await saveInformation(page, mode);
  }
  await page.getByRole("checkbox", { name: /I agree to the terms/ }).check();
  await payButton(page).click();
}

/** In Razorpay's checkout (the dialog, or the hosted page reached through the form), the student chooses. */
async function chooseAtRazorpay(page: Page, mode: Mode, choice: "Pay with UPI" | "Fail payment") {
  if (mode.javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: "Razorpay Checkout" });
    await expect(dialog).toContainText("₹1999.00");
    await dialog.getByRole("button", { name: choice }).click();
    return;
  }
  await page.getByRole("button", { name: "Continue to secure payment" }).click();
  await expect(page).toHaveURL(`${FAKE_RAZORPAY_URL}/v1/checkout/embedded`);
  await expect(page.getByText("₹1999.00")).toBeVisible();
  await page.getByRole("button", { name: choice }).click();
}

async function expectPaidOrder(page: Page, course: TestCourse, studentId: string) {
  await expect(page).toHaveURL(`${RAZORPAY_BASE_URL}/account/orders`);
  await expect(toasts(page).getByRole("status")).toContainText("Enrollment Successful!");
  const order = page.getByRole("article", { name: course.title });
  await expect(order.getByText("Completed", { exact: true })).toBeVisible();
  await expect(order.getByRole("link", { name: "Go to the course" })).toBeVisible();
  const orders = ordersOf(studentId, course.id, RAZORPAY_DATABASE);
  expect(orders.map((row) => row.payment_status)).toEqual(["completed"]);
}

inBothModes((mode) => {
  test("pays through Razorpay and lands signed in on the orders page with the order completed", async ({ page }) => {
    const { student, course } = await arrange(page);
    await pressPay(page, mode, course);
    if (!mode.javaScriptEnabled) await expectNoA11yViolations(page);
    await chooseAtRazorpay(page, mode, "Pay with UPI");
    await expectPaidOrder(page, course, student.id);
  });

  test("a failed payment says so, and paying again on the same order succeeds", async ({ page }) => {
    const { student, course } = await arrange(page);
    await pressPay(page, mode, course);
    await chooseAtRazorpay(page, mode, "Fail payment");
    // With JavaScript the pay form says so; without, the page the hosted checkout returns to (a toast).
    const notice = mode.javaScriptEnabled ? page.getByRole("alert") : toasts(page).getByRole("alert");
    if (!mode.javaScriptEnabled)
      await expect(page).toHaveURL(new RegExp(`^${RAZORPAY_BASE_URL}/checkout\\?courseId=${course.id}&form=\\d+$`));
    await expect(notice).toContainText("Payment Failed");
    await expect(notice).toContainText("Your payment did not go through and no money was taken. You can pay again now.");
    // Razorpay's own description of the failure is never shown: any site can post one (checkout/callback).
    await expect(notice).not.toContainText("UPI app declined");
    await pressPay(page, mode, course);
    await chooseAtRazorpay(page, mode, "Pay with UPI");
    await expectPaidOrder(page, course, student.id);
  });
});
