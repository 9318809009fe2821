import { expect, test, type Locator, type Page, type Route } from "@playwright/test";
import { CHAT_ERROR } from "../../app/components/chat/chat-replies";
import { chatGreeting, CHAT_INPUT_PLACEHOLDER, CHAT_OFFERINGS, CHAT_QUICK_QUESTIONS } from "../../app/content/chat";
import { CHAT_FAQ } from "../../app/content/faq";
import { whatsappMessage } from "../../app/content/site";
import { DEFAULT_INSTITUTE } from "../../app/utils/institute";
import { CHAT_QUESTION_MAX } from "../../app/content/chat";
import { ChatQuestionSchema } from "../../app/schemas/chat";
import { formatPrice } from "../../app/utils/money";
import { openTestDatabase } from "./fixtures";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes, type Mode } from "./page-checks";

const CHAT_GREETING = chatGreeting(DEFAULT_INSTITUTE.name);

const PRICE_QUESTION = "What does the SMC course cost?";

/** The SMC course, with its price as the site shows it, read from the running server's database. */
function smcCourse(): { id: number; price: string } {
  const database = openTestDatabase();
  try {
    const row = database
      .prepare("SELECT id, price_paise FROM courses WHERE title LIKE '%SMC%' AND is_active = 1 ORDER BY id LIMIT 1")
      .get() as { id: number; price_paise: number } | undefined;
    if (!row) throw new Error("The seed has no active SMC course.");
    return { id: row.id, price: formatPrice(row.price_paise) };
  } finally {
    database.close();
  }
}

/** The schema's own message for a blank question, so the test follows the rule, not a copy. */
function blankQuestionMessage(): string {
  const parsed = ChatQuestionSchema.safeParse({ question: "   " });
  if (parsed.success) throw new Error("A blank question should be refused.");
  return parsed.error.issues[0]!.message;
}

async function expectWhatsappLink(link: Locator) {
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  const href = new URL((await link.getAttribute("href")) ?? "");
  expect(href.origin).toBe("https://wa.me");
  expect(href.pathname).toBe(`/${DEFAULT_INSTITUTE.whatsappNumber}`);
  expect(href.searchParams.get("text")).toBe(whatsappMessage(DEFAULT_INSTITUTE.name, "general"));
}

/** The browser itself logs an error for every 4xx/5xx answer; those are expected where a test asks for one. */
function failOnPageErrorsExceptHttpStatus(page: Page) {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      problems.push(`console.error: ${message.text()}`);
  });
  return () => expect(problems, "errors in the browser").toEqual([]);
}

/** The assistant's messages in the log (not the pending "Thinking…" one). */
const aiMessagesIn = (log: Locator) => log.locator("p").filter({ hasText: "Assistant:" }).filter({ hasNotText: "Thinking…" });
const userMessagesIn = (log: Locator) => log.locator("p").filter({ hasText: "You:" });

const notifications = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

// ---------------------------------------------------------------------------
// The /chat page: the same chat through plain form posts.
// ---------------------------------------------------------------------------

async function openChatPage(page: Page, mode: Mode) {
  const response = await page.goto("/chat");
  expect(response?.status()).toBe(200);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  const ask = page.getByRole("region", { name: "Ask AI Assistant" });
  return {
    ask,
    question: ask.getByRole("textbox", { name: "Your question" }),
    send: ask.getByRole("button", { name: "Send", exact: true }),
  };
}

