// The admin's terminal commands, run as a person runs them (through tsx, on a
// database file of their own): creating the first admin, and setting a
// forgotten password again.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, test } from "vitest";
import { verifyPassword } from "~/services/accounts/passwords.server";

const folder = mkdtempSync(join(tmpdir(), "admin-scripts-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const DATABASE_URL = join(folder, "site.db");
const FIRST = "sunlit harbour ferries carry mangoes";
const SECOND = "quiet monsoon trains leave at nine";

/** Runs `npm run <script>`'s file with these arguments and ADMIN_PASSWORD; stdin is not a terminal, as in CI. */
function run(script: string, args: string[], password: string) {
  const result = spawnSync(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL, ADMIN_PASSWORD: password, NODE_ENV: "production" },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}`.trim() };
}

const hashOf = (adminId: string) =>
  (
    new Database(DATABASE_URL, { readonly: true }).prepare("SELECT password_hash AS hash FROM admins WHERE admin_id = ?").get(adminId) as
      { hash: string } | undefined
  )?.hash ?? null;

describe("npm run admin:create", () => {
  test("an empty ADMIN_PASSWORD (as .env.example leaves it) counts as unset: it asks for a terminal, and nothing is created", () => {
    const answer = run("admin-create", ["--id", "owner"], "");
    expect(answer).toEqual({ status: 1, out: "Set ADMIN_PASSWORD, or run this in a terminal to type the password." });
  }, 60_000);

  test("creates the admin from ADMIN_PASSWORD, and refuses the same ID twice", async () => {
    expect(run("admin-create", ["--id", "owner"], FIRST)).toEqual({ status: 0, out: 'Created admin "owner". Sign in at /admin/login.' });
    expect(await verifyPassword(hashOf("owner"), FIRST)).toBe(true);
    expect(run("admin-create", ["--id", "owner"], SECOND)).toEqual({ status: 1, out: 'An admin with the ID "owner" already exists.' });
  }, 60_000);

  test("a mentor's account names an existing mentor profile; --mentor on another role, or none on a mentor, is refused", () => {
    const database = new Database(DATABASE_URL);
    const mentorId = Number(
      database.prepare("INSERT INTO mentors (name, title, bio) VALUES ('Meera Shah', 'Options mentor', 'Bio')").run().lastInsertRowid,
    );
    const accounts = () => database.prepare("SELECT admin_id AS adminId, role, mentor_id AS mentorId FROM admins ORDER BY id").all();
    const before = accounts();

    expect(run("admin-create", ["--id", "meera", "--role", "mentor"], SECOND)).toEqual({
      status: 2,
      out: "A mentor's account needs --mentor <mentorId>: the mentor profile it teaches as (see /admin/mentors).",
    });
    expect(run("admin-create", ["--id", "desk", "--role", "content_manager", "--mentor", String(mentorId)], SECOND)).toEqual({
      status: 2,
      out: "--mentor is for a mentor's account only; a content manager teaches no batch of their own.",
    });
    expect(run("admin-create", ["--id", "meera", "--role", "mentor", "--mentor", String(mentorId + 100)], SECOND)).toEqual({
      status: 1,
      out: `No mentor profile has the id ${mentorId + 100}. Add the mentor on /admin/mentors first. Nothing was created.`,
    });
    expect(accounts()).toEqual(before);

    expect(run("admin-create", ["--id", "meera", "--role", "mentor", "--mentor", String(mentorId)], SECOND)).toEqual({
      status: 0,
      out: 'Created mentor "meera". Sign in at /admin/login.',
    });
    expect(accounts()).toEqual([...before, { adminId: "meera", role: "mentor", mentorId }]);
    database.close();
  }, 60_000);
});

describe("npm run admin:reset-password", () => {
  test("sets a new password and ends the admin's sessions; an unknown ID or a weak password changes nothing", async () => {
    const database = new Database(DATABASE_URL);
    const ownerId = (database.prepare("SELECT id FROM admins WHERE admin_id = 'owner'").get() as { id: number }).id;
    const expire = Date.now() + 60 * 60_000;
    database
      .prepare("INSERT INTO sessions (sid, sess, expire) VALUES (?, ?, ?)")
      .run("owner-laptop", JSON.stringify({ adminId: ownerId }), expire);
    database
      .prepare("INSERT INTO sessions (sid, sess, expire) VALUES (?, ?, ?)")
      .run("other-admin", JSON.stringify({ adminId: ownerId + 1 }), expire);

    expect(run("admin-reset-password", ["--id", "nobody"], SECOND)).toEqual({
      status: 1,
      out: 'No admin has the ID "nobody". Nothing was changed.',
    });
    expect(run("admin-reset-password", ["--id", "owner"], "short")).toMatchObject({ status: 1 });
    expect(await verifyPassword(hashOf("owner"), FIRST)).toBe(true);

    expect(run("admin-reset-password", ["--id", "owner"], SECOND)).toEqual({
      status: 0,
      out: 'The password of "owner" is set, and their sessions have ended. Sign in at /admin/login.',
    });
    expect(await verifyPassword(hashOf("owner"), SECOND)).toBe(true);
    expect(await verifyPassword(hashOf("owner"), FIRST)).toBe(false);
    expect(database.prepare("SELECT sid FROM sessions ORDER BY sid").all()).toEqual([{ sid: "other-admin" }]);
    database.close();
  }, 60_000);
});
