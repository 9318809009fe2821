import type { Page } from "@playwright/test";
import { signInAsAdmin, toast, uniqueTitle, visitAdmin } from "./admin-support";
import { makeCourse, payButton, startCheckout, type TestCourse } from "./checkout-support";
import { expect, queryTestDatabase, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, inBothModes, type Mode } from "./page-checks";

// A fixed-amount coupon limited to one course (decision 0029), from the
// admin's form to the student's checkout, with JavaScript on and off: the
// saving is shown in rupees where it applies, and elsewhere checkout says why
// it does not.

async function applyCoupon(page: Page, mode: Mode, course: TestCourse, code: string) {
  await startCheckout(page, mode, course);
  await page.getByRole("textbox", { name: "Coupon code" }).fill(code);
  await page.getByRole("button", { name: "Apply", exact: true }).click();
}

inBothModes((mode) => {
  test("an admin's ₹500 coupon for one course: the student saves ₹500 there and is told it does not apply to another", async ({
    page,
    context,
    baseURL,
    student,
  }) => {
    test.slow();
    await signInAsAdmin(context, baseURL ?? "");
    const basics = makeCourse({ pricePaise: 499_900, title: uniqueTitle("Trading Basics") });
    const options = makeCourse({ pricePaise: 299_900, title: uniqueTitle("Options Course") });
    const code = `FLAT500${Date.now().toString(36).toUpperCase()}${mode.javaScriptEnabled ? "J" : "N"}`;

    await visitAdmin(page, mode, "/admin/coupons/new");
    const form = page.getByRole("dialog", { name: "Add Coupon" });
    await expect(form.getByRole("radio", { name: "Percent off" })).toBeChecked();
    await form.getByRole("textbox", { name: "Code", exact: true }).fill(code);
    await form.getByRole("radio", { name: "Amount off" }).check();
    await form.getByRole("textbox", { name: "Amount off (₹)" }).fill("500");
    await form.getByRole("group", { name: "Courses it applies to" }).getByRole("checkbox", { name: basics.title }).check();
    await expectNoA11yViolations(page);
    await form.getByRole("button", { name: "Create Coupon" }).click();
    await expect(page).toHaveURL(/\/admin\/coupons$/);
    await expect(toast(page)).toContainText("Coupon created");
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: code, exact: true }) });
    await expect(row.getByRole("cell").first()).toHaveText(`₹500 off · ${basics.title}`);
    expect(queryTestDatabase("SELECT kind, amount_off_paise FROM coupons WHERE code = ?", code)).toEqual([
      { kind: "amount", amount_off_paise: 50_000 },
    ]);

    await applyCoupon(page, mode, basics, code.toLowerCase());
    await expect(toast(page)).toContainText("₹500 discount applied successfully.");
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary).toContainText("You save ₹500");
    await expect(summary).toContainText("₹4,499");
    await expect(payButton(page)).toHaveText("Pay ₹4,499");
    if (mode.javaScriptEnabled) await waitForHydration(page);
    await expectNoA11yViolations(page);

    await applyCoupon(page, mode, options, code);
    const notice = page.getByRole("alert").filter({ hasText: "Coupon Not Applied" });
    await expect(notice).toContainText(`This coupon does not apply to ${options.title}.`);
    await expect(page.getByRole("complementary", { name: "Order summary" })).not.toContainText("You save");
    await expect(payButton(page)).toHaveText("Pay ₹2,999");
    expect(student.id).toBeTruthy();
  });
});
