import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, openTestDatabase, queryTestDatabase, test } from "./fixtures";
import { auditActionsOf, signInAsAdmin, toast, visitAdmin } from "./admin-support";
import { makeCoupon, makeCourse } from "./checkout-support";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes, type Mode } from "./page-checks";

// The admin Coupons tab (beyond the spec: the coupons checkout accepts had no
// screens). Admins only. Every test makes its own coupons (unique codes) and
// checks what checkout's own endpoint then says about them.

type StoredCoupon = {
  id: number;
  code: string;
  percent_off: number;
  is_active: number;
  expires_at: number | null;
  max_redemptions: number | null;
  redemption_count: number;
};

const uniqueCode = (label: string) => `${label}-${randomUUID().replaceAll("-", "").slice(0, 8)}`;
const storedCoupon = (code: string) => queryTestDatabase<StoredCoupon>("SELECT * FROM coupons WHERE code = ?", code)[0];

const dialog = (page: Page, title: string) => page.getByRole("dialog", { name: title });
const row = (page: Page, code: string) =>
  page
    .getByRole("table", { name: "Coupons" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: code, exact: true }) });

async function openDialog(page: Page, mode: Mode, link: string, title: string) {
  await page.getByRole("link", { name: link, exact: true }).click();
  const opened = dialog(page, title);
  await expect(opened).toBeVisible();
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return opened;
}

/** An order that names the coupon but never completed (so nothing was redeemed). */
function addPendingOrderWithCoupon(couponId: number) {
  const course = makeCourse({ pricePaise: 100_000 });
  const database = openTestDatabase();
  try {
    const userId = randomUUID();
    database.prepare("INSERT INTO users (id, email) VALUES (?, ?)").run(userId, `coupon-order-${userId.slice(0, 8)}@example.test`);
    database
      .prepare("INSERT INTO orders (user_id, course_id, coupon_id, amount_paise, payment_status) VALUES (?, ?, ?, ?, 'pending')")
      .run(userId, course.id, couponId, 90_000);
  } finally {
    database.close();
  }
}

