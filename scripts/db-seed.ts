// `npm run db:seed`: migrate the configured database and add the demo content when it has no courses.
// `npm run db:seed -- --scale <students>` then adds a large institute's data for that many students (db/seed-scale.ts).
import { existsSync, statSync } from "node:fs";
import type { ScaleSummary } from "../db/seed-scale";

/** The number after --scale (or --scale=N); null without one. Anything else on the command line is refused. */
function parseArguments(args: string[]): { scale: number | null } | { error: string } {
  let scale: number | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const [flag, inline] = arg.split(/=(.*)/s, 2);
    if (flag !== "--scale") return { error: `Unknown argument "${arg}". Usage: npm run db:seed [-- --scale <students>]` };
    const value = inline ?? args[++i];
    if (value === undefined || !/^[1-9]\d*$/.test(value) || !Number.isSafeInteger(Number(value)))
      return {
        error: `--scale needs a positive whole number of students, like --scale 100000 (got ${value === undefined ? "nothing" : `"${value}"`}).`,
      };
    scale = Number(value);
  }
  return { scale };
}

const parsed = parseArguments(process.argv.slice(2));
if ("error" in parsed) {
  console.error(parsed.error);
  process.exit(1);
}

// Imported only now: opening the database creates its file, which a mistyped command should not.
const { sql } = await import("drizzle-orm");
const { blogPosts, courses, events, mentors, testimonials } = await import("../db/schema");
const { seedDemoContent } = await import("../db/seed");
const { db, migrateDatabase } = await import("../app/utils/db.server");
const { getEnv } = await import("../app/utils/env.server");

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

if (parsed.scale !== null) {
  const students = parsed.scale;
  console.log(`Adding a large institute's data for ${students.toLocaleString("en-US")} students …`);
  const { seedScaleData } = await import("../db/seed-scale");
  const started = performance.now();
  let summary: ScaleSummary;
  try {
    summary = seedScaleData(db.$client, students);
  } catch (error) {
    console.error(`Scale data not added: ${error instanceof Error ? error.message : String(error)}`);
    db.$client.close();
    process.exit(1);
  }
  const seconds = (performance.now() - started) / 1000;
  const width = Math.max(...Object.keys(summary.rows).map((table) => table.length));
  for (const [table, rows] of Object.entries(summary.rows).sort(([a], [b]) => a.localeCompare(b)))
    console.log(`  ${table.padEnd(width)}  ${rows.toLocaleString("en-US").padStart(11)}`);
  // The file and its write-ahead log (empty when the seed could write the file directly).
  const size =
    target === ":memory:" ? null : [target, `${target}-wal`].reduce((sum, file) => sum + (existsSync(file) ? statSync(file).size : 0), 0);
  console.log(`Added in ${seconds.toFixed(1)} s` + (size === null ? "." : `; ${target} is now ${(size / 1024 / 1024).toFixed(0)} MB.`));
  const { sample } = summary;
  console.log(
    `GST invoices from ${new Date(summary.gstRegisteredAt).toISOString().slice(0, 10)}. Samples: student ${sample.studentEmail} ` +
      `(${sample.studentOrders} orders), course ${sample.courseId} (${sample.courseEnrollments} paid enrolments), event ${sample.eventId} ` +
      `(${sample.eventRegistrations} registrations), tax month ${sample.taxMonth} (${sample.taxMonthDocuments} documents), ` +
      `search "${sample.userSearch}" (1 student) or "${sample.nameSearch}" (${sample.nameSearchMatches}).`,
  );
  for (const note of summary.notes) console.log(`Note: ${note}`);
}
db.$client.close();
