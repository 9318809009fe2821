// `npx tsx scripts/planner-statistics.ts <database>`: writes the query
// planner's statistics of a large database (a copy made with
// `npm run db:seed -- --scale 100000`, opened once by the site so that
// PRAGMA optimize has analyzed it) to tests/fixtures/scale-statistics.json.
// tests/http/query-plans.test.ts plans every page's statements with them too,
// as SQLite would on a decade of data. Run it again after adding an index.
import { writeFileSync } from "node:fs";
import Database from "better-sqlite3";

const path = process.argv[2];
if (!path) throw new Error("Name the database: npx tsx scripts/planner-statistics.ts data/scale.db");
const database = new Database(path, { readonly: true, fileMustExist: true });
// Tables the generator leaves all but empty, which grow on a real site: left out, so SQLite plans them as large.
const NOT_GENERATED = ["sessions"];
const rows = (database.prepare("SELECT tbl, idx, stat FROM sqlite_stat1 ORDER BY tbl, idx").all() as { tbl: string }[]).filter(
  (row) => !NOT_GENERATED.includes(row.tbl),
);
database.close();
writeFileSync("tests/fixtures/scale-statistics.json", `${JSON.stringify(rows, null, 2)}\n`);
console.log(`Wrote ${rows.length} rows to tests/fixtures/scale-statistics.json`);