inBothModes((mode) => {
  test.describe("/admin/coupons", () => {
    test("Add Coupon: field messages, a taken code, then a coupon checkout accepts", async ({ page, context, baseURL, student }) => {
      test.slow();
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const checkErrors = failOnPageErrors(page);
      const taken = makeCoupon({ percentOff: 5 });
      const response = await visitAdmin(page, mode, "/admin/coupons");
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(/^Coupons \| /);
      await expect(page.getByRole("heading", { level: 1, name: "Coupons" })).toBeVisible();
      await expect(row(page, taken.code)).toContainText("No expiry");
      await expectNoA11yViolations(page);

      const form = await openDialog(page, mode, "Add Coupon", "Add Coupon");
      await expect(page).toHaveURL(/\/admin\/coupons\/new$/);
      await expect(form.getByRole("checkbox", { name: "Active" })).toBeChecked();
      await expect(form.getByLabel("Last valid day (optional, India time)")).toHaveAttribute("type", "date");
      await expectNoA11yViolations(page);

      const code = form.getByRole("textbox", { name: "Code", exact: true });
      const percent = form.getByRole("spinbutton", { name: "Percent off (1–100)" });
      const limit = form.getByLabel("Max redemptions (optional)");
      const create = form.getByRole("button", { name: "Create Coupon" });
      await create.click();
      await expect(form.getByText("Code is required", { exact: true })).toBeVisible();
      await expect(form.getByText("Percent off is required", { exact: true })).toBeVisible();

      await code.fill("TWO WORDS");
      await percent.fill("101");
      await limit.fill("0");
      await create.click();
      for (const message of [
        "Code can use only letters, numbers, hyphens (-) and underscores (_)",
        "Percent off must be at most 100",
        "Max redemptions must be at least 1",
      ]) {
        await expect(form.getByText(message, { exact: true })).toBeVisible();
      }

      if (mode.javaScriptEnabled) checkErrors();
      // Another coupon's code, typed in lower case, is the same code (the browser logs that 409 as a failed load).
      await code.fill(taken.code.toLowerCase());
      await percent.fill("15");
      await limit.fill("");
      await create.click();
      await expect(form.getByText(`The code ${taken.code} is already used by another coupon`, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/coupons\/new$/);

      const typed = uniqueCode("diwali");
      const saved = typed.toUpperCase();
      await code.fill(` ${typed} `);
      await percent.fill("15");
      await form.getByLabel("Last valid day (optional, India time)").fill("2030-06-30");
      await limit.fill("5");
      await create.click();

      await expect(page).toHaveURL(/\/admin\/coupons$/);
      await expect(toast(page)).toContainText("Coupon created");
      await expect(toast(page)).toContainText(`${saved} has been saved.`);
      await expect(row(page, saved).getByRole("cell")).toHaveText([
        "15% off · all courses and events",
        "Jun 30, 2030",
        "5",
        "0 of 5",
        "Active",
        /Edit\s*Delete/,
      ]);

      // On a phone the rows stack into cards: the table is no wider than the screen, and still a table.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(row(page, saved).getByRole("cell")).toHaveText([
        "15% off · all courses and events",
        "Jun 30, 2030",
        "5",
        "0 of 5",
        "Active",
        /Edit\s*Delete/,
      ]);
      const table = page.getByRole("table", { name: "Coupons" });
      expect(await table.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThanOrEqual(390);
      await expectNoA11yViolations(page);
      await page.setViewportSize({ width: 1280, height: 720 });

      const stored = storedCoupon(saved);
      expect(stored).toMatchObject({
        percent_off: 15,
        is_active: 1,
        // The end of 30 June in India (the midnight starting 1 July IST) is 18:30 UTC on 30 June.
        expires_at: Date.UTC(2030, 5, 30, 18, 30),
        max_redemptions: 5,
        redemption_count: 0,
      });
      expect(auditActionsOf(admin)).toEqual([{ action: "coupon_created", entityType: "coupon", entityId: String(stored!.id) }]);

      // Checkout's own endpoint takes the new code, as typed by a student.
      const course = makeCourse({ pricePaise: 200_000 });
      const quote = await context.request.post("/api/validate-coupon", { data: { couponCode: typed, courseId: course.id } });
      expect(quote.status()).toBe(200);
      expect(await quote.json()).toEqual({ code: saved, kind: "percent", discount: 15, discountAmount: "300.00", total: "1700.00" });
      expect(student.id).toBeTruthy();
    });

    test("Edit Coupon: prefilled; the limit cannot go below the redemptions used, which stay as they are", async ({
      page,
      context,
      baseURL,
      student,
    }) => {
      test.slow();
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const coupon = makeCoupon({
        percentOff: 10,
        maxRedemptions: 10,
        redemptionCount: 3,
        // Stored by checkout's tests with a time of day: 31 Dec 2030, 15:30 IST.
        expiresAt: new Date(Date.UTC(2030, 11, 31, 10, 0)),
      });
      await visitAdmin(page, mode, "/admin/coupons");
      await expect(row(page, coupon.code).getByRole("cell")).toHaveText([
        "10% off · all courses and events",
        "Dec 31, 2030",
        "10",
        "3 of 10",
        "Active",
        /Edit\s*Delete/,
      ]);

      const form = await openDialog(page, mode, `Edit ${coupon.code}`, "Edit Coupon");
      await expect(page).toHaveURL(new RegExp(`/admin/coupons/${coupon.id}$`));
      await expect(form.getByRole("textbox", { name: "Code", exact: true })).toHaveValue(coupon.code);
      await expect(form.getByRole("spinbutton", { name: "Percent off (1–100)" })).toHaveValue("10");
      await expect(form.getByLabel("Last valid day (optional, India time)")).toHaveValue("2030-12-31");
      await expect(form.getByLabel("Max redemptions (optional)")).toHaveValue("10");
      await expect(form.getByRole("checkbox", { name: "Active" })).toBeChecked();
      await expect(form).toContainText("Used 3 times so far.");
      await expectNoA11yViolations(page);

      await form.getByLabel("Max redemptions (optional)").fill("2");
      await form.getByRole("spinbutton", { name: "Percent off (1–100)" }).fill("20");
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expect(form.getByText("Max redemptions cannot be below the 3 already used", { exact: true })).toBeVisible();
      expect(storedCoupon(coupon.code)).toMatchObject({ percent_off: 10, max_redemptions: 10 });

      await form.getByLabel("Max redemptions (optional)").fill("3");
      await form.getByLabel("Last valid day (optional, India time)").fill("");
      await form.getByRole("checkbox", { name: "Active" }).uncheck();
      await form.getByRole("button", { name: "Save Changes" }).click();

      await expect(page).toHaveURL(/\/admin\/coupons$/);
      await expect(toast(page)).toContainText("Coupon updated");
      await expect(toast(page)).toContainText(`${coupon.code} has been saved.`);
      await expect(row(page, coupon.code).getByRole("cell")).toHaveText([
        "20% off · all courses and events",
        "No expiry",
        "3",
        "3 of 3",
        "Inactive",
        /Edit\s*Delete/,
      ]);
      expect(storedCoupon(coupon.code)).toEqual({
        id: coupon.id,
        code: coupon.code,
        kind: "percent",
        percent_off: 20,
        amount_off_paise: null,
        min_order_paise: null,
        per_student_limit: null,
        is_active: 0,
        expires_at: null,
        max_redemptions: 3,
        redemption_count: 3,
        created_at: expect.any(Number),
      });
      expect(auditActionsOf(admin)).toEqual([{ action: "coupon_updated", entityType: "coupon", entityId: String(coupon.id) }]);

      // Inactive now: checkout refuses it.
      const course = makeCourse({ pricePaise: 200_000 });
      const quote = await context.request.post("/api/validate-coupon", { data: { couponCode: coupon.code, courseId: course.id } });
      expect(quote.status()).toBe(400);
      expect(student.id).toBeTruthy();
    });

    test("Delete: an unused coupon after the confirmation", async ({ page, context, baseURL }) => {
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const coupon = makeCoupon({ percentOff: 30 });
      await visitAdmin(page, mode, "/admin/coupons");

      let confirm = await openDialog(page, mode, `Delete ${coupon.code}`, "Confirm delete");
      await expect(confirm).toContainText(`Are you sure you want to delete "${coupon.code}"?`);
      await expectNoA11yViolations(page);
      await confirm.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/admin\/coupons$/);
      expect(storedCoupon(coupon.code)).toBeDefined();

      confirm = await openDialog(page, mode, `Delete ${coupon.code}`, "Confirm delete");
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(page).toHaveURL(/\/admin\/coupons$/);
      await expect(toast(page)).toContainText("Coupon deleted");
      await expect(toast(page)).toContainText(`${coupon.code} has been deleted.`);
      await expect(row(page, coupon.code)).toHaveCount(0);
      expect(storedCoupon(coupon.code)).toBeUndefined();
      expect(auditActionsOf(admin)).toEqual([{ action: "coupon_deleted", entityType: "coupon", entityId: String(coupon.id) }]);
    });

    test("Delete: a redeemed coupon is kept and deactivated instead", async ({ page, context, baseURL }) => {
      test.slow();
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const coupon = makeCoupon({ percentOff: 10, redemptionCount: 1 });
      await visitAdmin(page, mode, "/admin/coupons");

      let confirm = await openDialog(page, mode, `Delete ${coupon.code}`, "Keep the history");
      await expect(confirm).toContainText(`Are you sure you want to delete "${coupon.code}"?`);
      await expect(confirm.getByRole("alert")).toContainText("This cannot be deleted");
      await expect(confirm.getByRole("alert")).toContainText("Deactivate it instead");
      await expect(confirm.getByRole("button", { name: "Delete" })).toHaveCount(0);
      await expectNoA11yViolations(page);
      await confirm.getByRole("button", { name: "Deactivate" }).click();

      await expect(page).toHaveURL(/\/admin\/coupons$/);
      await expect(toast(page)).toContainText("Coupon deactivated");
      await expect(toast(page)).toContainText(`${coupon.code} can no longer be used at checkout.`);
      await expect(row(page, coupon.code)).toContainText("Inactive");
      expect(storedCoupon(coupon.code)).toMatchObject({ is_active: 0, redemption_count: 1 });
      expect(auditActionsOf(admin)).toEqual([{ action: "coupon_deactivated", entityType: "coupon", entityId: String(coupon.id) }]);

      // Already inactive: nothing left to do but go back.
      confirm = await openDialog(page, mode, `Delete ${coupon.code}`, "Keep the history");
      await expect(confirm).toContainText("It is already inactive.");
      await expect(confirm.getByRole("button")).toHaveCount(0);
      await confirm.getByRole("link", { name: "Back" }).click();
      await expect(page).toHaveURL(/\/admin\/coupons$/);
    });
  });
});

