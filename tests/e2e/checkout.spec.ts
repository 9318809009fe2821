import { ANALYTICS_BASE_URL, ANALYTICS_DATABASE, FAKE_STRIPE_URL } from "../../playwright.config";
import {
  blockStripeJs,
  couponRedemptions,
  enrolWithFullDiscount,
  fakeStripe,
  makeCoupon,
  makeCourse,
  ordersOf,
  payButton,
  saveInformation,
  startCheckout,
  toasts,
  visit,
} from "./checkout-support";
import { createStudent, expect, openTestDatabase, queryTestDatabase, signInAs, test } from "./fixtures";
import { expectNoA11yViolations, inBothModes, type Mode } from "./page-checks";

// /checkout (public-site §2, §4 Checkout flow, §8) in a real browser, with
// JavaScript on and off. Stripe is the fake in tests/fixtures/fake-stripe.ts;
// Stripe.js itself cannot load here, so with JavaScript the card form falls
// back to the hosted page, which is the path both modes finish on.

/** "₹2,549" for 2,54,915 paise: the site shows whole rupees (rounded half up), never paise. */
function rupees(paise: number) {
  return `₹${new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 }).format(Math.round(paise / 100))}`;
}

test.describe("/checkout for a signed-out visitor", () => {
  inBothModes((mode) => {
    test("is sent to sign in with 'Authentication Required', then back to checkout", async ({ page }) => {
      const course = makeCourse({ pricePaise: 299900 });
      await visit(page, mode, `/checkout?courseId=${course.id}`);
      await expect(page).toHaveURL(
        new RegExp(`/login\\?redirectTo=${encodeURIComponent(`/checkout?courseId=${course.id}`).replace(/[?]/g, "\\?")}`),
      );
      const toast = toasts(page).getByRole("alert");
      await expect(toast).toContainText("Authentication Required");
      await expect(toast).toContainText("Please log in to continue with your purchase.");

      const student = await createStudent();
      await page.getByLabel("Email").fill(student.email);
      await page.getByLabel("Password").fill(student.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(new RegExp(`/checkout/information\\?courseId=${course.id}$`));
      await expect(page.getByRole("dialog", { name: "Enrollment Information" })).toBeVisible();
    });
  });
});

inBothModes((mode) => {
  test.describe("/checkout", () => {
    test("a missing, unknown or inactive course shows 'Invalid Course'", async ({ page, student: _signedIn }) => {
      const inactive = makeCourse({ pricePaise: 100000 });
      const database = openTestDatabase();
      database.prepare("UPDATE courses SET is_active = 0 WHERE id = ?").run(inactive.id);
      database.close();
      for (const path of ["/checkout", "/checkout?courseId=99999999", "/checkout?courseId=abc", `/checkout?courseId=${inactive.id}`]) {
        const response = await visit(page, mode, path);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByRole("heading", { level: 1, name: "Invalid Course" })).toBeVisible();
      }
      await expectNoA11yViolations(page);
    });

    test("the enrollment information dialog comes first and is kept with the order", async ({ page, student }) => {
      const course = makeCourse({ pricePaise: 449900 });
      await visit(page, mode, `/checkout?courseId=${course.id}`);
      await expect(page).toHaveURL(new RegExp(`/checkout/information\\?courseId=${course.id}$`));
      const dialog = page.getByRole("dialog", { name: "Enrollment Information" });
      await expect(dialog).toContainText(course.title);
      // The course is fixed: the choice offers this course only.
      await expect(dialog.getByRole("combobox", { name: "Course or event" }).locator("option:not([value=''])")).toHaveText([course.title]);
      await expect(page.getByRole("complementary", { name: "Order summary" }).getByText(rupees(course.pricePaise)).first()).toBeVisible();
      await expectNoA11yViolations(page);

      await dialog.getByRole("button", { name: "Continue to Payment" }).click();
      await expect(dialog.getByText("State is required")).toBeVisible();
      expect(queryTestDatabase("SELECT id FROM enrollment_forms WHERE user_id = ?", student.id)).toHaveLength(0);

      await blockStripeJs(page);
      await saveInformation(page, mode);
      const toast = toasts(page).getByRole("status");
      await expect(toast).toContainText("Information Saved!");
      await expect(toast).toContainText("Proceeding to payment...");
      const [form] = queryTestDatabase<{ id: number; course_or_event_id: number; course_or_event_type: string }>(
        "SELECT id, course_or_event_id, course_or_event_type FROM enrollment_forms WHERE user_id = ?",
        student.id,
      );
      expect(form).toMatchObject({ course_or_event_id: course.id, course_or_event_type: "course" });
      await expect(page).toHaveURL(new RegExp(`/checkout\\?courseId=${course.id}&form=${form?.id}$`));
      await expect(payButton(page)).toHaveText(`Pay ${rupees(course.pricePaise)}`);
      await expectNoA11yViolations(page);
    });

    test("a form id that is not the student's own sends them back to the information step", async ({ page, student }) => {
      const course = makeCourse({ pricePaise: 199900 });
      const other = await createStudent();
      const database = openTestDatabase();
      const { id } = database
        .prepare(
          "INSERT INTO enrollment_forms (user_id, name, whatsapp_number, state, city, experience_level, course_or_event_id, course_or_event_type, source_of_lead) VALUES (?, 'X', '9876543210', 'S', 'C', 'Beginner', ?, 'course', 'YouTube') RETURNING id",
        )
        .get(other.id, course.id) as { id: number };
      database.close();
      await visit(page, mode, `/checkout?courseId=${course.id}&form=${id}`);
      await expect(page).toHaveURL(new RegExp(`/checkout/information\\?courseId=${course.id}$`));
      expect(student.id).not.toBe(other.id);
    });

    test("coupons: empty, invalid, expired, used up, then applied case-insensitively", async ({ page, student: _signedIn }) => {
      const course = makeCourse({ pricePaise: 299900 });
      const { code: good, id: goodId } = makeCoupon({ percentOff: 15 });
      const { code: expired } = makeCoupon({ percentOff: 50, expiresAt: new Date(Date.now() - 60_000) });
      const { code: usedUp } = makeCoupon({ percentOff: 50, maxRedemptions: 3, redemptionCount: 3 });
      await startCheckout(page, mode, course);
      const code = page.getByRole("textbox", { name: "Coupon code" });
      const apply = page.getByRole("button", { name: "Apply", exact: true });

      await apply.click();
      await expect(page.getByText("Enter Coupon Code")).toBeVisible();
      for (const bad of ["NOSUCHCODE", expired, usedUp]) {
        await code.fill(bad);
        await apply.click();
        const notice = page.getByRole("alert").filter({ hasText: "Invalid Coupon" });
        await expect(notice).toContainText("The coupon code is invalid or expired.");
        await expect(payButton(page)).toHaveText(`Pay ${rupees(course.pricePaise)}`);
      }

      await page.getByRole("textbox", { name: "Coupon code" }).fill(good.toLowerCase());
      await page.getByRole("button", { name: "Apply", exact: true }).click();
      const toast = toasts(page).getByRole("status");
      await expect(toast).toContainText("Coupon Applied!");
      await expect(toast).toContainText("15% discount applied successfully.");
      await expect(page.getByRole("textbox", { name: "Coupon code" })).toBeDisabled();
      await expect(page.getByRole("textbox", { name: "Coupon code" })).toHaveValue(good);
      await expect(page.getByRole("button", { name: "Applied ✓" })).toBeDisabled();
      // 15% of ₹2,999 is ₹449.85: the order is ₹2,549.15, shown as ₹2,549, and the saving as ₹2,999 − ₹2,549.
      const summary = page.getByRole("complementary", { name: "Order summary" });
      await expect(summary).toContainText("−₹450");
      await expect(summary).toContainText("You save ₹450");
      await expect(summary).not.toContainText("449.85");
      await expect(payButton(page)).toHaveText("Pay ₹2,549");
      await expectNoA11yViolations(page);
      // Nothing is redeemed until a payment succeeds.
      expect(couponRedemptions(goodId)).toBe(0);
    });

    test("paying needs the terms accepted", async ({ page, student }) => {
      const course = makeCourse({ pricePaise: 299900 });
      await startCheckout(page, mode, course);
      if (mode.javaScriptEnabled) await expect(page.getByText("The card form could not load here")).toBeVisible();
      await payButton(page).click();
      await expect(page.getByRole("alert").filter({ hasText: "Terms Required" })).toContainText(
        "Please accept the terms and conditions to continue.",
      );
      expect(ordersOf(student.id, course.id).filter((order) => order.payment_status !== "pending")).toHaveLength(0);
      expect(ordersOf(student.id, course.id).filter((order) => order.payment_intent_id === null)).toHaveLength(0);
    });

    test("pays the server's discounted price on Stripe's page and lands enrolled on the dashboard", async ({ page, student }) => {
      const course = makeCourse({ pricePaise: 449900 });
      const { code: coupon, id: couponId } = makeCoupon({ percentOff: 10 });
      await startCheckout(page, mode, course);
      await page.getByRole("textbox", { name: "Coupon code" }).fill(coupon);
      await page.getByRole("button", { name: "Apply", exact: true }).click();
      await expect(page.getByRole("button", { name: "Applied ✓" })).toBeVisible();
      const total = course.pricePaise - Math.round(course.pricePaise / 10);
      if (mode.javaScriptEnabled) {
        // The JavaScript path got as far as Stripe.js: a PaymentIntent for the server's total exists.
        await expect(page.getByText("The card form could not load here")).toBeVisible();
        expect(ordersOf(student.id, course.id).map((order) => order.amount_paise)).toContain(total);
      }

      await page.getByRole("checkbox", { name: /I agree to the terms/ }).check();
      await payButton(page).click();
      await expect(page).toHaveURL(new RegExp(`^${FAKE_STRIPE_URL}/pay/cs_`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(course.title);
      await expect(page.getByText(`₹${(total / 100).toLocaleString("en-IN", { minimumFractionDigits: 2 })}`)).toBeVisible();
      await page.getByRole("button", { name: "Pay", exact: true }).click();

      await expect(page).toHaveURL(/\/$/);
      const toast = toasts(page).getByRole("status");
      await expect(toast).toContainText("Enrollment Successful!");
      await expect(toast).toContainText(course.title);
      await expect(page.getByRole("region", { name: "Continue Learning" })).toContainText(course.title);

      const completed = ordersOf(student.id, course.id).filter((order) => order.payment_status === "completed");
      expect(completed).toHaveLength(1);
      expect(completed[0]).toMatchObject({ amount_paise: total });
      expect(completed[0]?.coupon_id).toBe(couponId);
      expect(completed[0]?.enrollment_form_id).not.toBeNull();
      await expect.poll(() => couponRedemptions(couponId)).toBe(1);

      // Coming back to checkout: told so instead of paying twice.
      await visit(page, mode, `/checkout?courseId=${course.id}`);
      await expect(page.getByText("You are already enrolled in this course.")).toBeVisible();
      await expect(page.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
    });

    test("a declined card on Stripe's page enrolls nothing, and Back returns to checkout", async ({ page, student }) => {
      const course = makeCourse({ pricePaise: 399900 });
      await startCheckout(page, mode, course);
      await page.getByRole("checkbox", { name: /I agree to the terms/ }).check();
      await payButton(page).click();
      await page.getByRole("button", { name: "Pay with a declined card" }).click();
      await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
      await page.getByRole("link", { name: "Back" }).click();
      await expect(page.getByRole("heading", { name: "Payment", exact: true })).toBeVisible();
      expect(ordersOf(student.id, course.id).filter((order) => order.payment_status === "completed")).toHaveLength(0);
    });

    test("the return from Stripe enrolls even when the webhook is late", async ({ page, student }) => {
      await fakeStripe.setRule({ userId: student.id, deliverWebhooks: false });
      const course = makeCourse({ pricePaise: 249900 });
      await startCheckout(page, mode, course);
      await page.getByRole("checkbox", { name: /I agree to the terms/ }).check();
      await payButton(page).click();
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expect(toasts(page).getByRole("status")).toContainText("Enrollment Successful!");
      expect(ordersOf(student.id, course.id).filter((order) => order.payment_status === "completed")).toHaveLength(1);
    });

    test("a free course, or a 100% coupon, enrolls without Stripe", async ({ page, student }) => {
      const free = makeCourse({ pricePaise: 0 });
      await startCheckout(page, mode, free);
      await expect(payButton(page)).toHaveText("Enroll for Free");
      await page.getByRole("checkbox", { name: /I agree to the terms/ }).check();
      await payButton(page).click();
      await expect(toasts(page).getByRole("status")).toContainText("Enrollment Successful!");
      expect(ordersOf(student.id, free.id)).toMatchObject([{ payment_status: "completed", amount_paise: 0, payment_intent_id: null }]);

      const paid = makeCourse({ pricePaise: 349900 });
      const { code: fullDiscount, id: fullDiscountId } = makeCoupon({ percentOff: 100 });
      await enrolWithFullDiscount(page, mode, paid, fullDiscount);
      // With JavaScript the full-price PaymentIntent made before the coupon stays pending, unpaid.
      expect(ordersOf(student.id, paid.id).filter((order) => order.payment_status === "completed")).toMatchObject([{ amount_paise: 0 }]);
      expect(couponRedemptions(fullDiscountId)).toBe(1);
    });

    test("a return from Stripe that is unknown or another student's says 'Enrollment Failed'", async ({ page, student }) => {
      const response = await visit(page, mode, "/checkout/complete?session_id=cs_test_made_up");
      expect(response?.status()).toBe(404);
      const alert = page.getByRole("alert").filter({ hasText: "Enrollment Failed" });
      await expect(alert).toContainText("There was an error processing your enrollment. Please try again.");
      await expectNoA11yViolations(page);

      // Another student's hosted-checkout order, reached with this student's session.
      const other = await createStudent();
      const course = makeCourse({ pricePaise: 199900 });
      const database = openTestDatabase();
      database
        .prepare("INSERT INTO orders (user_id, course_id, amount_paise, provider, provider_order_id) VALUES (?, ?, ?, 'stripe', ?)")
        .run(other.id, course.id, course.pricePaise, `cs_test_${other.id}`);
      database.close();
      const foreign = await visit(page, mode, `/checkout/complete?session_id=cs_test_${other.id}`);
      expect(foreign?.status()).toBe(403);
      await expect(page.getByRole("alert").filter({ hasText: "Enrollment Failed" })).toBeVisible();
      expect(ordersOf(student.id, course.id)).toHaveLength(0);
      expect(ordersOf(other.id, course.id)).toMatchObject([{ payment_status: "pending" }]);
    });

    test("the course page offers 'Enroll Now' to a signed-in student", async ({ page, student: _signedIn }) => {
      const course = makeCourse({ pricePaise: 299900 });
      await visit(page, mode, `/courses/${course.id}`);
      await page.getByRole("link", { name: "Enroll Now" }).click();
      await expect(page).toHaveURL(new RegExp(`/checkout/information\\?courseId=${course.id}$`));
    });
  });
});

test.describe("/checkout with JavaScript", () => {
  test("shows a spinner while the PaymentIntent is created", async ({ page, student }) => {
    await fakeStripe.setRule({ userId: student.id, delayMs: 2_000 });
    const course = makeCourse({ pricePaise: 299900 });
    await blockStripeJs(page);
    await visit(page, MODES_JS, `/checkout?courseId=${course.id}`);
    await saveInformation(page, MODES_JS);
    await expect(page.getByRole("status").filter({ hasText: "Preparing secure payment..." })).toBeVisible();
    await expect(payButton(page)).toBeDisabled();
    await expect(page.getByText("The card form could not load here")).toBeVisible({ timeout: 15_000 });
    await expect(payButton(page)).toBeEnabled();
  });

  test("says 'Payment Setup Failed' when the PaymentIntent cannot be made", async ({ page, student }) => {
    await fakeStripe.setRule({ userId: student.id, failCreate: { status: 500, message: "Stripe is down" } });
    const course = makeCourse({ pricePaise: 299900 });
    await blockStripeJs(page);
    await visit(page, MODES_JS, `/checkout?courseId=${course.id}`);
    await saveInformation(page, MODES_JS);
    const notice = page.getByRole("alert").filter({ hasText: "Payment Setup Failed" });
    await expect(notice).toContainText("Unable to initialize payment. Please try again.");
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    expect(ordersOf(student.id, course.id)).toHaveLength(0);
  });
});

test.describe("/checkout on a site without Stripe keys", () => {
  inBothModes((mode) => {
    test("says online payment is not set up and offers WhatsApp", async ({ page, context }) => {
      const student = await createStudent({}, ANALYTICS_DATABASE);
      await signInAs(context, student, ANALYTICS_BASE_URL, ANALYTICS_DATABASE);
      const course = makeCourse({ pricePaise: 299900, databasePath: ANALYTICS_DATABASE });
      await visit(page, mode, `${ANALYTICS_BASE_URL}/checkout?courseId=${course.id}`);
      await saveInformation(page, mode);
      await expect(page.getByText("Online payment is not available yet")).toBeVisible();
      await expect(page.getByRole("link", { name: "Chat on WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
      await expect(page.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
      await expectNoA11yViolations(page);
    });
  });
});

const MODES_JS: Mode = { javaScriptEnabled: true, label: "with JavaScript" };
