// `npm run db:seed`: migrate the configured database and add the demo content when it has no courses.
import { sql } from "drizzle-orm";
import { blogPosts, courses, events, mentors, testimonials } from "../db/schema";
import { seedDemoContent } from "../db/seed";
import { db, migrateDatabase } from "../app/utils/db.server";
import { getEnv } from "../app/utils/env.server";

const target = getEnv().DATABASE_URL;
migrateDatabase(db);
const { seeded } = seedDemoContent(db);
if (seeded) {
  const count = (table: typeof courses | typeof events | typeof blogPosts | typeof mentors | typeof testimonials) =>
    db
      .select({ count: sql<number>`count(*)` })
      .from(table)
      .get()?.count ?? 0;
  console.log(
    `Seeded ${target}: ${count(courses)} courses, ${count(events)} events, ` +
      `${count(blogPosts)} blog posts, ${count(mentors)} mentors, ${count(testimonials)} testimonials.`,
  );
} else {
  console.log(`${target} already has courses; nothing seeded.`);
}
db.$client.close();
