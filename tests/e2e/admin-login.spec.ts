import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import argon2 from "argon2";
import { expect, openTestDatabase, queryTestDatabase, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, inBothModes, type Mode } from "./page-checks";

// /admin/login and the panel frame: sign-in errors,
// the separate admin session, the Dashboard tab and logout.

const ADMIN_PASSWORD = "admin password for tests";

async function makeAdmin(role: "admin" | "content_manager") {
  const adminId = `${role}-${randomUUID().slice(0, 8)}`;
  const hash = await argon2.hash(ADMIN_PASSWORD, { type: argon2.argon2id });
  const database = openTestDatabase();
  try {
    database.prepare("INSERT INTO admins (admin_id, password_hash, role) VALUES (?, ?, ?)").run(adminId, hash, role);
  } finally {
    database.close();
  }
  return adminId;
}

async function visit(page: Page, mode: Mode, path: string) {
  const response = await page.goto(path);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return response;
}

async function signIn(page: Page, adminId: string, password = ADMIN_PASSWORD) {
  await page.getByLabel("Admin ID").fill(adminId);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

inBothModes((mode) => {
  test.describe("/admin/login", () => {
    test("the panel sends a visitor without an admin session to the login screen", async ({ page, student }) => {
      // A student session is not an admin session.
      await visit(page, mode, "/admin");
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
      await expect(page.getByText("Only authorized administrators can access this area.")).toBeVisible();
      await expectNoA11yViolations(page);
      expect(student.id).toBeTruthy();
    });

    test("an empty form says 'Admin ID is required' and 'Password is required'", async ({ page }) => {
      await visit(page, mode, "/admin/login");
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page.getByText("Admin ID is required")).toBeVisible();
      await expect(page.getByText("Password is required")).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/login$/);
    });

    test("a wrong password and an unknown Admin ID get the same 'Invalid credentials'", async ({ page }) => {
      const adminId = await makeAdmin("admin");
      for (const [id, password] of [
        [adminId, "not the password"],
        [`nobody-${randomUUID().slice(0, 8)}`, ADMIN_PASSWORD],
      ] as const) {
        await visit(page, mode, "/admin/login");
        await signIn(page, id, password);
        const box = page.getByRole("alert").filter({ hasText: "Login Failed" });
        await expect(box).toContainText("Invalid credentials");
        await expect(page).toHaveURL(/\/admin\/login$/);
      }
      await expectNoA11yViolations(page);
    });

    test("an admin signs in to the Dashboard and logs out to the home page", async ({ page }) => {
      const adminId = await makeAdmin("admin");
      await visit(page, mode, "/admin/login");
      await signIn(page, adminId);
      await expect(page).toHaveURL(/\/admin$/);
      const toast = page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status");
      await expect(toast).toContainText("Login Successful");
      await expect(toast).toContainText("Welcome to the admin panel!");
      await expect(page.getByText(`Welcome, ${adminId}`)).toBeVisible();
      await expect(page.getByRole("banner").getByText("admin", { exact: true })).toBeVisible();
      const tabs = page.getByRole("navigation", { name: "Admin sections" }).getByRole("link");
      const tabNames = [
        "Dashboard",
        "Courses",
        "Teaching",
        "Events",
        "Content",
        "Reviews",
        "Users",
        "Analytics",
        "Mentors",
        "Practice lab",
        "Coupons",
        "Inbox",
        "Outbox",
        "Settings",
      ];
      await expect(tabs).toHaveCount(tabNames.length);
      for (const [index, name] of tabNames.entries()) await expect(tabs.nth(index)).toHaveAccessibleName(name);

      const [{ revenue, enrolled }] = queryTestDatabase<{ revenue: number; enrolled: number }>(
        "SELECT coalesce(sum(amount_paise), 0) AS revenue, count(*) AS enrolled FROM orders WHERE payment_status = 'completed'",
      ) as [{ revenue: number; enrolled: number }];
      const cards = page.getByRole("main").getByRole("listitem");
      await expect(cards.filter({ hasText: "Total Revenue" })).toContainText(
        `₹${new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 }).format(Math.round(revenue / 100))}`,
      );
      await expect(cards.filter({ hasText: "Total Enrollments" })).toContainText(String(enrolled));
      await expect(page.getByRole("heading", { name: "Course Performance" })).toBeVisible();
      await expect(page.getByText("Not Connected")).toBeVisible();
      await expectNoA11yViolations(page);

      // On a phone the Dashboard tab reads 'Stats'.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(tabs.first()).toHaveAccessibleName("Stats");
      await page.setViewportSize({ width: 1280, height: 720 });

      await page.getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Logged out");
      expect(queryTestDatabase("SELECT id FROM audit_log WHERE actor_id = ? AND action = 'admin_logout'", adminId)).toHaveLength(1);
      await visit(page, mode, "/admin");
      await expect(page).toHaveURL(/\/admin\/login$/);
    });
  });
});

test.describe("admin session API", () => {
  test("login, session and logout as JSON", async ({ request }) => {
    const adminId = await makeAdmin("content_manager");
    expect(await (await request.get("/api/admin/session")).json()).toEqual({ isLoggedIn: false, adminId: null, role: null });
    const missing = await request.post("/api/admin/login", { data: { adminId: "", password: "" } });
    expect(missing.status()).toBe(400);
    expect((await missing.json()).message).toBe("Admin ID is required");
    const wrong = await request.post("/api/admin/login", { data: { adminId, password: "nope" } });
    expect(wrong.status()).toBe(401);
    expect(await wrong.json()).toEqual({ success: false, message: "Invalid credentials" });
    const ok = await request.post("/api/admin/login", { data: { adminId, password: ADMIN_PASSWORD } });
    expect(ok.status()).toBe(200);
    expect((await ok.json()).success).toBe(true);
    expect(await (await request.get("/api/admin/session")).json()).toEqual({ isLoggedIn: true, adminId, role: "content_manager" });
    // A content manager cannot open the Dashboard.
    expect((await request.get("/admin", { maxRedirects: 0 })).headers().location).toBe("/admin/courses");
    expect((await request.post("/api/admin/logout")).status()).toBe(200);
    expect((await (await request.get("/api/admin/session")).json()).isLoggedIn).toBe(false);
  });
});
