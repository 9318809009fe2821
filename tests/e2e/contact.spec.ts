import { randomInt, randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { CONTACT_FAQ } from "../../app/content/faq";
import { PUBLIC_FORM_LIMITS } from "../../app/services/throttle/public-form-limits";
import { whatsappMessage } from "../../app/content/site";
import { DEFAULT_INSTITUTE, institutePhones } from "../../app/utils/institute";
import { openTestDatabase } from "./fixtures";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes, type Mode, tickConsent } from "./page-checks";

type StoredMessage = { name: string; email: string; phone: string | null; subject: string; message: string; is_read: number };

/** The contact messages stored with this subject (each test uses its own). */
function storedMessages(subject: string): StoredMessage[] {
  const database = openTestDatabase();
  try {
    return database
      .prepare("SELECT name, email, phone, subject, message, is_read FROM contact_messages WHERE subject = ?")
      .all(subject) as StoredMessage[];
  } finally {
    database.close();
  }
}

const uniqueSubject = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

async function openContactForm(page: Page, mode: Mode) {
  const response = await page.goto("/contact");
  expect(response?.status()).toBe(200);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  const region = page.getByRole("region", { name: "Send Us a Message" });
  const field = (label: string) => region.getByRole("textbox", { name: label, exact: true });
  return {
    region,
    name: field("Name"),
    email: field("Email"),
    phone: field("Phone (optional)"),
    subject: field("Subject"),
    message: field("Message"),
    send: region.getByRole("button", { name: /Send Message|Sending\.\.\./ }),
  };
}

type ContactForm = Awaited<ReturnType<typeof openContactForm>>;

async function fillContactForm(
  form: ContactForm,
  values: { name: string; email: string; phone: string; subject: string; message: string },
) {
  await form.name.fill(values.name);
  await form.email.fill(values.email);
  await form.phone.fill(values.phone);
  await form.subject.fill(values.subject);
  await form.message.fill(values.message);
  await tickConsent(form.region);
}

/** A refused message leaves every field as it was typed. */
async function expectFormKeeps(form: ContactForm, values: Parameters<typeof fillContactForm>[1]) {
  for (const name of ["name", "email", "phone", "subject", "message"] as const) await expect(form[name]).toHaveValue(values[name]);
}

const sentToast = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status");

