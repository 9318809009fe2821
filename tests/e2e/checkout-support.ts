import type { Page } from "@playwright/test";
import { FAKE_STRIPE_URL } from "../../playwright.config";
import type { TestCourse } from "../support/rows";
import { fakeStripeControl } from "../support/stripe";
import { expect } from "./fixtures";
import { waitForHydration } from "./hydration";
import type { Mode } from "./page-checks";
import { tickConsent } from "./page-checks";

// Checkout test helpers for the browser specs: the rows a test arranges and
// reads back, and the control API of this worker's fake Stripe server.

/** This worker's fake Stripe server (tests/fixtures/fake-stripe.ts). */
export const fakeStripe = fakeStripeControl(FAKE_STRIPE_URL);

export {
  addCompletedEnrollment,
  couponRedemptions,
  makeCoupon,
  makeCourse,
  ordersOf,
  type StoredOrder,
  type TestCoupon,
  type TestCourse,
} from "../support/rows";

export const toasts = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });
export const payButton = (page: Page) => page.getByRole("button", { name: /^(Pay ₹|Enroll for Free)/ });

export async function visit(page: Page, mode: Mode, path: string) {
  const response = await page.goto(path);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return response;
}

/** Step 1: the enrollment information dialog, filled in and saved. */
export async function saveInformation(page: Page, mode: Mode) {
  const dialog = page.getByRole("dialog", { name: "Enrollment Information" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: "WhatsApp number", exact: true }).fill("+91 98765 43210");
  await dialog.getByRole("textbox", { name: "State", exact: true }).fill("Karnataka");
  await dialog.getByRole("textbox", { name: "City", exact: true }).fill("Bengaluru");
  await dialog.getByRole("combobox", { name: "Experience level" }).selectOption("Beginner");
  await dialog.getByRole("combobox", { name: "How did you hear about us?" }).selectOption("YouTube");
  await tickConsent(dialog);
  await dialog.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment", exact: true })).toBeVisible();
  if (mode.javaScriptEnabled) await waitForHydration(page);
}

/** With JavaScript, the page asks for a PaymentIntent, then Stripe.js fails to load (no network here). */
export async function blockStripeJs(page: Page) {
  await page.route(/^https:\/\/([a-z0-9-]+\.)*stripe\.com\//, (route) => route.abort());
}

export async function startCheckout(page: Page, mode: Mode, course: TestCourse) {
  await blockStripeJs(page);
  await visit(page, mode, `/checkout?courseId=${course.id}`);
  await saveInformation(page, mode);
}

/** Checkout with a 100% coupon: applied, "Enroll for Free" with the terms accepted, and the success toast. */
export async function enrolWithFullDiscount(page: Page, mode: Mode, course: TestCourse, couponCode: string) {
  await startCheckout(page, mode, course);
  await page.getByRole("textbox", { name: "Coupon code" }).fill(couponCode);
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(payButton(page)).toHaveText("Enroll for Free");
  await page.getByRole("checkbox", { name: /I agree to the terms/ }).check();
  await payButton(page).click();
  await expect(toasts(page).getByRole("status")).toContainText("Enrollment Successful!");
}
