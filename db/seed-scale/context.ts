// What the scale seed reads before it writes (the demo courses, their lessons
// and quizzes, the events, the settings as the app reads them), and the one
// door its rows go through: prepared better-sqlite3 inserts that count rows.
import type BetterSqlite3 from "better-sqlite3";
import { SETTINGS_DEFAULTS, SETTINGS_SCHEMAS, type SettingsOf, type SettingsSection } from "../../app/schemas/site-settings";
import type { DeliveryMode } from "../enums";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const YEAR = 365.25 * DAY;

/** The domain of every generated student's address: the seed recognises its own rows by it. */
export const SCALE_EMAIL_DOMAIN = "scale.example";

export type Lesson = {
  id: number;
  type: string;
  isRequired: boolean;
  passPercent: number | null;
  /** A quiz's questions with the right answers, for the attempts that passed it. */
  questions: { id: number; correct: number[]; options: number }[];
};

export type Course = {
  id: number;
  title: string;
  pricePaise: number;
  isActive: boolean;
  deliveryMode: DeliveryMode;
  venueStateCode: string | null;
  /** In the order a student works through them; lessons still to happen (a live session ahead) left out. */
  lessons: Lesson[];
};

export type SeedEvent = {
  id: number;
  title: string;
  pricePaise: number;
  eventDate: number;
  maxParticipants: number | null;
  deliveryMode: DeliveryMode;
  venueStateCode: string | null;
  /** Seats given so far (registrations), counted as the seed adds them. */
  seatsTaken: number;
};

/** A section of /admin/settings as the app reads it: the stored value if its schema accepts it, else the defaults. */
export function readSection<Section extends SettingsSection>(database: BetterSqlite3.Database, section: Section): SettingsOf<Section> {
  const row = database.prepare("SELECT value FROM site_settings WHERE section = ?").get(section) as { value: string } | undefined;
  if (!row) return SETTINGS_DEFAULTS[section];
  const parsed = SETTINGS_SCHEMAS[section].safeParse(JSON.parse(row.value));
  return parsed.success ? (parsed.data as SettingsOf<Section>) : SETTINGS_DEFAULTS[section];
}

export function readCourses(database: BetterSqlite3.Database, now: number): Course[] {
  const courses = database
    .prepare("SELECT id, title, price_paise, is_active, delivery_mode, venue_state_code FROM courses ORDER BY id")
    .all() as {
    id: number;
    title: string;
    price_paise: number;
    is_active: number;
    delivery_mode: DeliveryMode;
    venue_state_code: string | null;
  }[];
  const lessons = database
    .prepare(
      `SELECT l.id, l.course_id, l.type, l.is_required, l.pass_percent, l.live_starts_at FROM lessons l
       JOIN course_sections s ON s.id = l.section_id ORDER BY l.course_id, s.position, l.position, l.id`,
    )
    .all() as {
    id: number;
    course_id: number;
    type: string;
    is_required: number;
    pass_percent: number | null;
    live_starts_at: number | null;
  }[];
  const questions = database
    .prepare("SELECT id, lesson_id, options, correct FROM quiz_questions ORDER BY lesson_id, position, id")
    .all() as {
    id: number;
    lesson_id: number;
    options: string;
    correct: string;
  }[];
  const byLesson = new Map<number, Lesson["questions"]>();
  for (const question of questions)
    byLesson.set(question.lesson_id, [
      ...(byLesson.get(question.lesson_id) ?? []),
      { id: question.id, correct: JSON.parse(question.correct) as number[], options: (JSON.parse(question.options) as string[]).length },
    ]);
  return courses.map((course) => ({
    id: course.id,
    title: course.title,
    pricePaise: course.price_paise,
    isActive: course.is_active === 1,
    deliveryMode: course.delivery_mode,
    venueStateCode: course.venue_state_code,
    lessons: lessons
      .filter((lesson) => lesson.course_id === course.id && !(lesson.live_starts_at !== null && lesson.live_starts_at > now))
      .map((lesson) => ({
        id: lesson.id,
        type: lesson.type,
        isRequired: lesson.is_required === 1,
        passPercent: lesson.pass_percent,
        questions: byLesson.get(lesson.id) ?? [],
      })),
  }));
}

export function readEvents(database: BetterSqlite3.Database): SeedEvent[] {
  const rows = database
    .prepare(
      `SELECT e.id, e.title, e.price_paise, e.event_date, e.max_participants, e.delivery_mode, e.venue_state_code,
         (SELECT count(*) FROM event_registrations r WHERE r.event_id = e.id) AS taken
       FROM events e WHERE e.is_active = 1 ORDER BY e.event_date, e.id`,
    )
    .all() as {
    id: number;
    title: string;
    price_paise: number;
    event_date: number;
    max_participants: number | null;
    delivery_mode: DeliveryMode;
    venue_state_code: string | null;
    taken: number;
  }[];
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    pricePaise: row.price_paise,
    eventDate: row.event_date,
    maxParticipants: row.max_participants,
    deliveryMode: row.delivery_mode,
    venueStateCode: row.delivery_mode === "venue" ? row.venue_state_code : null,
    seatsTaken: row.taken,
  }));
}

/** Whether an event has a seat left for one more. */
export const hasSeat = (event: SeedEvent) => event.maxParticipants === null || event.seatsTaken < event.maxParticipants;

type Value = string | number | null;

/**
 * Inserts through statements prepared once per table, counting the rows each
 * table received (the summary's figures) and returning the new row's id.
 */
export class Writer {
  readonly rows: Record<string, number> = {};
  private readonly statements = new Map<string, BetterSqlite3.Statement>();

  constructor(private readonly database: BetterSqlite3.Database) {}

  /** A function inserting one row of `table` with these columns, values in the same order. */
  into(table: string, columns: readonly string[]): (...values: Value[]) => number {
    const key = `${table}(${columns.join(",")})`;
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.database.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`);
      this.statements.set(key, statement);
    }
    const prepared = statement;
    this.rows[table] ??= 0;
    return (...values) => {
      this.rows[table] = (this.rows[table] ?? 0) + 1;
      return Number(prepared.run(...values).lastInsertRowid);
    };
  }

  /** Rows in the order added, `rowsPerStatement` to an INSERT, for tables whose new ids the seed does not need. */
  bulk(table: string, columns: readonly string[], rowsPerStatement: number): BulkInsert {
    const row = `(${columns.map(() => "?").join(", ")})`;
    const statement = (rows: number) =>
      this.database.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES ${Array.from({ length: rows }, () => row).join(", ")}`);
    const full = statement(rowsPerStatement);
    let pending: Value[] = [];
    this.rows[table] ??= 0;
    const flush = () => {
      if (pending.length === 0) return;
      const rows = pending.length / columns.length;
      (rows === rowsPerStatement ? full : statement(rows)).run(...pending);
      pending = [];
    };
    return {
      add: (...values) => {
        for (const value of values) pending.push(value);
        this.rows[table] = (this.rows[table] ?? 0) + 1;
        if (pending.length === rowsPerStatement * columns.length) flush();
      },
      flush,
    };
  }
}

/** Writes rows whose ids nobody needs, many to a statement (several times cheaper than one each); `flush` writes the rest. */
export type BulkInsert = { add: (...values: Value[]) => void; flush: () => void };

/** A JSON column's text, as Drizzle's json mode writes it. */
export const json = (value: unknown) => JSON.stringify(value);

/** The institute's admins as the audit log and review decisions name them (Admin IDs; no admin rows are made for them). */
export const ADMIN_IDS = ["anita.admin", "rahul.ops", "meera.content", "vikram.accounts"] as const;
