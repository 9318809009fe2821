// `npm run admin:reset-password -- --id <adminId>`: a forgotten admin password,
// set again by whoever runs the server. The password comes from ADMIN_PASSWORD
// (for scripts) or is typed twice on the terminal without being shown; the
// admin's sessions end, so every browser signs in again.
import { parseArgs } from "node:util";
import { adminPassword } from "./admin-password";

if (process.env.DATABASE_URL === undefined && (await import("node:fs")).existsSync(".env")) process.loadEnvFile(".env");

const { values } = parseArgs({ options: { id: { type: "string" } } });
if (!values.id) {
  console.error("Usage: npm run admin:reset-password -- --id <adminId>");
  process.exit(2);
}

try {
  const password = await adminPassword();
  const { db, migrateDatabase } = await import("../app/utils/db.server");
  migrateDatabase(db);
  const { resetAdminPassword } = await import("../app/services/accounts/admin-sign-in.server");
  if (!(await resetAdminPassword({ adminId: values.id, password }))) {
    console.error(`No admin has the ID "${values.id}". Nothing was changed.`);
    process.exit(1);
  }
  console.log(`The password of "${values.id}" is set, and their sessions have ended. Sign in at /admin/login.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
