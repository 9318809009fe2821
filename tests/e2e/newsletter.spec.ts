import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { openTestDatabase } from "./fixtures";
import { waitForHydration } from "./hydration";
import { failOnPageErrors, inBothModes, type Mode } from "./page-checks";

/** Stored subscriber rows whose address equals this one, compared without case. */
function storedSubscribers(email: string): string[] {
  const database = openTestDatabase();
  try {
    const rows = database.prepare("SELECT email FROM newsletter_subscribers WHERE lower(email) = lower(?)").all(email) as {
      email: string;
    }[];
    return rows.map((row) => row.email);
  } finally {
    database.close();
  }
}

function confirmedAt(email: string): number | null | undefined {
  const database = openTestDatabase();
  try {
    const row = database.prepare("SELECT confirmed_at FROM newsletter_subscribers WHERE email = lower(?)").get(email) as
      { confirmed_at: number | null } | undefined;
    return row?.confirmed_at;
  } finally {
    database.close();
  }
}

/** The confirmation link mailed to the address, as the mailbox would open it. */
function confirmationLink(email: string): string {
  const database = openTestDatabase();
  try {
    const row = database
      .prepare("SELECT text_body FROM outbox_messages WHERE to_address = lower(?) AND kind = 'newsletter-confirm' ORDER BY id DESC")
      .get(email) as { text_body: string } | undefined;
    const link = row?.text_body.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/)?.[0];
    if (!link) throw new Error(`No confirmation link mailed to ${email}`);
    return new URL(link).pathname + new URL(link).search;
  } finally {
    database.close();
  }
}

const uniqueEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@Example.COM`;

async function firstPostSlug(page: Page): Promise<string> {
  const response = await page.request.get("/api/blog");
  expect(response.status()).toBe(200);
  const posts: { slug: string }[] = await response.json();
  expect(posts.length).toBeGreaterThan(0);
  return posts[0]!.slug;
}

async function openBox(page: Page, mode: Mode, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  const box = page.getByRole("region", { name: "Stay Updated" });
  return { email: box.getByLabel("Email address"), subscribe: box.getByRole("button", { name: "Subscribe" }) };
}

const notifications = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

inBothModes((mode) => {
  test("subscribing from the blog: 'Check your inbox', back on the same page; the mailed link's button subscribes", async ({ page }) => {
    const assertNoErrors = failOnPageErrors(page);
    const path = "/blog?category=all&sort=oldest";
    const box = await openBox(page, mode, path);
    const email = uniqueEmail("Reader");
    await box.email.fill(email);
    await box.subscribe.click();

    const toast = notifications(page).getByRole("status");
    await expect(toast).toContainText("Check your inbox");
    await expect(toast).toContainText("If this address is not on our list yet, we have sent it a link to confirm.");
    await expect(page).toHaveURL(path);
    await expect(box.email).toHaveValue("");
    expect(storedSubscribers(email)).toEqual([email.toLowerCase()]);
    expect(confirmedAt(email)).toBeNull();

    await page.goto(confirmationLink(email));
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("heading", { name: "Subscribed!" })).toBeVisible();
    await expect(page.getByText("You will get our new articles by email.")).toBeVisible();
    expect(confirmedAt(email)).toEqual(expect.any(Number));
    assertNoErrors();
  });

  test("subscribing again from an article answers as for a new address, and nothing changes", async ({ page }) => {
    const slug = await firstPostSlug(page);
    const email = uniqueEmail("Loyal");
    const database = openTestDatabase();
    try {
      database
        .prepare("INSERT INTO newsletter_subscribers (email, confirmed_at, unsubscribe_token) VALUES (?, 1, ?)")
        .run(email.toLowerCase(), randomUUID());
    } finally {
      database.close();
    }

    const box = await openBox(page, mode, `/blog/${slug}`);
    await box.email.fill(email.toUpperCase());
    await box.subscribe.click();

    const toast = notifications(page).getByRole("status");
    await expect(toast).toContainText("Check your inbox");
    await expect(page).toHaveURL(`/blog/${slug}`);
    expect(storedSubscribers(email)).toEqual([email.toLowerCase()]);
    expect(confirmedAt(email)).toBe(1);
  });

  test("an address the browser lets through but is not valid: a destructive toast, nothing stored", async ({ page }) => {
    const box = await openBox(page, mode, "/blog");
    // The email input's own check accepts a host without a dot; the server does not.
    const email = `reader-${randomUUID().slice(0, 8)}@localhost`;
    await box.email.fill(email);
    await box.subscribe.click();

    const toast = notifications(page).getByRole("alert");
    await expect(toast).toContainText("Please enter a valid email address");
    await expect(notifications(page).getByRole("status")).toHaveCount(0);
    await expect(page).toHaveURL("/blog");
    if (mode.javaScriptEnabled) await expect(box.email).toHaveValue(email);
    expect(storedSubscribers(email)).toEqual([]);
  });

  test("a bot that fills the hidden honeypot field is thanked, and nothing is stored", async ({ page }) => {
    const box = await openBox(page, mode, "/blog");
    const email = uniqueEmail("Bot");
    await box.email.fill(email);
    const honeypot = page.getByRole("region", { name: "Stay Updated" }).locator('input[name="name__confirm"]');
    await expect(honeypot).toBeHidden();
    await honeypot.evaluate((input: HTMLInputElement) => (input.value = "http://spam.example"));
    await box.subscribe.click();

    await expect(notifications(page).getByRole("status")).toContainText("Check your inbox");
    expect(storedSubscribers(email)).toEqual([]);
  });
});

test("GET /newsletter has nothing to show: it leads to the blog", async ({ page }) => {
  await page.goto("/newsletter");
  await expect(page).toHaveURL("/blog");
});
