// Indexes built once after the bulk insert instead of row by row. The
// admin's full-text search indexes (external-content FTS5 tables kept in step
// with their table by triggers) cost several times more through their
// triggers than one 'rebuild', and plain indexes on random keys (UUIDs,
// provider ids) more kept up to date than made by one sort: together they were
// most of the seed's time. Triggers and indexes are dropped and made again
// exactly as the migrations wrote them (read back from sqlite_master), inside
// the seed's transaction, so a failure leaves them as they were.
import type BetterSqlite3 from "better-sqlite3";

type SchemaRow = { name: string; tbl_name: string; sql: string | null };

/** Suspends the search triggers of these tables; the returned function rebuilds their indexes and restores the triggers. */
export function deferSearchIndexes(database: BetterSqlite3.Database, tables: readonly string[]): () => void {
  const schema = database.prepare("SELECT name, tbl_name, sql FROM sqlite_master WHERE type IN ('table', 'trigger')").all() as SchemaRow[];
  const indexes = schema.flatMap((row) => {
    if (!row.sql || !/^CREATE VIRTUAL TABLE/i.test(row.sql) || !/USING\s+fts5/i.test(row.sql)) return [];
    const content = /content\s*=\s*['"`]?([A-Za-z0-9_]+)/i.exec(row.sql)?.[1];
    return content && tables.includes(content) ? [{ name: row.name, content }] : [];
  });
  const triggers = schema.filter(
    (row) =>
      row.sql &&
      /^CREATE TRIGGER/i.test(row.sql) &&
      indexes.some((index) => index.content === row.tbl_name && row.sql?.includes(index.name)),
  );
  for (const trigger of triggers) database.exec(`DROP TRIGGER "${trigger.name}"`);
  return () => {
    for (const index of indexes) database.prepare(`INSERT INTO "${index.name}"("${index.name}") VALUES ('rebuild')`).run();
    for (const trigger of triggers) database.exec(trigger.sql as string);
  };
}

const words = (sql: string) => new Set((sql.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []).map((word) => word.toLowerCase()));

/**
 * Drops the indexes of these tables (not primary keys) while their rows are added; the returned function
 * makes them again, each by one sort, several times cheaper than keeping them up to date row by row. On a
 * table with triggers, an index on a column the triggers name stays: a trigger may look rows up through it
 * (orders' sales tally finds the student's other orders), and without it every insert would scan the table.
 */
export function deferIndexes(database: BetterSqlite3.Database, tables: readonly string[]): () => void {
  const schema = database
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('index', 'trigger')")
    .all() as (SchemaRow & {
    type: string;
  })[];
  const named = new Map<string, Set<string>>();
  for (const trigger of schema.filter((row) => row.type === "trigger" && row.sql)) {
    const seen = named.get(trigger.tbl_name) ?? new Set<string>();
    for (const word of words(trigger.sql as string)) seen.add(word);
    named.set(trigger.tbl_name, seen);
  }
  const columnsOf = (table: string) =>
    (database.pragma(`table_info("${table}")`) as { name: string }[]).map((column) => column.name.toLowerCase());
  const indexes = schema.filter((row) => {
    if (row.type !== "index" || !row.sql || !tables.includes(row.tbl_name)) return false;
    const triggerWords = named.get(row.tbl_name);
    if (!triggerWords) return true;
    const indexWords = words(row.sql.slice(row.sql.search(/\bON\b/i)));
    return !columnsOf(row.tbl_name).some((column) => indexWords.has(column) && triggerWords.has(column));
  });
  for (const index of indexes) database.exec(`DROP INDEX "${index.name}"`);
  return () => {
    for (const index of indexes) database.exec(index.sql as string);
  };
}
