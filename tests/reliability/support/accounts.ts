import { randomBytes, randomUUID } from "node:crypto";
import { createCookie } from "@remix-run/node";
import argon2 from "argon2";
import { ADMIN_SESSION_COOKIE, STUDENT_SESSION_COOKIE } from "../../../app/utils/session-cookie";
import { withSiteDatabase } from "./db";
import { RELIABILITY_SESSION_SECRET } from "./site";

// Accounts and signed-in sessions planted straight into a server's database:
// real rows and real signed cookies, so the server's own checks decide.

export const STUDENT_PASSWORD = "correct horse battery";
let passwordHash: Promise<string> | undefined;

export type Student = { id: string; email: string; password: string };
export type AdminRole = "admin" | "content_manager";
export type Admin = { id: number; adminId: string; role: AdminRole };

/** A student who signed up with a password, and so ticked "I am 18 or older". */
export async function createStudent(database: string, email?: string): Promise<Student> {
  passwordHash ??= argon2.hash(STUDENT_PASSWORD, { type: argon2.argon2id });
  const hash = await passwordHash;
  const id = randomUUID();
  email ??= `student-${id.slice(0, 8)}@example.test`;
  withSiteDatabase(database, (db) =>
    db
      .prepare(
        "INSERT INTO users (id, email, first_name, last_name, password_hash, adult_confirmed_at) VALUES (?, ?, 'Priya', 'Sharma', ?, ?)",
      )
      .run(id, email, hash, Date.now()),
  );
  return { id, email, password: STUDENT_PASSWORD };
}

/** An admin row whose password is never used: its sessions are planted. */
export function createAdmin(database: string, role: AdminRole): Admin {
  const adminId = `${role}-${randomUUID().slice(0, 8)}`;
  const id = withSiteDatabase(database, (db) =>
    Number(
      db.prepare("INSERT INTO admins (admin_id, password_hash, role) VALUES (?, ?, ?)").run(adminId, "$argon2id$not-a-real-hash", role)
        .lastInsertRowid,
    ),
  );
  return { id, adminId, role };
}

type SessionOptions = { expiresInMs?: number; secret?: string };

function plantSessionRow(database: string, data: Record<string, unknown>, expiresInMs: number): string {
  const sid = randomBytes(24).toString("base64url");
  withSiteDatabase(database, (db) =>
    db.prepare("INSERT INTO sessions (sid, sess, expire) VALUES (?, ?, ?)").run(sid, JSON.stringify(data), Date.now() + expiresInMs),
  );
  return sid;
}

/** `name=value` for a Cookie header, signed with the server's secret (or another, to tamper). */
export async function signedCookie(name: string, sid: string, secret = RELIABILITY_SESSION_SECRET): Promise<string> {
  const header = await createCookie(name, { secrets: [secret] }).serialize(sid);
  return header.slice(0, header.indexOf(";"));
}

export async function studentCookie(database: string, student: Pick<Student, "id">, options: SessionOptions = {}) {
  const sid = plantSessionRow(database, { userId: student.id }, options.expiresInMs ?? 24 * 60 * 60 * 1000);
  return signedCookie(STUDENT_SESSION_COOKIE, sid, options.secret);
}

export async function adminCookie(database: string, admin: Pick<Admin, "id">, options: SessionOptions = {}) {
  const sid = plantSessionRow(database, { adminId: admin.id, signedInAt: Date.now() }, options.expiresInMs ?? 2 * 60 * 60 * 1000);
  return signedCookie(ADMIN_SESSION_COOKIE, sid, options.secret);
}
