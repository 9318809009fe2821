import type { Page } from "@playwright/test";
import { makeCourse } from "../support/rows";
import { setInvoicing } from "../support/invoicing";
import { signInAsAdmin, uniqueTitle, visitAdmin } from "./admin-support";
import { createStudent, expect, signInAs, test as base, type Student } from "./fixtures";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, inBothModes, type Mode } from "./page-checks";

// The money side of the admin's page for one student, seen from both sides:
// the admin records a payment made at the institute (giving the billing
// details the tax invoice is made out to) and the student finds
// the order and its tax invoice; the admin refunds it in full and the student
// finds the credit note and the course closed.

const test = base.extend<{ learner: { student: Student; page: Page } }>({
  learner: async ({ browser, context, baseURL, javaScriptEnabled }, use) => {
    await signInAsAdmin(context, baseURL ?? "");
    const student = await createStudent({ firstName: "Anil", lastName: "Kumar" });
    const own = await browser.newContext({ baseURL, javaScriptEnabled });
    await signInAs(own, student, baseURL ?? "");
    await use({ student, page: await own.newPage() });
    await own.close();
  },
});

test.beforeAll(() => setInvoicing());
test.afterAll(() => setInvoicing(null));

const section = (page: Page, name: string | RegExp) => page.getByRole("region", { name });

async function settled(page: Page, mode: Mode) {
  if (mode.javaScriptEnabled) await waitForHydration(page);
}

inBothModes((mode) => {
  test("an offline payment enrols the student with an invoice; a full refund lists the credit note and closes the course", async ({
    page,
    learner,
  }) => {
    test.slow();
    const course = makeCourse({ pricePaise: 599_900, title: uniqueTitle("Paid at the desk") });
    expect((await visitAdmin(page, mode, `/admin/users/${learner.student.id}`))?.status()).toBe(200);
    await settled(page, mode);

    const form = section(page, "Record an offline payment");
    await form.getByLabel("Course").selectOption({ label: `${course.title} (₹5,999)` });
    await form.getByLabel("Paid by").selectOption({ label: "UPI to the institute's VPA" });
    await form.getByLabel(/^Reference/).fill(`UTR${Date.now()}`);
    await form.getByRole("textbox", { name: /Reason/ }).fill("Paid by UPI at the centre");
    // The student has no billing details on record: the tax invoice needs its buyer's.
    await expect(form).toContainText("This student has no billing details on record.");
    await form.getByLabel("Name on the invoice").fill("Anil Kumar");
    await form.getByLabel("Address").fill("12 MG Road");
    await form.getByLabel("City").fill("Bengaluru");
    await form.getByLabel("State").selectOption({ label: "Karnataka" });
    await form.getByLabel("PIN code").fill("560001");
    await form.getByRole("button", { name: "Record payment" }).click();

    const orders = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Coupon" }) });
    const order = orders.getByRole("row").filter({ has: page.getByRole("rowheader", { name: course.title }) });
    await expect(order).toContainText("Completed");
    await expect(order).toContainText("Offline");
    await settled(page, mode);

    await learner.page.goto("/account/orders");
    const ownOrder = learner.page.getByRole("article").filter({ hasText: course.title });
    await expect(ownOrder.getByRole("link", { name: /Download invoice/ })).toBeVisible();
    await learner.page.goto(`/learn/${course.id}`);
    await expect(learner.page).toHaveURL(new RegExp(`/learn/${course.id}$`));

    await order.getByRole("link", { name: `Refund ${course.title}` }).click();
    const step = section(page, `Refund "${course.title}" to Anil Kumar?`);
    await expect(step).toBeVisible();
    await settled(page, mode);
    await expectNoA11yViolations(page);
    await step.getByLabel("Returned by").selectOption({ label: "Cash" });
    await step.getByRole("textbox", { name: /Reason/ }).fill("Could not attend the batch");
    await step.getByRole("button", { name: "Refund" }).click();
    await expect(order).toContainText("Refunded");
    await expect(order).toContainText("(credit note)");

    await learner.page.goto("/account/orders");
    await expect(ownOrder.getByRole("link", { name: /Download credit note/ })).toBeVisible();
    await learner.page.goto(`/learn/${course.id}`);
    await expect(learner.page).toHaveURL(new RegExp(`/courses/${course.id}$`));
  });
});
