import { test as base } from "vitest";
import {
  createAdmin,
  createStudent,
  plantAdminSession,
  plantSession,
  type AdminRole,
  type Student,
  type TestAdmin,
} from "../../support/accounts";
import { provideMakeEvent, type MakeEvent } from "../../support/rows";
import type { HttpClient } from "./client";
import { site } from "./in-process-site";

export { SITE_ORIGIN } from "./in-process-site";

// The fixtures the HTTP tests use, named as in the Playwright specs they came from:
// `request` is an anonymous client; `student` signs `context.request` in as a fresh
// student; `makeEvent` makes events of the test's own and deletes them after.

export type Fixtures = {
  request: HttpClient;
  context: { request: HttpClient };
  student: Student;
  makeEvent: MakeEvent;
};

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  request: async ({}, use) => {
    await use((await site()).newClient());
  },
  // eslint-disable-next-line no-empty-pattern
  context: async ({}, use) => {
    await use({ request: (await site()).newClient() });
  },
  student: async ({ context }, use) => {
    const student = await createStudent();
    const { name, value } = await plantSession(student);
    context.request.addCookie(name, value);
    await use(student);
  },
  // eslint-disable-next-line no-empty-pattern
  makeEvent: async ({}, use) => provideMakeEvent(use),
});

/** A client carrying the given session cookie. */
export async function clientWithCookie(cookie?: { name: string; value: string }): Promise<HttpClient> {
  return (await site()).newClient(cookie ? { headers: { Cookie: `${cookie.name}=${cookie.value}` } } : {});
}

export { afterAll, beforeAll, describe, expect, vi } from "vitest";

/** A client carrying a fresh admin session of `role` (for the admin JSON endpoints). */
export async function adminApiClient(role: AdminRole = "admin"): Promise<{ admin: TestAdmin; client: HttpClient }> {
  const admin = createAdmin(role);
  return { admin, client: await clientWithCookie(await plantAdminSession(admin)) };
}

/** A client signed in as a fresh student (or the one given). */
export async function studentClient(student?: Student): Promise<{ client: HttpClient; student: Student }> {
  const account = student ?? (await createStudent({ firstName: "Arjun", lastName: "Mehta" }));
  return { client: await clientWithCookie(await plantSession(account)), student: account };
}

export * from "../../support/accounts";
export * from "../../support/database";
export * from "../../support/rows";
export type { HttpClient, HttpResponse } from "./client";
