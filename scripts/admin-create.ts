// `npm run admin:create -- --id <adminId> --role admin|content_manager|mentor [--mentor <mentorId>]`:
// creates an admin account. A mentor's account names the mentor profile it
// teaches as (`--mentor`, the id on /admin/mentors): it sees only the batches
// that name that mentor. The password comes from ADMIN_PASSWORD (for scripts)
// or is typed twice on the terminal without being shown.
import { parseArgs } from "node:util";
import { ADMIN_ROLES } from "../db/enums";
import { adminPassword } from "./admin-password";

if (process.env.DATABASE_URL === undefined && (await import("node:fs")).existsSync(".env")) process.loadEnvFile(".env");

const USAGE = `Usage: npm run admin:create -- --id <adminId> --role ${ADMIN_ROLES.join("|")} [--mentor <mentorId>, for a mentor]`;

const { values } = parseArgs({
  options: { id: { type: "string" }, role: { type: "string", default: "admin" }, mentor: { type: "string" } },
});
const role = ADMIN_ROLES.find((candidate) => candidate === values.role);
const mentorId = values.mentor === undefined ? null : /^[1-9]\d{0,9}$/.test(values.mentor) ? Number(values.mentor) : Number.NaN;
if (!values.id || !role || Number.isNaN(mentorId)) {
  console.error(USAGE);
  process.exit(2);
}
// Said before the password is asked for: nothing to type for an account that cannot be made.
if (role === "mentor" && mentorId === null) {
  console.error("A mentor's account needs --mentor <mentorId>: the mentor profile it teaches as (see /admin/mentors).");
  process.exit(2);
}
if (role !== "mentor" && mentorId !== null) {
  console.error(`--mentor is for a mentor's account only; a ${role.replace("_", " ")} teaches no batch of their own.`);
  process.exit(2);
}

try {
  const password = await adminPassword();
  const { db, migrateDatabase } = await import("../app/utils/db.server");
  migrateDatabase(db);
  const { createAdminAccount } = await import("../app/services/accounts/admin-sign-in.server");
  const created = await createAdminAccount({ adminId: values.id, password, role, mentorId });
  if (!created.ok) {
    console.error(
      created.reason === "taken"
        ? `An admin with the ID "${values.id}" already exists.`
        : `No mentor profile has the id ${String(mentorId)}. Add the mentor on /admin/mentors first. Nothing was created.`,
    );
    process.exit(1);
  }
  const { admin } = created;
  console.log(`Created ${admin.role.replace("_", " ")} "${admin.adminId}". Sign in at /admin/login.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
