// What the scale pages ask for, read from each database: the ids in their
// addresses (the same course, lesson and event on both, since the scale
// database is a copy of the demo one) and the student whose pages are timed.
import Database from "better-sqlite3";

export interface Fixtures {
  /** A course with many enrolments: its admin page and curriculum. */
  adminCourse: number;
  /** Its first section and lesson, for the curriculum's dialogs. */
  adminSection: number | null;
  adminLesson: number | null;
  /** The signed-in student's course with lessons, and its first lesson. */
  learnCourse: number;
  learnLesson: number;
  /** An active paid course the student does not hold, for the checkout's first step; null when they hold them all. */
  checkoutCourse: number | null;
  /** The event with the most registrations, for its admin page and registrations list. */
  adminEvent: number | null;
  /** An active event still to come, for the student's registration page. */
  upcomingEvent: number | null;
  coupon: number | null;
  /** A batch of the admin course and the first session of its timetable, when it has them. */
  adminBatch: number | null;
  adminBatchSession: number | null;
  blogPost: number | null;
  blogSlug: string | null;
  mentor: number | null;
  testimonial: number | null;
  /** The newest outbox message. */
  outboxMessage: number | null;
  /** The student whose admin page (/admin/users/:id) is timed. */
  adminStudent: string;
  /** A certificate's number, for its public verification page. */
  certificate: string | null;
  /** A class of the batch the timed student is seated in, for its page. */
  liveClass: { courseId: number; sessionId: number } | null;
}

type Row = Record<string, unknown> | undefined;

function value<T>(row: Row): T | null {
  return row ? (Object.values(row)[0] as T) : null;
}

/** The first lesson of a course in the classroom's order, or null. */
function firstLesson(database: Database.Database, courseId: number): { lesson: number; section: number } | null {
  const row = database
    .prepare(
      `SELECT lessons.id AS lesson, lessons.section_id AS section FROM lessons
       JOIN course_sections ON course_sections.id = lessons.section_id
       WHERE lessons.course_id = ? ORDER BY course_sections.position, lessons.position, lessons.id LIMIT 1`,
    )
    .get(courseId) as { lesson: number; section: number } | undefined;
  return row ?? null;
}

/** Courses a student holds (a completed order), those with lessons first. */
export function coursesHeld(databasePath: string, userId: string): number[] {
  const database = new Database(databasePath, { readonly: true });
  try {
    return (
      database
        .prepare(
          `SELECT orders.course_id AS id FROM orders
           WHERE orders.user_id = ? AND orders.payment_status = 'completed' AND orders.course_id IS NOT NULL
           ORDER BY (SELECT count(*) FROM lessons WHERE lessons.course_id = orders.course_id) = 0, orders.course_id`,
        )
        .all(userId) as { id: number }[]
    ).map((row) => row.id);
  } finally {
    database.close();
  }
}

/** The student with the most orders, or null when nobody has ordered. */
export function busiestStudent(databasePath: string): string | null {
  const database = new Database(databasePath, { readonly: true });
  try {
    return value<string>(database.prepare("SELECT user_id FROM orders GROUP BY user_id ORDER BY count(*) DESC LIMIT 1").get() as Row);
  } finally {
    database.close();
  }
}

/** The newest outbox message's id, or null. */
export function latestOutboxMessage(databasePath: string): number | null {
  const database = new Database(databasePath, { readonly: true });
  try {
    return value<number>(database.prepare("SELECT max(id) FROM outbox_messages").get() as Row);
  } finally {
    database.close();
  }
}

/** Whether a row with this id is in a table. */
export function hasRow(databasePath: string, table: string, id: number): boolean {
  const database = new Database(databasePath, { readonly: true });
  try {
    return database.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(id) !== undefined;
  } finally {
    database.close();
  }
}

/**
 * The ids one database's pages use. `busyCourse` is the course the admin pages
 * open; `learnCourse` the student's (it must have lessons).
 */
export function readFixtures(
  databasePath: string,
  {
    student,
    busyCourse,
    learnCourse,
    demoPath,
    adminEvent,
    liveClass = null,
  }: {
    student: string;
    busyCourse: number;
    learnCourse: number;
    demoPath: string;
    adminEvent?: number | null;
    liveClass?: Fixtures["liveClass"];
  },
): Fixtures {
  const database = new Database(databasePath, { readonly: true });
  try {
    const now = Date.now();
    const learn = firstLesson(database, learnCourse);
    if (!learn) throw new Error(`course ${learnCourse} has no lessons for the classroom pages`);
    const admin = firstLesson(database, busyCourse);
    // Rows the demo database also has (ids up to its largest), so both sides open the same item.
    const demo = new Database(demoPath, { readonly: true });
    const demoMax = (table: string) => value<number>(demo.prepare(`SELECT max(id) FROM ${table}`).get() as Row) ?? 0;
    const maxEvent = demoMax("events");
    demo.close();
    const held = new Set(
      (
        database
          .prepare("SELECT course_id AS id FROM orders WHERE user_id = ? AND payment_status = 'completed' AND course_id IS NOT NULL")
          .all(student) as { id: number }[]
      ).map((row) => row.id),
    );
    const forSale = database
      .prepare("SELECT id FROM courses WHERE is_active = 1 AND price_paise > 0 ORDER BY id")
      .all()
      .map((row) => (row as { id: number }).id);
    return {
      adminCourse: busyCourse,
      adminSection: admin?.section ?? null,
      adminLesson: admin?.lesson ?? null,
      learnCourse,
      learnLesson: learn.lesson,
      liveClass,
      checkoutCourse: forSale.find((id) => !held.has(id)) ?? null,
      adminEvent:
        adminEvent ??
        value<number>(
          database
            .prepare(
              `SELECT events.id FROM events LEFT JOIN event_registrations ON event_registrations.event_id = events.id
             WHERE events.id <= ? GROUP BY events.id ORDER BY count(event_registrations.id) DESC, events.id LIMIT 1`,
            )
            .get(maxEvent) as Row,
        ),
      upcomingEvent: value<number>(
        database
          .prepare("SELECT id FROM events WHERE is_active = 1 AND event_date > ? AND id <= ? ORDER BY event_date LIMIT 1")
          .get(now, maxEvent) as Row,
      ),
      coupon: value<number>(database.prepare("SELECT min(id) FROM coupons").get() as Row),
      adminBatch: value<number>(database.prepare("SELECT min(id) FROM batches WHERE course_id = ?").get(busyCourse) as Row),
      adminBatchSession: value<number>(
        database
          .prepare(
            "SELECT min(batch_sessions.id) FROM batch_sessions JOIN batches ON batches.id = batch_sessions.batch_id WHERE batches.course_id = ?",
          )
          .get(busyCourse) as Row,
      ),
      blogPost: value<number>(database.prepare("SELECT min(id) FROM blog_posts").get() as Row),
      blogSlug: value<string>(
        database.prepare("SELECT slug FROM blog_posts WHERE is_published = 1 ORDER BY published_at DESC, id LIMIT 1").get() as Row,
      ),
      mentor: value<number>(database.prepare("SELECT min(id) FROM mentors").get() as Row),
      testimonial: value<number>(database.prepare("SELECT min(id) FROM testimonials").get() as Row),
      outboxMessage: value<number>(database.prepare("SELECT max(id) FROM outbox_messages").get() as Row),
      adminStudent: student,
      certificate: value<string>(database.prepare("SELECT number FROM certificates ORDER BY id LIMIT 1").get() as Row),
    };
  } finally {
    database.close();
  }
}