test.describe("/admin/coupons history and access", () => {
  test("a coupon an order names is kept too, even when posted to directly", async ({ page, context, baseURL }) => {
    const admin = await signInAsAdmin(context, baseURL ?? "");
    const coupon = makeCoupon({ percentOff: 10 });
    addPendingOrderWithCoupon(coupon.id);
    await page.goto(`/admin/coupons/${coupon.id}?confirm=delete`);
    await expect(dialog(page, "Keep the history").getByRole("button", { name: "Deactivate" })).toBeVisible();

    const refused = await page.request.post(`/admin/coupons/${coupon.id}`, { form: { intent: "delete" }, maxRedirects: 0 });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain("This coupon has been used at checkout, so deleting it would lose that history.");
    expect(storedCoupon(coupon.code)).toMatchObject({ is_active: 1 });
    expect(auditActionsOf(admin)).toEqual([]);

    // A coupon past its last day says so in the list.
    const expired = makeCoupon({ percentOff: 10, expiresAt: new Date(Date.now() - 60_000) });
    await page.goto("/admin/coupons");
    await expect(row(page, expired.code).getByRole("cell").nth(1)).toHaveText(/\(expired\)$/);
    await expect(row(page, coupon.code).getByRole("cell").nth(1)).toHaveText("No expiry");

    for (const path of ["/admin/coupons/999999", "/admin/coupons/0?confirm=delete"]) {
      expect((await page.goto(path))?.status()).toBe(404);
    }
  });

  test("a content manager gets 403 on every coupon page and post; a visitor goes to /admin/login", async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    const manager = await signInAsAdmin(context, baseURL ?? "", "content_manager");
    const coupon = makeCoupon({ percentOff: 10 });
    await page.goto("/admin/courses");
    await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Coupons" })).toHaveCount(0);

    for (const path of [
      "/admin/coupons",
      "/admin/coupons/new",
      `/admin/coupons/${coupon.id}`,
      `/admin/coupons/${coupon.id}?confirm=delete`,
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
    }

    const code = uniqueCode("SNEAKY").toUpperCase();
    const posts = [
      page.request.post("/admin/coupons/new", { form: { code, percentOff: "90", isActive: "on" }, maxRedirects: 0 }),
      page.request.post(`/admin/coupons/${coupon.id}`, {
        form: { code: coupon.code, percentOff: "90", isActive: "on" },
        maxRedirects: 0,
      }),
      page.request.post(`/admin/coupons/${coupon.id}`, { form: { intent: "delete" }, maxRedirects: 0 }),
      page.request.post(`/admin/coupons/${coupon.id}`, { form: { intent: "deactivate" }, maxRedirects: 0 }),
    ];
    for (const response of await Promise.all(posts)) expect(response.status()).toBe(403);
    expect(storedCoupon(code)).toBeUndefined();
    expect(storedCoupon(coupon.code)).toMatchObject({ percent_off: 10, is_active: 1 });
    expect(auditActionsOf(manager)).toEqual([]);

    const anonymous = await browser.newContext({ baseURL });
    try {
      const visitor = await anonymous.newPage();
      await visitor.goto("/admin/coupons");
      await expect(visitor).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fcoupons$/);
      const post = await visitor.request.post("/admin/coupons/new", { form: { code, percentOff: "90" }, maxRedirects: 0 });
      expect(post.status()).toBe(302);
      expect(post.headers().location).toMatch(/^\/admin\/login/);
      expect(storedCoupon(code)).toBeUndefined();
    } finally {
      await anonymous.close();
    }
  });
});
