// `npm run admin:create -- --id <adminId> --role admin|content_manager`:
// creates an admin account. The password comes from ADMIN_PASSWORD (for
// scripts) or is asked for on the terminal without being shown.
import { parseArgs } from "node:util";
import { createInterface } from "node:readline/promises";
import { ADMIN_ROLES, type AdminRole } from "../db/enums";
import { PASSWORD_HINT } from "../app/schemas/password";

if (process.env.DATABASE_URL === undefined && (await import("node:fs")).existsSync(".env")) process.loadEnvFile(".env");

const { values } = parseArgs({ options: { id: { type: "string" }, role: { type: "string", default: "admin" } } });
const role = ADMIN_ROLES.find((candidate) => candidate === values.role);
if (!values.id || !role) {
  console.error(`Usage: npm run admin:create -- --id <adminId> --role ${ADMIN_ROLES.join("|")}`);
  process.exit(2);
}

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) throw new Error("Set ADMIN_PASSWORD, or run this in a terminal to type the password.");
  const terminal = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Echo nothing while the password is typed.
  const write = process.stdout.write.bind(process.stdout);
  let prompting = true;
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) =>
    prompting && typeof chunk === "string" && !chunk.startsWith("Password") ? true : write(chunk, ...rest)) as typeof process.stdout.write;
  try {
    write(`${PASSWORD_HINT}\n`);
    return await terminal.question("Password: ");
  } finally {
    prompting = false;
    process.stdout.write = write;
    write("\n");
    terminal.close();
  }
}

try {
  const password = process.env.ADMIN_PASSWORD ?? (await askPassword());
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
