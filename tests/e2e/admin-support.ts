import { randomBytes, randomUUID } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { request as playwrightRequest, type BrowserContext, type Page } from "@playwright/test";
import { E2E_SESSION_SECRET } from "../../playwright.config";
import { ADMIN_SESSION_COOKIE } from "../../app/utils/session-cookie";
import { openTestDatabase } from "./fixtures";
import { waitForHydration } from "./hydration";
import type { Mode } from "./support";

// Admins for the admin-area specs: a row in `admins` and a planted admin
// session, so a test starts inside the panel without the login screen (which
// admin-login.spec.ts covers on its own).

export type AdminRole = "admin" | "content_manager";
export type TestAdmin = { id: number; adminId: string; role: AdminRole };

/** A fresh admin of `role`. Its password hash is not a real one: these admins never sign in by form. */
export function createAdmin(role: AdminRole, databasePath?: string): TestAdmin {
  const adminId = `${role}-${randomUUID().slice(0, 8)}`;
  const database = openTestDatabase(databasePath);
  try {
    const result = database
      .prepare("INSERT INTO admins (admin_id, password_hash, role) VALUES (?, ?, ?)")
      .run(adminId, "$argon2id$not-a-real-hash", role);
    return { id: Number(result.lastInsertRowid), adminId, role };
  } finally {
    database.close();
  }
}

/** A session row for the admin and the signed cookie's name and value. */
export async function plantAdminSession(admin: TestAdmin, databasePath?: string) {
  const sid = randomBytes(24).toString("base64url");
  const database = openTestDatabase(databasePath);
  try {
    database
      .prepare("INSERT INTO sessions (sid, sess, expire) VALUES (?, ?, ?)")
      .run(sid, JSON.stringify({ adminId: admin.id, signedInAt: Date.now() }), Date.now() + 2 * 60 * 60 * 1000);
  } finally {
    database.close();
  }
  const cookie = createCookie(ADMIN_SESSION_COOKIE, { secrets: [E2E_SESSION_SECRET] });
  const header = await cookie.serialize(sid);
  return { name: ADMIN_SESSION_COOKIE, value: header.slice(header.indexOf("=") + 1, header.indexOf(";")) };
}

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

/** An API client carrying a fresh admin session of `role` (for JSON endpoint tests). */
export async function adminApiClient(baseURL: string, role: AdminRole = "admin") {
  const admin = createAdmin(role);
  const { name, value } = await plantAdminSession(admin);
  const client = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Cookie: `${name}=${value}` } });
  return { admin, client };
}

/** The audit rows an admin left, oldest first. */
export function auditActionsOf(
  admin: Pick<TestAdmin, "adminId">,
): { action: string; entityType: string | null; entityId: string | null }[] {
  const database = openTestDatabase();
  try {
    return database
      .prepare(
        "SELECT action, entity_type AS entityType, entity_id AS entityId FROM audit_log WHERE actor_type = 'admin' AND actor_id = ? ORDER BY id",
      )
      .all(admin.adminId) as { action: string; entityType: string | null; entityId: string | null }[];
  } finally {
    database.close();
  }
}

/** Opens an admin page; with JavaScript on, waits until React has taken over. */
export async function visitAdmin(page: Page, mode: Mode, path: string) {
  const response = await page.goto(path);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return response;
}

/** The toast the server flashed after a change (a status message in the notifications region). */
export const toast = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status");

/** A title no other test (or run) uses, so assertions find only this test's rows. */
export const uniqueTitle = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;
