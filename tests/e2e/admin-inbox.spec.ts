import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { formatIndiaDateTime } from "../../app/utils/dates";
import { expect, openTestDatabase, queryTestDatabase, test } from "./fixtures";
import { auditActionsOf, signInAsAdmin, toast, visitAdmin } from "./admin-support";
import { expectNoA11yViolations, failOnPageErrors, inBothModes } from "./page-checks";

// The admin Inbox tab (beyond the spec: contact messages had no screen).
// Admins only. Unread first, then newest first, 20 to a page.
//
// The inbox is one shared list, and these tests count and page through it, so
// they run one after another; no other spec writes contact messages while the
// admin specs run (the contact specs run in the earlier project).
test.describe.configure({ mode: "default" });

type StoredMessage = { id: number; is_read: number; updated_at: number };

function insertMessage(values: {
  name: string;
  subject: string;
  message: string;
  phone?: string | null;
  createdAt: number;
  isRead?: boolean;
}) {
  const database = openTestDatabase();
  try {
    const email = `${values.name.toLowerCase().replace(/\W+/g, ".")}@example.test`;
    const result = database
      .prepare(
        "INSERT INTO contact_messages (name, email, phone, subject, message, is_read, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        values.name,
        email,
        values.phone ?? null,
        values.subject,
        values.message,
        values.isRead ? 1 : 0,
        values.createdAt,
        values.createdAt,
      );
    return { id: Number(result.lastInsertRowid), email };
  } finally {
    database.close();
  }
}

const storedMessage = (id: number) =>
  queryTestDatabase<StoredMessage>("SELECT id, is_read, updated_at FROM contact_messages WHERE id = ?", id)[0];
const unreadInDatabase = () =>
  queryTestDatabase<{ count: number }>("SELECT count(*) AS count FROM contact_messages WHERE is_read = 0")[0]!.count;
const unreadText = (count: number) => (count === 0 ? "No unread messages" : `${count} unread ${count === 1 ? "message" : "messages"}`);

const message = (page: Page, subject: string) => page.getByRole("article", { name: subject, exact: true });
const subjects = (page: Page) => page.getByRole("main").getByRole("article").getByRole("heading", { level: 2 });