inBothModes((mode) => {
  test("the chat page: greeting, offerings, WhatsApp, availability and the FAQ as details", async ({ page }) => {
    const assertNoErrors = failOnPageErrors(page);
    await openChatPage(page, mode);
    await expect(page).toHaveTitle(/^Chat with us \| /);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chat with us");
    await expect(page.getByText(CHAT_GREETING)).toBeVisible();
    for (const offering of CHAT_OFFERINGS) await expect(page.getByRole("listitem").filter({ hasText: offering })).toBeVisible();
    await expectWhatsappLink(page.getByRole("link", { name: /^Start Chat/ }));
    await expect(page.getByRole("main").getByText(DEFAULT_INSTITUTE.hours, { exact: true })).toBeVisible();
    // The page is where the chat button leads, so the button itself is not on it.
    await expect(page.getByRole("link", { name: "Chat with us", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Chat with us", exact: true })).toHaveCount(0);

    const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
    expect(CHAT_FAQ).toHaveLength(5);
    await expect(faq.locator("details")).toHaveCount(5);
    await expect(faq.locator("summary")).toContainText(CHAT_FAQ.map((item) => item.question));
    const [first, second] = CHAT_FAQ;
    await expect(faq.getByText(first!.answer)).toBeHidden();
    await faq.locator("summary").nth(0).click();
    await expect(faq.getByText(first!.answer)).toBeVisible();
    await faq.locator("summary").nth(1).click();
    await expect(faq.getByText(second!.answer)).toBeVisible();
    await expectWhatsappLink(faq.getByRole("link", { name: /^Chat on WhatsApp/ }));
    await expectNoA11yViolations(page);
    assertNoErrors();
  });

  test("asking the SMC course's price answers with the price in the database, and a suggestion asks again", async ({ page }) => {
    const assertNoErrors = failOnPageErrors(page);
    const { id, price } = smcCourse();
    const chat = await openChatPage(page, mode);
    await expect(chat.question).toHaveAttribute("placeholder", CHAT_INPUT_PLACEHOLDER);
    await chat.question.fill(`  ${PRICE_QUESTION}  `);
    await chat.send.click();

    await expect(chat.ask.getByText("You asked")).toBeVisible();
    await expect(chat.ask.getByText(PRICE_QUESTION, { exact: true })).toBeVisible();
    const answer = chat.ask.locator("h3", { hasText: "Answer" }).locator("xpath=following-sibling::p[1]");
    await expect(answer).toContainText(price);
    // The course page the answer names is a link.
    await expect(answer.getByRole("link", { name: `/courses/${id}` })).toHaveAttribute("href", `/courses/${id}`);
    await expect(chat.question).toHaveValue("");

    // Each suggestion is a form that posts its question.
    const suggestions = chat.ask.getByRole("list", { name: "You might also ask" }).getByRole("button");
    await expect(suggestions.first()).toBeVisible();
    const follow = (await suggestions.first().textContent())?.trim() ?? "";
    expect(follow).not.toBe("");
    await suggestions.first().click();
    await expect(chat.ask.getByText(follow, { exact: true }).first()).toBeVisible();
    await expect(chat.ask.locator("h3", { hasText: "You asked" }).locator("xpath=following-sibling::p[1]")).toHaveText(follow);
    await expect(answer).not.toHaveText("");
    await expectNoA11yViolations(page);
    assertNoErrors();
  });

  test("a blank question gets the inline message and no answer", async ({ page }) => {
    const assertNoErrors = failOnPageErrorsExceptHttpStatus(page);
    const chat = await openChatPage(page, mode);
    await chat.question.fill("   ");
    await chat.send.click();
    await expect(chat.ask.getByText(blankQuestionMessage(), { exact: true })).toBeVisible();
    await expect(chat.question).toHaveAttribute("aria-invalid", "true");
    await expect(chat.ask.getByText("You asked")).toHaveCount(0);
    assertNoErrors();
  });

  test("the chat widget is not on admin pages", async ({ page }) => {
    await page.goto("/admin/login");
    if (mode.javaScriptEnabled) await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole(mode.javaScriptEnabled ? "button" : "link", { name: "Chat with us", exact: true })).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the chat button is a link to the chat page", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("link", { name: "Chat with us", exact: true });
    await expect(toggle).toHaveAttribute("href", "/chat");
    await expect(toggle).not.toHaveAttribute("aria-expanded", /.*/);
    await expectNoA11yViolations(page);
    await toggle.click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chat with us");
  });
});

// ---------------------------------------------------------------------------
// The floating widget, with JavaScript.
// ---------------------------------------------------------------------------

const toggleOf = (page: Page) => page.getByRole("button", { name: "Chat with us", exact: true });
const panelOf = (page: Page) => page.getByRole("dialog", { name: "Chat with us" });

async function openWidget(page: Page, path = "/") {
  await page.goto(path);
  await waitForHydration(page);
  const toggle = toggleOf(page);
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const panel = panelOf(page);
  await expect(panel.getByRole("heading", { level: 2 })).toBeVisible();
  return { toggle, panel };
}

async function openAiChat(page: Page) {
  const { toggle, panel } = await openWidget(page);
  await panel.getByRole("button", { name: "Ask AI Assistant" }).click();
  await expect(panel.getByRole("heading", { name: "AI Assistant" })).toBeVisible();
  return {
    toggle,
    panel,
    log: panel.getByRole("log", { name: "Chat messages" }),
    input: panel.getByRole("textbox", { name: "Your question" }),
    send: panel.getByRole("button", { name: "Send", exact: true }),
  };
}

test.describe("the chat widget", () => {
  test("its code is fetched on first use only, not with the page", async ({ page }) => {
    const assertNoErrors = failOnPageErrors(page);
    const panelChunk = /\/assets\/chat-panel-[\w-]+\.js$/;
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    const response = await page.goto("/");
    // The server's HTML names every module the page loads up front.
    const html = (await response?.text()) ?? "";
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1] ?? "");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(preloads.length).toBeGreaterThan(0);
    expect(preloads.filter((href) => panelChunk.test(href))).toEqual([]);
    expect(scripts.filter((url) => panelChunk.test(url))).toEqual([]);

    const toggle = toggleOf(page);
    await expect(toggle).toHaveAttribute("href", "/chat");
    const chunkRequest = page.waitForRequest(panelChunk);
    await toggle.click();
    await chunkRequest;
    await expect(panelOf(page).getByText(CHAT_GREETING)).toBeVisible();
    // The click opened the panel instead of following the link.
    await expect(page).toHaveURL(/\/$/);
    assertNoErrors();
  });

  test("welcome view: greeting, offerings, the three actions and the hours", async ({ page }) => {
    const assertNoErrors = failOnPageErrors(page);
    const { toggle, panel } = await openWidget(page);
    await expect(toggle).toHaveAttribute("aria-controls", (await panel.getAttribute("id")) ?? "");
    await expect(panel.getByText(CHAT_GREETING)).toBeVisible();
    for (const offering of CHAT_OFFERINGS) await expect(panel.getByRole("listitem").filter({ hasText: offering })).toBeVisible();
    await expect(panel.getByRole("button", { name: "Ask AI Assistant" })).toBeVisible();
    await expect(panel.getByRole("button", { name: "View FAQ" })).toBeVisible();
    await expectWhatsappLink(panel.getByRole("link", { name: /^Start Chat/ }));
    await expect(panel.getByText(DEFAULT_INSTITUTE.hours, { exact: true })).toBeVisible();
    await expect(panel.getByRole("button", { name: "Back" })).toHaveCount(0);
    await expectNoA11yViolations(page);
    assertNoErrors();
  });

  test("FAQ view: five questions, one answer open at a time, the open one closes, back to welcome", async ({ page }) => {
    const assertNoErrors = failOnPageErrors(page);
    const { panel } = await openWidget(page);
    await panel.getByRole("button", { name: "View FAQ" }).click();
    await expect(panel.getByRole("heading", { name: "Frequently Asked Questions" })).toBeVisible();

    const questions = panel.locator("button[aria-expanded]");
    await expect(questions).toHaveCount(CHAT_FAQ.length);
    await expect(questions).toContainText(CHAT_FAQ.map((item) => item.question));
    const question = (index: number) => panel.getByRole("button", { name: CHAT_FAQ[index]!.question });
    const answer = (index: number) => panel.getByText(CHAT_FAQ[index]!.answer);
    for (let index = 0; index < CHAT_FAQ.length; index++) {
      await expect(question(index)).toHaveAttribute("aria-expanded", "false");
      await expect(answer(index)).toBeHidden();
    }

    await question(0).click();
    await expect(question(0)).toHaveAttribute("aria-expanded", "true");
    await expect(answer(0)).toBeVisible();
    const controlled = await question(0).getAttribute("aria-controls");
    await expect(panel.locator(`[id="${controlled}"]`)).toHaveText(CHAT_FAQ[0]!.answer);
    await expectNoA11yViolations(page);

    await question(2).click();
    await expect(question(2)).toHaveAttribute("aria-expanded", "true");
    await expect(answer(2)).toBeVisible();
    await expect(question(0)).toHaveAttribute("aria-expanded", "false");
    await expect(answer(0)).toBeHidden();

    await question(2).click();
    await expect(question(2)).toHaveAttribute("aria-expanded", "false");
    await expect(answer(2)).toBeHidden();
    await expect(panel.locator('button[aria-expanded="true"]')).toHaveCount(0);

    await expectWhatsappLink(panel.getByRole("link", { name: /^Chat on WhatsApp/ }));
    await panel.getByRole("button", { name: "Back" }).click();
    await expect(panel.getByText(CHAT_GREETING)).toBeVisible();
    await expect(panel.getByRole("button", { name: "View FAQ" })).toBeVisible();
    assertNoErrors();
  });

  test("AI chat: send is disabled when blank and while an answer is pending; the trimmed question gets the price from the database", async ({
    page,
  }) => {
    const assertNoErrors = failOnPageErrors(page);
    const { price } = smcCourse();
    const chat = await openAiChat(page);
    await expect(chat.input).toHaveAttribute("placeholder", CHAT_INPUT_PLACEHOLDER);
    await expect(chat.input).toBeFocused();
    await expect(chat.send).toBeDisabled();
    await chat.input.fill("    ");
    await expect(chat.send).toBeDisabled();
    await chat.input.press("Enter");
    await expect(userMessagesIn(chat.log)).toHaveCount(0);

    // Hold the answer until the pending state has been checked.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const posted: string[] = [];
    await page.route("**/api/chat/query", async (route: Route) => {
      posted.push(route.request().postData() ?? "");
      await held;
      await route.continue();
    });

    await chat.input.fill(`   ${PRICE_QUESTION}   `);
    await expect(chat.send).toBeEnabled();
    await chat.send.click();
    await expect(userMessagesIn(chat.log)).toHaveText([`You: ${PRICE_QUESTION}`]);
    await expect(chat.log.getByText("Thinking…")).toBeVisible();
    await expect(chat.input).toBeDisabled();
    await expect(chat.send).toBeDisabled();
    await expect(chat.input).toHaveValue("");
    await expect.poll(() => posted.length).toBe(1);
    expect(JSON.parse(posted[0]!)).toEqual({ question: PRICE_QUESTION });

    release();
    await expect(chat.log.getByText("Thinking…")).toHaveCount(0);
    const aiMessages = aiMessagesIn(chat.log);
    await expect(aiMessages).toHaveCount(1);
    await expect(aiMessages.first()).toContainText(price);
    await expect(chat.input).toBeEnabled();
    await expect(chat.input).toBeFocused();
    await expectNoA11yViolations(page);
    assertNoErrors();
  });

  test("AI chat: a quick question is asked with one tap, and an answer's suggestion asks its question", async ({ page, request }) => {
    const assertNoErrors = failOnPageErrors(page);
    const served = await (await request.get("/api/chat/suggestions")).json();
    const expected: string[] = served?.success && served.suggestions?.length ? served.suggestions : CHAT_QUICK_QUESTIONS;
    const chat = await openAiChat(page);
    const quick = chat.panel.getByRole("list", { name: "Quick questions" }).getByRole("button");
    await expect(quick).toHaveText(expected);

    await quick.first().click();
    await expect(userMessagesIn(chat.log)).toHaveText(`You: ${expected[0]}`);
    await expect(aiMessagesIn(chat.log)).toHaveCount(1);
    await expect(chat.panel.getByRole("list", { name: "Quick questions" })).toHaveCount(0);

    const suggestions = chat.log.getByRole("list", { name: "Suggestions" }).getByRole("button");
    await expect(suggestions.first()).toBeEnabled();
    const follow = (await suggestions.first().textContent())?.trim() ?? "";
    await suggestions.first().click();
    await expect(userMessagesIn(chat.log).nth(1)).toHaveText(`You: ${follow}`);
    await expect(aiMessagesIn(chat.log)).toHaveCount(2);
    assertNoErrors();
  });

  test("AI chat: a server error appends the apology with its three suggestions and the Connection Error toast", async ({ page }) => {
    const assertNoErrors = failOnPageErrorsExceptHttpStatus(page);
    const chat = await openAiChat(page);
    await page.route("**/api/chat/query", (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" }),
    );
    await chat.input.fill(PRICE_QUESTION);
    await chat.send.click();

    const apology = aiMessagesIn(chat.log);
    await expect(apology).toHaveText(`Assistant: ${CHAT_ERROR.answer}`);
    expect(CHAT_ERROR.answer).toBe(
      "I'm sorry, I'm experiencing technical difficulties. Please contact our team directly via WhatsApp for immediate assistance.",
    );
    const suggestions = chat.log.getByRole("list", { name: "Suggestions" }).getByRole("listitem");
    await expect(suggestions).toHaveText([/^Contact us via WhatsApp/, "View our FAQ section", "Browse our courses"]);

    const toast = notifications(page).getByRole("alert");
    await expect(toast).toContainText("Connection Error");
    await expect(toast).toContainText("Unable to process your query. Please try again.");
    await expectNoA11yViolations(page);

    await expectWhatsappLink(chat.log.getByRole("link", { name: /^Contact us via WhatsApp/ }));
    await expect(chat.log.getByRole("link", { name: "Browse our courses" })).toHaveAttribute("href", "/courses");
    await chat.log.getByRole("button", { name: "View our FAQ section" }).click();
    await expect(chat.panel.getByRole("heading", { name: "Frequently Asked Questions" })).toBeVisible();
    assertNoErrors();
  });

  test("AI chat: success false is the same error; a 429 keeps the server's words", async ({ page }) => {
    const assertNoErrors = failOnPageErrorsExceptHttpStatus(page);
    const chat = await openAiChat(page);
    const tooMany = "Too many questions from this address. Please wait a minute and try again.";
    let call = 0;
    await page.route("**/api/chat/query", (route) =>
      ++call === 1
        ? route.fulfill({ status: 200, json: { success: false, message: "Failed to get AI response" } })
        : route.fulfill({ status: 429, headers: { "Retry-After": "60" }, json: { success: false, message: tooMany } }),
    );
    const aiMessages = aiMessagesIn(chat.log);
    await chat.input.fill("Refund?");
    await chat.send.click();
    await expect(aiMessages).toHaveText([`Assistant: ${CHAT_ERROR.answer}`]);
    await expect(notifications(page).getByRole("alert")).toContainText("Connection Error");

    await notifications(page).getByRole("button", { name: "Close notification" }).click();
    await expect(notifications(page).getByRole("alert")).toHaveCount(0);
    await chat.input.fill("Refund again?");
    await chat.send.click();
    await expect(aiMessages).toHaveText([`Assistant: ${CHAT_ERROR.answer}`, `Assistant: ${tooMany}`]);
    await expect(chat.log.getByRole("list", { name: "Suggestions" }).nth(1).getByRole("listitem")).toHaveText([
      /^Contact us via WhatsApp/,
      "View our FAQ section",
      "Browse our courses",
    ]);
    await expect(notifications(page).getByRole("alert")).toContainText("Unable to process your query. Please try again.");
    assertNoErrors();
  });

  test("AI chat: the input stops at the longest question the server takes", async ({ page }) => {
    const chat = await openAiChat(page);
    await chat.input.fill(`Tell me about ${"SMC and ICT ".repeat(Math.ceil(CHAT_QUESTION_MAX / 12))}please`);
    const kept = await chat.input.inputValue();
    expect(kept).toHaveLength(CHAT_QUESTION_MAX);
    expect(ChatQuestionSchema.safeParse({ question: kept }).success).toBe(true);
  });

  test("a failed suggestions call falls back to the built-in quick questions, with no error shown", async ({ page }) => {
    const assertNoErrors = failOnPageErrorsExceptHttpStatus(page);
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await page.route("**/api/chat/suggestions", (route) => route.fulfill({ status: 500, body: "Internal Server Error" }));
    const suggestionsCall = page.waitForResponse("**/api/chat/suggestions");
    const chat = await openAiChat(page);
    expect((await suggestionsCall).status()).toBe(500);
    await expect(chat.panel.getByRole("list", { name: "Quick questions" }).getByRole("button")).toHaveText(CHAT_QUICK_QUESTIONS);
    await expect.poll(() => warnings.some((text) => text.includes("suggestions"))).toBe(true);
    await expect(notifications(page).getByRole("alert")).toHaveCount(0);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(chat.log.locator("p")).toHaveCount(0);
    await expectNoA11yViolations(page);
    assertNoErrors();
  });

  test("Escape closes the panel and gives the keyboard back to the button; the close button too", async ({ page }) => {
    const assertNoErrors = failOnPageErrors(page);
    const chat = await openAiChat(page);
    await expect(chat.input).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(chat.panel).toBeHidden();
    await expect(chat.toggle).toHaveAttribute("aria-expanded", "false");
    await expect(chat.toggle).toBeFocused();

    // The keyboard opens it again (Enter and Space), where it was left.
    await page.keyboard.press("Enter");
    await expect(chat.toggle).toHaveAttribute("aria-expanded", "true");
    await expect(chat.panel.getByRole("heading", { name: "AI Assistant" })).toBeVisible();
    await chat.panel.getByRole("button", { name: "Close chat" }).click();
    await expect(chat.panel).toBeHidden();
    await expect(chat.toggle).toBeFocused();
    await page.keyboard.press(" ");
    await expect(chat.panel).toBeVisible();
    assertNoErrors();
  });

  test("on a 360 px phone the panel fits the screen, leaves the button free and scrolls inside", async ({ page }) => {
    const assertNoErrors = failOnPageErrors(page);
    await page.setViewportSize({ width: 360, height: 640 });
    const { toggle, panel } = await openWidget(page);
    await panel.getByRole("button", { name: "View FAQ" }).click();
    for (let index = 0; index < CHAT_FAQ.length; index += 1)
      await expect(panel.getByRole("button", { name: CHAT_FAQ[index]!.question })).toBeVisible();
    await panel.getByRole("button", { name: CHAT_FAQ[4]!.question }).click();

    const box = await panel.boundingBox();
    const button = await toggle.boundingBox();
    if (!box || !button) throw new Error("The panel and its button should be laid out.");
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(box.width).toBeGreaterThanOrEqual(300);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(button.y);
    expect(button.width).toBeGreaterThanOrEqual(44);
    expect(button.height).toBeGreaterThanOrEqual(44);
    // The page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const whatsapp = panel.getByRole("link", { name: /^Chat on WhatsApp/ });
    await whatsapp.scrollIntoViewIfNeeded();
    await expect(whatsapp).toBeInViewport();
    expect(await toggle.boundingBox()).toEqual(button);
    await expectNoA11yViolations(page);
    assertNoErrors();
  });
});
