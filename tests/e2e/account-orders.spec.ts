import { readFileSync } from "node:fs";
import { readPdf } from "../support/pdf-text";
import { signInAsAdmin } from "./admin-support";
import { enrolWithFullDiscount, makeCoupon, makeCourse, visit } from "./checkout-support";
import { expect, queryTestDatabase, test } from "./fixtures";
import { expectNoA11yViolations, failOnPageErrors, inBothModes } from "./page-checks";

// After enrolling, a student finds the order on /account/orders, downloads its
// receipt, and the enrollment mail (waiting in the Outbox, as no mail server is
// configured here) leads into the course.

inBothModes((mode) => {
  test("a student enrols with a 100% coupon, finds the order and its receipt, and the Outbox holds the mail with the course link", async ({
    page,
    context,
    student,
    baseURL,
  }) => {
    const course = makeCourse({ pricePaise: 749_900 });
    const { code } = makeCoupon({ percentOff: 100 });
    await enrolWithFullDiscount(page, mode, course, code);
    const [order] = queryTestDatabase<{ id: number }>(
      "SELECT id FROM orders WHERE user_id = ? AND course_id = ? AND payment_status = 'completed'",
      student.id,
      course.id,
    );
    const number = `TMA-${String(order?.id).padStart(6, "0")}`;

    const checkErrors = failOnPageErrors(page);
    await visit(page, mode, "/account");
    await page.getByRole("link", { name: "Your orders and receipts" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your Orders" })).toBeVisible();
    // With JavaScript the payment step had already opened a card payment at full price: it stays listed, pending.
    const card = page.getByRole("article", { name: course.title }).filter({ hasText: number });
    await expect(card).toContainText(number);
    await expect(card).toContainText("Free");
    await expect(card).toContainText(code);
    await expect(card).toContainText("Completed");
    await expect(card.getByRole("time")).toContainText(/\d{4}, \d{1,2}:\d{2} [ap]m IST$/);
    await expectNoA11yViolations(page);

    const download = page.waitForEvent("download");
    await card.getByRole("link", { name: `Download receipt for order ${number}` }).click();
    expect((await download).suggestedFilename()).toBe(`receipt-${number}.pdf`);
    const pdf = await readPdf(readFileSync(await (await download).path()));
    for (const text of ["Payment receipt", number, course.title, "₹7,499", "Free", "not a tax invoice"]) expect(pdf.text).toContain(text);
    checkErrors();

    await signInAsAdmin(context, baseURL ?? "");
    await visit(page, mode, `/admin/outbox?${new URLSearchParams({ q: student.email })}`);
    const subject = `You are enrolled in ${course.title} (order ${number})`;
    await page.getByRole("link", { name: subject }).click();
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    const links = page.getByRole("region", { name: "Links in this message" }).getByRole("link");
    await expect(links.filter({ hasText: `${baseURL}/learn/${course.id}` })).toHaveCount(1);
  });
});
