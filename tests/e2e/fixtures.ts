import { test as base, type BrowserContext } from "@playwright/test";
import { E2E_DATABASE } from "../../playwright.config";
import { createStudent, plantSession, type Student } from "../support/accounts";
import { queryTestDatabase, useTestDatabase } from "../support/database";

// This worker's test server and its database: every Playwright worker has a
// server of its own (playwright.config.ts), so tests never share rows with
// another worker's tests.
useTestDatabase(E2E_DATABASE);

/** Signs the browser context in as the student by planting a real session row and cookie. */
export async function signInAs(context: BrowserContext, student: Student, baseURL: string, databasePath?: string) {
  const { sid, name, value } = await plantSession(student, databasePath);
  await context.addCookies([{ name, value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  return sid;
}

/** `student`: a fresh account, already signed in for the test's page. */
export const test = base.extend<{ student: Student }>({
  student: async ({ context, baseURL }, use) => {
    const student = await createStudent();
    await signInAs(context, student, baseURL ?? "");
    await use(student);
  },
});

export { createStudent, plantSession, STUDENT_PASSWORD, type Student } from "../support/accounts";
export { openTestDatabase, queryTestDatabase, withDatabase } from "../support/database";
export { expect } from "@playwright/test";

/**
 * The single-use link (confirmation, reset…) of the latest `kind` message to
 * `email`, read as its mailbox would: these servers have no mail server, so
 * from the outbox row. An admin's outbox page never shows it.
 */
export function linkMailedTo(email: string, kind: string): string {
  const [row] = queryTestDatabase<{ text: string }>(
    "SELECT text_body AS text FROM outbox_messages WHERE to_address = ? AND kind = ? ORDER BY id DESC LIMIT 1",
    email,
    kind,
  );
  const link = row?.text.match(/https?:\/\/\S+\?token=[\w-]+/)?.[0];
  if (!link) throw new Error(`No ${kind} link mailed to ${email}`);
  return link;
}
