import { randomBytes, randomUUID } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { test as base, type BrowserContext } from "@playwright/test";
import argon2 from "argon2";
import Database from "better-sqlite3";
import { E2E_DATABASE, E2E_SESSION_SECRET } from "../../playwright.config";
import { STUDENT_SESSION_COOKIE } from "../../app/utils/session-cookie";

/** The running test server's database: tests arrange rows and check what was stored. */
export function openTestDatabase(path = E2E_DATABASE) {
  const database = new Database(path);
  database.pragma("busy_timeout = 5000");
  return database;
}

/** Rows from the running server's database (a connection per call, closed after). */
/** Runs `work` on the test server's database (or the one at `path`) and closes it. */
export function withDatabase<T>(work: (database: ReturnType<typeof openTestDatabase>) => T, path?: string): T {
  const database = openTestDatabase(path);
  try {
    return work(database);
  } finally {
    database.close();
  }
}

export function queryTestDatabase<T>(sql: string, ...params: unknown[]): T[] {
  const database = openTestDatabase();
  try {
    return database.prepare(sql).all(...params) as T[];
  } finally {
    database.close();
  }
}

export type Student = { id: string; email: string; firstName: string; lastName: string; password: string };

let passwordHash: Promise<string> | undefined;
export const STUDENT_PASSWORD = "correct horse battery";

/** A student account written straight to the database (unique email per call). */
export async function createStudent(
  overrides: Partial<Pick<Student, "firstName" | "lastName" | "email">> = {},
  databasePath = E2E_DATABASE,
): Promise<Student> {
  passwordHash ??= argon2.hash(STUDENT_PASSWORD, { type: argon2.argon2id });
  const id = randomUUID();
  const student = {
    id,
    email: overrides.email ?? `student-${id.slice(0, 8)}@example.test`,
    firstName: overrides.firstName ?? "Priya",
    lastName: overrides.lastName ?? "Sharma",
    password: STUDENT_PASSWORD,
  };
  const database = openTestDatabase(databasePath);
  try {
    database
      .prepare("INSERT INTO users (id, email, first_name, last_name, password_hash) VALUES (?, ?, ?, ?, ?)")
      .run(student.id, student.email, student.firstName, student.lastName, await passwordHash);
  } finally {
    database.close();
  }
  return student;
}

/** A real session row for the student, and its signed cookie's value. */
export async function plantSession(student: Pick<Student, "id">, databasePath = E2E_DATABASE) {
  const sid = randomBytes(24).toString("base64url");
  const database = openTestDatabase(databasePath);
  try {
    database
      .prepare("INSERT INTO sessions (sid, sess, expire) VALUES (?, ?, ?)")
      .run(sid, JSON.stringify({ userId: student.id }), Date.now() + 24 * 60 * 60 * 1000);
  } finally {
    database.close();
  }
  const cookie = createCookie(STUDENT_SESSION_COOKIE, { secrets: [E2E_SESSION_SECRET] });
  const header = await cookie.serialize(sid);
  return { sid, name: STUDENT_SESSION_COOKIE, value: header.slice(header.indexOf("=") + 1, header.indexOf(";")) };
}

/** Signs the browser context in as the student by planting a real session row and cookie. */
export async function signInAs(context: BrowserContext, student: Student, baseURL: string, databasePath = E2E_DATABASE) {
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

export { expect } from "@playwright/test";
