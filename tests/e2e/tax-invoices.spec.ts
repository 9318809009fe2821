import { readFileSync } from "node:fs";
import { readPdf } from "../support/pdf-text";
import { setInvoicing } from "../support/invoicing";
import { blockStripeJs, makeCourse, payButton, toasts, visit } from "./checkout-support";
import { expect, queryTestDatabase, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, inBothModes, tickConsent } from "./page-checks";

// A GST-registered institute (decision 0031): the student gives billing
// details at checkout, pays on (fake) Stripe's page, and downloads the tax
// invoice of the order from /account/orders. The settings are this worker's
// database's, so they are turned back off for the other specs after these.

test.beforeAll(() => setInvoicing());
test.afterAll(() => setInvoicing(null));

inBothModes((mode) => {
  test("checkout asks for billing details, and the paid order's tax invoice downloads from the orders page", async ({ page, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    await blockStripeJs(page);
    await visit(page, mode, `/checkout?courseId=${course.id}`);

    const dialog = page.getByRole("dialog", { name: "Enrollment Information" });
    await expect(dialog.getByRole("group", { name: "Billing details" })).toBeVisible();
    await dialog.getByRole("textbox", { name: "WhatsApp number", exact: true }).fill("+91 98765 43210");
    await dialog.getByRole("textbox", { name: "State", exact: true }).fill("Karnataka");
    await dialog.getByRole("textbox", { name: "City", exact: true }).first().fill("Bengaluru");
    await dialog.getByRole("combobox", { name: "Experience level" }).selectOption("Beginner");
    await dialog.getByRole("combobox", { name: "How did you hear about us?" }).selectOption("YouTube");
    const billing = dialog.getByRole("group", { name: "Billing details" });
    await billing.getByRole("textbox", { name: "Name on the invoice" }).fill("Asha Rao");
    await billing.getByRole("textbox", { name: "Address" }).fill("12 MG Road");
    await billing.getByRole("textbox", { name: "City" }).fill("Bengaluru");
    await billing.getByRole("combobox", { name: "State" }).selectOption({ label: "Karnataka" });
    await billing.getByRole("textbox", { name: "PIN code" }).fill("560001");
    // A GSTIN of another state than the one chosen is refused on its field.
    await billing.getByRole("textbox", { name: /GSTIN/ }).fill("27AAACR1234A1Z5");
    await tickConsent(dialog);
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(billing.getByText("The GSTIN's first two digits must be your state's code")).toBeVisible();
    await expectNoA11yViolations(page);
    await billing.getByRole("textbox", { name: /GSTIN/ }).fill("29AAACR1234A1Z5");
    await tickConsent(dialog);
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    await expect(page.getByRole("heading", { name: "Payment", exact: true })).toBeVisible();
    if (mode.javaScriptEnabled) await waitForHydration(page);

    await page.getByRole("checkbox", { name: /I agree to the terms/ }).check();
    await payButton(page).click();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(toasts(page).getByRole("status")).toContainText("Enrollment Successful!");

    const [invoice] = queryTestDatabase<{ number: string; order_id: number }>(
      "SELECT d.number, d.order_id FROM tax_documents d JOIN orders e ON e.id = d.order_id WHERE e.user_id = ? AND d.kind = 'invoice'",
      student.id,
    );
    expect(invoice?.number).toMatch(/^TMA\/\d{2}-\d{2}\/\d{6}$/);

    await visit(page, mode, "/account/orders");
    const card = page.getByRole("article", { name: course.title }).filter({ hasText: "Completed" });
    const download = page.waitForEvent("download");
    await card.getByRole("link", { name: `Download invoice ${invoice!.number}` }).click();
    expect((await download).suggestedFilename()).toBe(`tax-invoice-${invoice!.number.replaceAll("/", "-")}.pdf`);
    const pdf = await readPdf(readFileSync(await (await download).path()));
    for (const text of [
      `Tax Invoice No. ${invoice!.number}`,
      "GSTIN: 27AAAPL1234C1Z5",
      "GSTIN: 29AAACR1234A1Z5",
      "Asha Rao",
      "Place of supply: Karnataka (code 29)",
      "IGST @ 18%",
      "₹4,236.44",
      "₹762.56",
      "₹4,999.00",
    ])
      expect(pdf.text).toContain(text);
  });
});
