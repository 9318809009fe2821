import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { openTestDatabase } from "./fixtures";
import { waitForHydration } from "./hydration";
import { failOnPageErrors, inBothModes, type Mode } from "./support";

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
  test("subscribing from the blog: 'Subscribed!', back on the same page, stored lower-cased", async ({ page }) => {
    const assertNoErrors = failOnPageErrors(page);
    const path = "/blog?category=all&sort=oldest";
    const box = await openBox(page, mode, path);
    const email = uniqueEmail("Reader");
    await box.email.fill(email);
    await box.subscribe.click();

    const toast = notifications(page).getByRole("status");
    await expect(toast).toContainText("Subscribed!");
    await expect(toast).toContainText("You will get our new articles by email.");
    await expect(page).toHaveURL(path);
    await expect(box.email).toHaveValue("");
    expect(storedSubscribers(email)).toEqual([email.toLowerCase()]);
    assertNoErrors();
  });

  test("subscribing twice from an article is harmless: 'Already subscribed', still one row", async ({ page }) => {
    const slug = await firstPostSlug(page);
    const email = uniqueEmail("Loyal");
    const database = openTestDatabase();
    try {
      database.prepare("INSERT INTO newsletter_subscribers (email) VALUES (?)").run(email.toLowerCase());
    } finally {
      database.close();
    }

    const box = await openBox(page, mode, `/blog/${slug}`);
    await box.email.fill(email.toUpperCase());
    await box.subscribe.click();

    const toast = notifications(page).getByRole("status");
    await expect(toast).toContainText("Already subscribed");
    await expect(toast).toContainText("This email is already on our list.");
    await expect(page).toHaveURL(`/blog/${slug}`);
    expect(storedSubscribers(email)).toEqual([email.toLowerCase()]);
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

    await expect(notifications(page).getByRole("status")).toContainText("Subscribed!");
    expect(storedSubscribers(email)).toEqual([]);
  });
});

test("GET /newsletter has nothing to show: it leads to the blog", async ({ page }) => {
  await page.goto("/newsletter");
  await expect(page).toHaveURL("/blog");
});
