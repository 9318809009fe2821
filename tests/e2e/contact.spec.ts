import { expect, test } from "@playwright/test";
import { CONTACT_FAQ } from "../../app/content/faq";
import { BUSINESS_HOURS, CONTACT, WHATSAPP_MESSAGES } from "../../app/content/site";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes } from "./support";

inBothModes((mode) => {
  test("contact cards: email, three phones, WhatsApp with a greeting, hours", async ({ page }) => {
    const assertNoErrors = failOnPageErrors(page);
    const response = await page.goto("/contact");
    expect(response?.status()).toBe(200);
    if (mode.javaScriptEnabled) await waitForHydration(page);
    await expect(page).toHaveTitle(/^Contact Us \| /);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

    const cards = page.getByRole("region", { name: "Ways to reach us" });
    await expect(cards.getByRole("link", { name: CONTACT.email })).toHaveAttribute("href", `mailto:${CONTACT.email}`);
    expect(CONTACT.phones).toHaveLength(3);
    for (const phone of CONTACT.phones)
      await expect(cards.getByRole("link", { name: phone })).toHaveAttribute("href", `tel:${phone.replace(/\s/g, "")}`);

    const whatsapp = cards.getByRole("link", { name: /Chat on WhatsApp/ });
    await expect(whatsapp).toHaveAttribute("target", "_blank");
    const href = new URL((await whatsapp.getAttribute("href")) ?? "");
    expect(href.origin).toBe("https://wa.me");
    expect(href.pathname).toBe(`/${CONTACT.whatsappNumber}`);
    expect(href.searchParams.get("text")).toBe(WHATSAPP_MESSAGES.general);

    expect(BUSINESS_HOURS).toBe("All time GMT IST USE");
    await expect(cards.getByText(BUSINESS_HOURS)).toBeVisible();
    await expectNoA11yViolations(page);
    assertNoErrors();
  });

  test("the message form: labelled fields, email type, optional phone, Send Message", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("region", { name: "Send Us a Message" });
    const fields = [
      { label: "Name", name: "name", type: "text" },
      { label: "Email", name: "email", type: "email" },
      { label: "Phone (optional)", name: "phone", type: "tel" },
      { label: "Subject", name: "subject", type: "text" },
    ];
    for (const field of fields) {
      const input = form.getByRole("textbox", { name: field.label, exact: true });
      await expect(input).toHaveAttribute("name", field.name);
      await expect(input).toHaveAttribute("type", field.type);
    }
    const message = form.getByRole("textbox", { name: "Message", exact: true });
    await expect(message).toHaveAttribute("name", "message");
    expect(await message.evaluate((element) => element.tagName)).toBe("TEXTAREA");
    for (const required of ["Name", "Email", "Subject", "Message"])
      await expect(form.getByRole("textbox", { name: required, exact: true })).toHaveAttribute("aria-required", "true");
    await expect(form.getByRole("textbox", { name: "Phone (optional)" })).not.toHaveAttribute("aria-required", "true");
    await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await expect(form.locator("form")).toHaveAttribute("method", "post");
  });

  test("the FAQ: 4 questions that open to show their answers", async ({ page }) => {
    await page.goto("/contact");
    if (mode.javaScriptEnabled) await waitForHydration(page);
    const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
    await expect(faq.getByRole("heading", { level: 2 })).toHaveText("Frequently Asked Questions");
    expect(CONTACT_FAQ).toHaveLength(4);
    const items = faq.locator("details");
    await expect(items).toHaveCount(4);
    await expect(faq.locator("summary")).toContainText(CONTACT_FAQ.map((item) => item.question));

    const [first] = CONTACT_FAQ;
    await expect(faq.getByText(first!.answer)).toBeHidden();
    await faq.locator("summary").first().click();
    await expect(faq.getByText(first!.answer)).toBeVisible();
    await expectNoA11yViolations(page);
  });
});
