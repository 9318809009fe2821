// `npm run admin:create -- --id <adminId> --role admin|content_manager`:
// creates an admin account. The password comes from ADMIN_PASSWORD (for
// scripts) or is typed twice on the terminal without being shown.
import { parseArgs } from "node:util";
import { ADMIN_ROLES, type AdminRole } from "../db/enums";
import { adminPassword } from "./admin-password";

if (process.env.DATABASE_URL === undefined && (await import("node:fs")).existsSync(".env")) process.loadEnvFile(".env");

const { values } = parseArgs({ options: { id: { type: "string" }, role: { type: "string", default: "admin" } } });
const role = ADMIN_ROLES.find((candidate) => candidate === values.role);
if (!values.id || !role) {
  console.error(`Usage: npm run admin:create -- --id <adminId> --role ${ADMIN_ROLES.join("|")}`);
  process.exit(2);
}

try {
  const password = await adminPassword();
  const { db, migrateDatabase } = await import("../app/utils/db.server");
  migrateDatabase(db);
  const { createAdminAccount } = await import("../app/services/accounts/admin-sign-in.server");
  const admin = await createAdminAccount({ adminId: values.id, password, role: role satisfies AdminRole });
  if (!admin) {
    console.error(`An admin with the ID "${values.id}" already exists.`);
    process.exit(1);
  }
  console.log(`Created ${admin.role.replace("_", " ")} "${admin.adminId}". Sign in at /admin/login.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
