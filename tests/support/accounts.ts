import { randomBytes, randomUUID } from "node:crypto";
import { createCookie } from "@remix-run/node";
import argon2 from "argon2";
import { ADMIN_SESSION_COOKIE, STUDENT_SESSION_COOKIE } from "../../app/utils/session-cookie";
import { withDatabase } from "./database";

// Accounts written straight to the test database, and real session rows with
// their signed cookies: a test starts signed in without the sign-in screens
// (auth.spec.ts and admin-login.spec.ts cover those on their own).

/** The SESSION_SECRET every site under test runs with. */
export const TEST_SESSION_SECRET = "e2e-session-secret-that-is-at-least-32-chars";

export type Student = { id: string; email: string; firstName: string; lastName: string; password: string };
export type SessionCookie = { sid: string; name: string; value: string };

let passwordHash: Promise<string> | undefined;
export const STUDENT_PASSWORD = "correct horse battery";

/**
 * A student account (unique email per call), with the "I am 18 or older" sign-up records; `adult: false`
 * makes one without it, as a sign-in provider's account is made.
 */
export async function createStudent(
  overrides: Partial<Pick<Student, "firstName" | "lastName" | "email">> & { adult?: boolean } = {},
  databasePath?: string,
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
  const hash = await passwordHash;
  withDatabase(
    (database) =>
      database
        .prepare("INSERT INTO users (id, email, first_name, last_name, password_hash, adult_confirmed_at) VALUES (?, ?, ?, ?, ?, ?)")
        .run(student.id, student.email, student.firstName, student.lastName, hash, overrides.adult === false ? null : Date.now()),
    databasePath,
  );
  return student;
}

/** The site's signed cookie `name` for the session `sid` (another secret than the site's makes a tampered one). */
export async function signedCookie(name: string, sid: string, secret = TEST_SESSION_SECRET): Promise<SessionCookie> {
  const header = await createCookie(name, { secrets: [secret] }).serialize(sid);
  return { sid, name, value: header.slice(header.indexOf("=") + 1, header.indexOf(";")) };
}

/** `name=value`, for a Cookie header. */
export const cookieHeader = (cookie: Pick<SessionCookie, "name" | "value">) => `${cookie.name}=${cookie.value}`;

function insertSession(data: Record<string, unknown>, ttlMs: number, databasePath?: string): string {
  const sid = randomBytes(24).toString("base64url");
  withDatabase(
    (database) =>
      database.prepare("INSERT INTO sessions (sid, sess, expire) VALUES (?, ?, ?)").run(sid, JSON.stringify(data), Date.now() + ttlMs),
    databasePath,
  );
  return sid;
}

/** How long a planted session lasts, and the secret its cookie is signed with (the site's by default). */
export type SessionOptions = { expiresInMs?: number; secret?: string };

/** A real session row for the student, and its signed cookie's name and value. */
export function plantSession(student: Pick<Student, "id">, databasePath?: string, options: SessionOptions = {}): Promise<SessionCookie> {
  const sid = insertSession({ userId: student.id }, options.expiresInMs ?? 24 * 60 * 60 * 1000, databasePath);
  return signedCookie(STUDENT_SESSION_COOKIE, sid, options.secret);
}

export type AdminRole = "admin" | "content_manager" | "mentor";
export type TestAdmin = { id: number; adminId: string; role: AdminRole };

/**
 * A fresh admin of `role` (a mentor's account names `mentorId`, its mentor
 * profile). Its password hash is not a real one: these admins never sign in by form.
 */
export function createAdmin(role: AdminRole, databasePath?: string, mentorId: number | null = null): TestAdmin {
  const adminId = `${role}-${randomUUID().slice(0, 8)}`;
  const result = withDatabase(
    (database) =>
      database
        .prepare("INSERT INTO admins (admin_id, password_hash, role, mentor_id) VALUES (?, ?, ?, ?)")
        .run(adminId, "$argon2id$not-a-real-hash", role, mentorId),
    databasePath,
  );
  return { id: Number(result.lastInsertRowid), adminId, role };
}

/** A session row for the admin and the signed cookie's name and value. */
export function plantAdminSession(
  admin: Pick<TestAdmin, "id">,
  databasePath?: string,
  options: SessionOptions = {},
): Promise<SessionCookie> {
  const sid = insertSession({ adminId: admin.id, signedInAt: Date.now() }, options.expiresInMs ?? 2 * 60 * 60 * 1000, databasePath);
  return signedCookie(ADMIN_SESSION_COOKIE, sid, options.secret);
}

/** A Cookie header signing the student in on the server whose database is at `databasePath`. */
export async function studentCookie(databasePath: string, student: Pick<Student, "id">, options: SessionOptions = {}): Promise<string> {
  return cookieHeader(await plantSession(student, databasePath, options));
}

/** A Cookie header signing the admin in on the server whose database is at `databasePath`. */
export async function adminCookie(databasePath: string, admin: Pick<TestAdmin, "id">, options: SessionOptions = {}): Promise<string> {
  return cookieHeader(await plantAdminSession(admin, databasePath, options));
}

export type AuditRow = { action: string; entityType: string | null; entityId: string | null };

/** The audit rows an admin left, oldest first. */
export function auditActionsOf(admin: Pick<TestAdmin, "adminId">): AuditRow[] {
  return withDatabase(
    (database) =>
      database
        .prepare(
          "SELECT action, entity_type AS entityType, entity_id AS entityId FROM audit_log WHERE actor_type = 'admin' AND actor_id = ? ORDER BY id",
        )
        .all(admin.adminId) as AuditRow[],
  );
}

/** A title no other test (or run) uses, so assertions find only this test's rows. */
export const uniqueTitle = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;
