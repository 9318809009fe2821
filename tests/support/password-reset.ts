import { createHash, randomBytes } from "node:crypto";
import type { Student } from "./accounts";
import { withDatabase } from "./database";

// Password reset links for the tests: read from a message, or planted (an
// expired one, say) as the site stores them, by the SHA-256 of the token.

/** The /reset-password link in a message's text, or null. */
export function resetLinkIn(text: string): string | null {
  return /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text)?.[0] ?? null;
}

/** A link's token stored for the student, valid until `expiresAt` (a past time makes it expired). */
export function plantResetToken(
  student: Pick<Student, "id" | "email">,
  expiresAt: Date,
  databasePath?: string,
  purpose: "reset-password" | "verify-email" = "reset-password",
): string {
  const token = randomBytes(32).toString("base64url");
  withDatabase(
    (database) =>
      database
        .prepare("INSERT INTO user_tokens (user_id, purpose, token_hash, email, expires_at) VALUES (?, ?, ?, ?, ?)")
        .run(student.id, purpose, createHash("sha256").update(token).digest("hex"), student.email, expiresAt.getTime()),
    databasePath,
  );
  return token;
}

/** What the site stores of the student's password (to prove a refused reset changed nothing). */
export function passwordHashOf(userId: string, databasePath?: string): string | null {
  return withDatabase(
    (database) =>
      (database.prepare("SELECT password_hash AS hash FROM users WHERE id = ?").get(userId) as { hash: string | null } | undefined)?.hash ??
      null,
    databasePath,
  );
}
