import { sql } from "drizzle-orm";
import { db } from "~/utils/db.server";

/**
 * Reads a row from the database file (the newest applied migration), not just
 * the connection: throws when the file cannot be read or was never migrated.
 */
export function assertDatabaseReadable(): void {
  const latest = db.get<{ hash: string } | undefined>(sql`select hash from __drizzle_migrations order by created_at desc limit 1`);
  if (!latest) throw new Error("no migrations have been applied");
}
