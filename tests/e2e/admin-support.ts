import type { BrowserContext, Page } from "@playwright/test";
import { createAdmin, plantAdminSession, type AdminRole, type TestAdmin } from "../support/accounts";
import "./fixtures";
import { waitForHydration } from "./hydration";
import type { Mode } from "./page-checks";

// Admins for the admin-area specs: a row in `admins` and a planted admin
// session, so a test starts inside the panel without the login screen (which
// admin-login.spec.ts covers on its own).

/** Signs the browser context in as a fresh admin of `role` (on the server whose database is `databasePath`). */
export async function signInAsAdmin(
  context: BrowserContext,
  baseURL: string,
  role: AdminRole = "admin",
  databasePath?: string,
): Promise<TestAdmin> {
  const admin = createAdmin(role, databasePath);
  const { name, value } = await plantAdminSession(admin, databasePath);
  await context.addCookies([{ name, value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  return admin;
}

/** Opens an admin page; with JavaScript on, waits until React has taken over. */
export async function visitAdmin(page: Page, mode: Mode, path: string) {
  const response = await page.goto(path);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return response;
}

/** The toast the server flashed after a change (a status message in the notifications region). */
export const toast = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status");

export { auditActionsOf, createAdmin, plantAdminSession, uniqueTitle, type AdminRole, type TestAdmin } from "../support/accounts";
