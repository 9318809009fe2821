import { withSiteDatabase } from "./db";

// Rows the tests arrange in a server's database before they load it.

export function insertEvent(database: string, options: { title: string; seats: number | null; daysAhead?: number }): number {
  return withSiteDatabase(database, (db) =>
    Number(
      db
        .prepare(
          "INSERT INTO events (title, description, event_type, event_date, max_participants, is_active) VALUES (?, 'A live session for the reliability suite.', 'webinar', ?, ?, 1)",
        )
        .run(options.title, Date.now() + (options.daysAhead ?? 7) * 86_400_000, options.seats).lastInsertRowid,
    ),
  );
}

/** A contact message a visitor could send, carrying a marker that identifies the request. */
export function contactFields(marker: string) {
  return {
    name: "Asha Verma",
    email: "asha.verma@example.test",
    phone: "9876543210",
    subject: `Batch timings ${marker}`,
    message: `Please share the next batch dates. Reference ${marker}.`,
    consent: "on",
  };
}

export function registrationFields(index: number) {
  return {
    name: `Student ${index}`,
    email: `student${index}@example.test`,
    phone: `98765${String(index).padStart(5, "0")}`,
    consent: "on",
  };
}

/** A student's saved enrollment form for a course: checkout's first step, done. */
export function insertEnrollmentForm(database: string, userId: string, courseId: number): number {
  return withSiteDatabase(database, (db) =>
    Number(
      db
        .prepare(
          "INSERT INTO enrollment_forms (user_id, name, whatsapp_number, state, city, experience_level, course_or_event_id, course_or_event_type, source_of_lead) VALUES (?, 'Priya Sharma', '9876543210', 'Maharashtra', 'Pune', 'beginner', ?, 'course', 'instagram')",
        )
        .run(userId, courseId).lastInsertRowid,
    ),
  );
}

/** The first active course with a price, from the demo content. */
export function firstPaidCourse(database: string): number {
  return withSiteDatabase(
    database,
    (db) => (db.prepare("SELECT id FROM courses WHERE is_active = 1 AND price_paise > 0 ORDER BY id LIMIT 1").get() as { id: number }).id,
  );
}