inBothModes((mode) => {
  test.describe("/admin/inbox", () => {
    test("a message as sent, unread until marked; Mark as read and Mark as unread", async ({ page, context, baseURL }) => {
      test.slow();
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const checkErrors = failOnPageErrors(page);
      const tag = randomUUID().slice(0, 8);
      const name = `Anita ${tag}`;
      const subject = `Weekend batches ${tag}`;
      const text = "Do you run <b>weekend</b> batches?\nI work on weekdays & evenings.";
      const createdAt = Date.now() - 1000;
      const { id, email } = insertMessage({ name, subject, message: text, phone: "+91 98765 43210", createdAt });

      const response = await visitAdmin(page, mode, "/admin/inbox");
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(/^Inbox \| /);
      await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
      await expect(page.getByTestId("unread-count")).toHaveText(unreadText(unreadInDatabase()));

      // The newest unread message comes first.
      await expect(subjects(page).first()).toHaveText(subject);
      const shown = message(page, subject);
      await expect(shown).toContainText(`From ${name}`);
      await expect(shown.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
      await expect(shown.getByRole("link", { name: "+91 98765 43210" })).toHaveAttribute("href", "tel:+919876543210");
      await expect(shown.locator("time")).toHaveText(formatIndiaDateTime(new Date(createdAt)));
      await expect(shown.getByText("Unread", { exact: true })).toBeVisible();
      // Escaped, with its line break kept.
      const body = shown.getByText("Do you run <b>weekend</b> batches?");
      await expect(body).toBeVisible();
      expect(await body.evaluate((element) => (element as HTMLElement).innerText)).toBe(text);
      await expect(shown.locator("b")).toHaveCount(0);
      await expectNoA11yViolations(page);
      // Looking is not reading: the GET changed nothing.
      expect(storedMessage(id)).toMatchObject({ is_read: 0, updated_at: createdAt });

      await shown.getByRole("button", { name: "Mark as read" }).click();
      await expect(toast(page)).toContainText("Marked as read");
      await expect(toast(page)).toContainText(`Message from ${name}: “${subject}”`);
      expect(storedMessage(id)!.is_read).toBe(1);
      expect(storedMessage(id)!.updated_at).toBeGreaterThan(createdAt);
      await expect(page.getByTestId("unread-count")).toHaveText(unreadText(unreadInDatabase()));
      expect(auditActionsOf(admin)).toEqual([
        { action: "contact_message_marked_read", entityType: "contact_message", entityId: String(id) },
      ]);

      await page.getByRole("navigation", { name: "Show messages" }).getByRole("link", { name: "Read", exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/inbox\?show=read$/);
      await expect(page.getByRole("link", { name: "Read", exact: true })).toHaveAttribute("aria-current", "page");
      await expect(message(page, subject).getByText("Unread", { exact: true })).toHaveCount(0);
      await message(page, subject).getByRole("button", { name: "Mark as unread" }).click();
      await expect(toast(page)).toContainText("Marked as unread");
      await expect(page).toHaveURL(/\/admin\/inbox\?show=read$/);
      await expect(message(page, subject)).toHaveCount(0);
      expect(storedMessage(id)!.is_read).toBe(0);
      expect(auditActionsOf(admin).map((row) => row.action)).toEqual(["contact_message_marked_read", "contact_message_marked_unread"]);

      await page.getByRole("navigation", { name: "Show messages" }).getByRole("link", { name: "Unread", exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/inbox\?show=unread$/);
      await expect(message(page, subject).getByText("Unread", { exact: true })).toBeVisible();
      await expectNoA11yViolations(page);
      checkErrors();
    });

    test("20 messages to a page, unread before read, with Next and Previous", async ({ page, context, baseURL }) => {
      test.slow();
      await signInAsAdmin(context, baseURL ?? "");
      const tag = randomUUID().slice(0, 8);
      // Dated in the future so that they lead the list; removed afterwards.
      const future = Date.UTC(2300, 0, 1);
      const ids = Array.from(
        { length: 21 },
        (_, i) =>
          insertMessage({ name: `Pager ${tag}`, subject: `Page test ${tag} #${i}`, message: "Hello.", createdAt: future + i * 60_000 }).id,
      );
      // Newer still, but read: it comes after every unread message.
      ids.push(
        insertMessage({
          name: `Pager ${tag}`,
          subject: `Page test ${tag} read`,
          message: "Hi.",
          createdAt: future + 99 * 60_000,
          isRead: true,
        }).id,
      );
      try {
        await visitAdmin(page, mode, "/admin/inbox");
        const expectedFirstPage = Array.from({ length: 20 }, (_, i) => `Page test ${tag} #${20 - i}`);
        await expect(subjects(page)).toHaveText(expectedFirstPage);
        const pages = page.getByRole("navigation", { name: "Pages" });
        await expect(pages.getByRole("link", { name: "Previous" })).toHaveCount(0);
        await pages.getByRole("link", { name: "Next" }).click();
        await expect(page).toHaveURL(/\/admin\/inbox\?page=2$/);
        await expect(subjects(page).first()).toHaveText(`Page test ${tag} #0`);
        await expect(pages).toContainText(/Page 2 of \d+/);
        // However many other messages share page 2, every unread one comes before every read one.
        const unreadFlags = await page
          .getByRole("main")
          .getByRole("article")
          .evaluateAll((articles) =>
            articles.map((article) => [...article.querySelectorAll("span")].some((span) => span.textContent === "Unread")),
          );
        expect(unreadFlags).toEqual([...unreadFlags].sort((a, b) => Number(b) - Number(a)));
        expect(unreadFlags[0]).toBe(true);
        await expectNoA11yViolations(page);
        await pages.getByRole("link", { name: "Previous" }).click();
        await expect(page).toHaveURL(/\/admin\/inbox$/);
        await expect(subjects(page).first()).toHaveText(`Page test ${tag} #20`);

        // A page past the end shows the last page; the read one leads the Read filter.
        await visitAdmin(page, mode, "/admin/inbox?page=999");
        await expect(page.getByRole("navigation", { name: "Pages" })).toContainText(/Page (\d+) of \1 /);
        await visitAdmin(page, mode, "/admin/inbox?show=read");
        await expect(subjects(page).first()).toHaveText(`Page test ${tag} read`);
      } finally {
        const database = openTestDatabase();
        try {
          database.prepare(`DELETE FROM contact_messages WHERE id IN (${ids.map(() => "?").join(", ")})`).run(...ids);
        } finally {
          database.close();
        }
      }
    });
  });
});

test.describe("/admin/inbox access", () => {
  test("a content manager gets 403 on the page and its posts; a visitor goes to /admin/login", async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    const manager = await signInAsAdmin(context, baseURL ?? "", "content_manager");
    const { id } = insertMessage({
      name: "Private Person",
      subject: `Private ${randomUUID().slice(0, 8)}`,
      message: "Personal data.",
      createdAt: Date.now(),
    });
    await page.goto("/admin/courses");
    await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Inbox" })).toHaveCount(0);

    const response = await page.goto("/admin/inbox");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
    await expect(page.getByText("Personal data.")).toHaveCount(0);
    const post = await page.request.post("/admin/inbox", { form: { intent: "mark-read", id: String(id) }, maxRedirects: 0 });
    expect(post.status()).toBe(403);
    expect(storedMessage(id)!.is_read).toBe(0);
    expect(auditActionsOf(manager)).toEqual([]);

    const anonymous = await browser.newContext({ baseURL });
    try {
      const visitor = await anonymous.newPage();
      await visitor.goto("/admin/inbox");
      await expect(visitor).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Finbox$/);
      const anonymousPost = await visitor.request.post("/admin/inbox", { form: { intent: "mark-read", id: String(id) }, maxRedirects: 0 });
      expect(anonymousPost.status()).toBe(302);
      expect(storedMessage(id)!.is_read).toBe(0);
    } finally {
      await anonymous.close();
    }
  });

  test("an admin's post for an unknown message is 404, an unknown intent 400", async ({ page, context, baseURL }) => {
    const admin = await signInAsAdmin(context, baseURL ?? "");
    await page.goto("/admin/inbox");
    const unknown = await page.request.post("/admin/inbox", { form: { intent: "mark-read", id: "999999999" }, maxRedirects: 0 });
    expect(unknown.status()).toBe(404);
    const { id } = insertMessage({ name: "Odd Intent", subject: `Odd ${randomUUID().slice(0, 8)}`, message: "Hi.", createdAt: Date.now() });
    const odd = await page.request.post("/admin/inbox", { form: { intent: "delete", id: String(id) }, maxRedirects: 0 });
    expect(odd.status()).toBe(400);
    expect(storedMessage(id)!.is_read).toBe(0);
    expect(auditActionsOf(admin)).toEqual([]);
  });
});
