// `npm run db:migrate`: apply committed migrations to the configured database.
import { db, migrateDatabase } from "../app/utils/db.server";
import { getEnv } from "../app/utils/env.server";

migrateDatabase(db);
console.log(`Migrated ${getEnv().DATABASE_URL}`);