inBothModes((mode) => {
  test("contact cards: email, three phones, WhatsApp with a greeting, hours", async ({ page }) => {
    const assertNoErrors = failOnPageErrors(page);
    const response = await page.goto("/contact");
    expect(response?.status()).toBe(200);
    if (mode.javaScriptEnabled) await waitForHydration(page);
    await expect(page).toHaveTitle(/^Contact Us \| /);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

    const cards = page.getByRole("region", { name: "Ways to reach us" });
    await expect(cards.getByRole("link", { name: DEFAULT_INSTITUTE.email })).toHaveAttribute("href", `mailto:${DEFAULT_INSTITUTE.email}`);
    expect(institutePhones(DEFAULT_INSTITUTE)).toHaveLength(3);
    for (const phone of institutePhones(DEFAULT_INSTITUTE))
      await expect(cards.getByRole("link", { name: phone })).toHaveAttribute("href", `tel:${phone.replace(/\s/g, "")}`);

    const whatsapp = cards.getByRole("link", { name: /Chat on WhatsApp/ });
    await expect(whatsapp).toHaveAttribute("target", "_blank");
    const href = new URL((await whatsapp.getAttribute("href")) ?? "");
    expect(href.origin).toBe("https://wa.me");
    expect(href.pathname).toBe(`/${DEFAULT_INSTITUTE.whatsappNumber}`);
    expect(href.searchParams.get("text")).toBe(whatsappMessage(DEFAULT_INSTITUTE.name, "general"));

    await expect(cards.getByText(DEFAULT_INSTITUTE.hours)).toBeVisible();
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

  test("required fields left empty: the spec's notice and inline messages, and nothing is sent", async ({ page }) => {
    const assertNoErrors = failOnPageErrors(page);
    const form = await openContactForm(page, mode);
    const name = `Asha ${randomUUID().slice(0, 8)}`;
    await form.name.fill(name);
    await form.send.click();

    const notice = form.region.getByRole("alert");
    await expect(notice).toContainText("Please fill in all required fields");
    await expect(notice).toContainText("Name, email, subject, and message are required.");
    await expect(form.region.getByText("Subject is required", { exact: true })).toBeVisible();
    await expect(form.region.getByText("Message is required", { exact: true })).toBeVisible();
    await expect(form.region.getByText("Email is required", { exact: true })).toBeVisible();
    await expect(form.subject).toHaveAttribute("aria-invalid", "true");
    await expect(form.phone).not.toHaveAttribute("aria-invalid", "true");
    await expect(form.name).toHaveValue(name);
    await expect(sentToast(page)).toHaveCount(0);
    // Without JavaScript the browser logs the 400 answer itself; with it, the browser never posted.
    if (mode.javaScriptEnabled) assertNoErrors();

    const database = openTestDatabase();
    try {
      expect(database.prepare("SELECT count(*) AS n FROM contact_messages WHERE name = ?").get(name)).toEqual({ n: 0 });
    } finally {
      database.close();
    }
    await expectNoA11yViolations(page);
  });

  test("a complete message: 'Message Sent!', an empty form, and an unread message stored", async ({ page }) => {
    const assertNoErrors = failOnPageErrors(page);
    const form = await openContactForm(page, mode);
    const values = {
      name: "Priya Sharma",
      email: "priya.sharma@example.com",
      phone: "+91 98765 43210",
      subject: uniqueSubject("Course question"),
      message: "Is the currency course suitable for a complete beginner?\nThank you.",
    };
    await fillContactForm(form, values);

    if (mode.javaScriptEnabled) {
      // Hold the submission back for a moment, to see the form while it is pending.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/contact.data*", async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      });
      await form.send.click();
      await expect(form.send).toHaveText("Sending...");
      await expect(form.send).toBeDisabled();
      release();
    } else {
      await form.send.click();
    }

    const toast = sentToast(page);
    await expect(toast).toContainText("Message Sent!");
    await expect(toast).toContainText("Thank you for your message. We'll get back to you within 24 hours.");
    await expect(page).toHaveURL(/\/contact$/);
    for (const field of [form.name, form.email, form.phone, form.subject, form.message]) await expect(field).toHaveValue("");
    await expect(form.send).toHaveText("Send Message");
    await expect(form.region.getByRole("alert")).toHaveCount(0);

    expect(storedMessages(values.subject)).toEqual([
      { name: values.name, email: values.email, phone: values.phone, subject: values.subject, message: values.message, is_read: 0 },
    ]);
    assertNoErrors();
  });

  test("a message with a mistake keeps what was typed; corrected, it is sent", async ({ page }) => {
    const form = await openContactForm(page, mode);
    const values = {
      name: "Rahul Verma",
      email: "rahul@",
      phone: "",
      subject: uniqueSubject("Mentoring"),
      message: "Do you offer one-on-one mentoring on weekends?",
    };
    await fillContactForm(form, values);
    await form.send.click();

    await expect(form.region.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
    await expect(form.email).toHaveAttribute("aria-invalid", "true");
    // Not a missing field, so not the "required fields" notice.
    await expect(form.region.getByText("Please fill in all required fields")).toHaveCount(0);
    await expect(form.name).toHaveValue(values.name);
    await expect(form.email).toHaveValue(values.email);
    await expect(form.subject).toHaveValue(values.subject);
    await expect(form.message).toHaveValue(values.message);
    await expect(sentToast(page)).toHaveCount(0);
    expect(storedMessages(values.subject)).toEqual([]);

    await form.email.fill("rahul.verma@example.com");
    await form.send.click();
    await expect(sentToast(page)).toContainText("Message Sent!");
    for (const field of [form.name, form.email, form.subject, form.message]) await expect(field).toHaveValue("");
    expect(storedMessages(values.subject)).toEqual([{ ...values, email: "rahul.verma@example.com", phone: null, is_read: 0 }]);
  });

  test("when storing fails: 'Failed to Send Message', and the form keeps what was typed", async ({ page }) => {
    const subject = uniqueSubject("Cannot be stored");
    // Make the database refuse this one message, as a full disk or a lock would.
    const database = openTestDatabase();
    try {
      database.exec(
        `CREATE TRIGGER IF NOT EXISTS e2e_refuse_contact BEFORE INSERT ON contact_messages
         WHEN NEW.subject LIKE 'Cannot be stored %' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
      );
    } finally {
      database.close();
    }
    const form = await openContactForm(page, mode);
    const values = { name: "Meera Iyer", email: "meera@example.com", phone: "9876543210", subject, message: "Please call me back." };
    await fillContactForm(form, values);
    await form.send.click();

    const notice = form.region.getByRole("alert");
    await expect(notice).toContainText("Failed to Send Message");
    await expect(notice).toContainText("There was an error sending your message. Please try again.");
    await expectFormKeeps(form, values);
    await expect(sentToast(page)).toHaveCount(0);
    expect(storedMessages(subject)).toEqual([]);
  });

  test.describe("from an address that has sent its share this hour", () => {
    // An address of this run's own: the worker's server believes X-Forwarded-For from loopback (TRUST_PROXY).
    test.use({ extraHTTPHeaders: { "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` } });

    test("the message is refused with how long to wait, nothing is stored, and what was typed stays", async ({ page }) => {
      // Spend the address's allowance the way a script would (decision 0013), then write as a person would.
      let spent = 0;
      for (let attempt = 0; attempt <= PUBLIC_FORM_LIMITS.postsPerClientPerHour && spent !== 429; attempt++) {
        const data = { name: "Script", email: `s${attempt}@example.com`, subject: uniqueSubject("Spam"), message: "x", consent: true };
        spent = (await page.request.post("/api/contact", { data })).status();
      }
      expect(spent).toBe(429);

      const form = await openContactForm(page, mode);
      const values = { name: "Kavya Nair", email: "kavya@example.com", phone: "", subject: uniqueSubject("Shared"), message: "Hi." };
      await fillContactForm(form, values);
      await form.send.click();

      const notice = form.region.getByRole("alert");
      await expect(notice).toContainText("Message Not Sent");
      await expect(notice).toContainText(/Too many messages from your network\. Please wait (59|60) minutes and try again\./);
      await expectFormKeeps(form, values);
      await expect(sentToast(page)).toHaveCount(0);
      expect(storedMessages(values.subject)).toEqual([]);
    });
  });

  test("a bot that fills the hidden honeypot field is thanked, and nothing is stored", async ({ page }) => {
    const form = await openContactForm(page, mode);
    const subject = uniqueSubject("Cheap followers");
    await fillContactForm(form, { name: "Bot", email: "bot@example.com", phone: "", subject, message: "Buy now" });
    const honeypot = page.locator('form input[name="name__confirm"]');
    await expect(honeypot).toBeHidden();
    // What a bot does: fill in every field it finds.
    await honeypot.evaluate((input: HTMLInputElement) => (input.value = "http://spam.example"));
    await form.send.click();

    await expect(sentToast(page)).toContainText("Message Sent!");
    expect(storedMessages(subject)).toEqual([]);
  });
});
