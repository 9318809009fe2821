import { randomBytes, randomUUID } from "node:crypto";
import { insertTestInvoice } from "../../support/invoicing";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type Database from "better-sqlite3";
import { adminCookie, createAdmin, createStudent, studentCookie, type TestAdmin as Admin, type Student } from "../../support/accounts";
import { withDatabase } from "../../support/database";

// The rows the access matrix reads and writes: a student (the "owner") with an
// enrollment, an order paid through Stripe Checkout, event registrations and
// enrollment forms, another student, three admin accounts (a content manager,
// a mentor who teaches the owner's batch, the admin), and content of every
// kind, some of it unpublished.

export const ROLES = ["anonymous", "student", "otherStudent", "contentManager", "mentor", "admin"] as const;
export type Role = (typeof ROLES)[number];

export type MatrixIds = {
  /** Paid course the owner is enrolled in (order paid through hosted Checkout). */
  course: number;
  checkoutSession: string;
  /** The owner's completed order for it (its receipt). */
  order: number;
  /** A GST credit note of that order (its invoice is there too). */
  creditNote: number;
  /** Paid course the owner has an enrollment form for but no order. */
  payCourse: number;
  payForm: number;
  /** Free courses with an owner's form each: one for the checkout page, one for the API. */
  freeCourse: number;
  freeForm: number;
  apiFreeCourse: number;
  apiFreeForm: number;
  /** Event the owner registered for; two more for the page and the API registration rows. */
  event: number;
  pageEvent: number;
  apiEvent: number;
  post: { id: number; slug: string };
  testimonial: number;
  mentor: number;
  coupon: string;
  couponId: number;
  message: number;
  /** A message in the mail outbox, to the owner. */
  outboxMessage: number;
  sharedFile: { id: number; token: string };
  /** The matrix course's classroom: a lesson, its attachment, a live session, and the owner's certificate. */
  lesson: number;
  lessonFile: number;
  liveLesson: number;
  joinUrl: string;
  certificate: string;
  /** The matrix course's curriculum: a section and a lesson in it (the curriculum editor's pages). */
  curriculum: { section: number; lesson: number };
  /**
   * A batch of the matrix course and a session of its timetable (the batches'
   * admin pages), led by the mentor profile the mentor's account teaches as;
   * and another batch of the course, led by someone else, with a session.
   */
  batch: { id: number; session: number; mentor: number; other: { id: number; session: number } };
  /** The token of the owner's private calendar feed (/calendar/<token>.ics), seated in that batch. */
  calendarFeed: string;
  /** The owner's account id (their admin user page). */
  ownerUser: string;
  /** A practice-lab replay of the matrix course (on the demo's generated series), begun by the owner with one paper trade. */
  lab: { exercise: number; trade: number };
};

/** Text that only some roles may ever receive, whatever they ask for. */
export type PrivateMarkers = { label: string; values: string[]; visibleTo: Role[] };

export type Matrix = {
  ids: MatrixIds;
  owner: Student;
  other: Student;
  admins: Record<"contentManager" | "mentor" | "admin", Admin>;
  markers: PrivateMarkers[];
};

const DAY_MS = 86_400_000;

function insert(db: Database.Database, sql: string, ...values: unknown[]): number {
  return Number(db.prepare(sql).run(...values).lastInsertRowid);
}

function insertCourse(db: Database.Database, title: string, pricePaise: number, isActive = 1) {
  return insert(
    db,
    "INSERT INTO courses (title, short_description, description, duration, price_paise, is_active) VALUES (?, 's', 'd', '4 weeks', ?, ?)",
    title,
    pricePaise,
    isActive,
  );
}

function insertEvent(db: Database.Database, title: string, isActive = 1) {
  return insert(
    db,
    "INSERT INTO events (title, description, event_type, event_date, max_participants, is_active) VALUES (?, 'd', 'webinar', ?, 100, ?)",
    title,
    Date.now() + 7 * DAY_MS,
    isActive,
  );
}

function insertForm(db: Database.Database, owner: Student, name: string, whatsapp: string, courseId: number) {
  return insert(
    db,
    `INSERT INTO enrollment_forms (user_id, name, whatsapp_number, email, state, city, experience_level,
       course_or_event_id, course_or_event_type, source_of_lead) VALUES (?, ?, ?, ?, 'Maharashtra', 'Pune', 'Beginner', ?, 'course', 'Referral')`,
    owner.id,
    name,
    whatsapp,
    owner.email,
    courseId,
  );
}

/** The price of the `pricedCourse` and `pricedEvent` victims: a row still at it was not repriced. */
export const VICTIM_PRICE_PAISE = 123_45;

/** Fresh rows for the requests that delete or change one: each request gets its own. */
export const victims = {
  // Curriculum rows join the matrix course (the editor's URLs name it).
  lesson: (db: Database.Database) => {
    const section = matrixSection(db);
    return insert(
      db,
      "INSERT INTO lessons (course_id, section_id, position, title, type) VALUES (?, ?, 99, ?, 'article')",
      section.courseId,
      section.id,
      `Victim lesson ${randomUUID().slice(0, 8)}`,
    );
  },
  section: (db: Database.Database) =>
    insert(
      db,
      "INSERT INTO course_sections (course_id, title, position) VALUES (?, ?, 99)",
      matrixSection(db).courseId,
      `Victim section ${randomUUID().slice(0, 8)}`,
    ),
  course: (db: Database.Database) => insertCourse(db, `Victim course ${randomUUID().slice(0, 8)}`, 100_00),
  event: (db: Database.Database) => insertEvent(db, `Victim event ${randomUUID().slice(0, 8)}`),
  /** An event the owner registered for (found through the matrix event's registration); its id. */
  ownerRegistration: (db: Database.Database) => {
    const eventId = insertEvent(db, `Victim registration ${randomUUID().slice(0, 8)}`);
    db.prepare(
      `INSERT INTO event_registrations (user_id, event_id, name, email, phone)
       SELECT r.user_id, ?, 'Victim', 'victim@example.com', '9876543210' FROM event_registrations r JOIN events e ON e.id = r.event_id
       WHERE e.title LIKE 'Matrix event %' ORDER BY r.id LIMIT 1`,
    ).run(eventId);
    return eventId;
  },
  /** On sale at ₹123.45. */
  pricedCourse: (db: Database.Database) => insertCourse(db, `Priced course ${randomUUID().slice(0, 8)}`, VICTIM_PRICE_PAISE),
  /** ₹123.45 a seat. */
  pricedEvent: (db: Database.Database) => {
    const id = insertEvent(db, `Priced event ${randomUUID().slice(0, 8)}`);
    db.prepare("UPDATE events SET price_paise = ? WHERE id = ?").run(VICTIM_PRICE_PAISE, id);
    return id;
  },
  draftPost: (db: Database.Database) => {
    const tag = randomUUID().slice(0, 8);
    return insert(
      db,
      "INSERT INTO blog_posts (title, slug, content, excerpt, category, is_published) VALUES (?, ?, '<p>x</p>', 'x', 'education', 0)",
      `Victim post ${tag}`,
      `victim-${tag}`,
    );
  },
  testimonial: (db: Database.Database) => insert(db, "INSERT INTO testimonials (name, content, rating) VALUES ('Victim', 'Fine', 4)"),
  mentor: (db: Database.Database) => insert(db, "INSERT INTO mentors (name, title, bio) VALUES ('Victim Mentor', 'Mentor', 'Bio')"),
  coupon: (db: Database.Database) =>
    insert(db, "INSERT INTO coupons (code, percent_off) VALUES (?, 5)", `VICTIM${randomUUID().slice(0, 8).toUpperCase()}`),
  /** A session of the matrix batch (the one the mentor teaches and the owner is in), years away. */
  batchSession: (db: Database.Database) =>
    insert(
      db,
      "INSERT INTO batch_sessions (batch_id, title, starts_at, duration_minutes, join_url, prices_at_least_30_days_old) VALUES (?, 'Victim class', ?, 60, 'https://meet.jit.si/victim', 1)",
      (db.prepare("SELECT id FROM batches WHERE name LIKE 'Matrix batch %' ORDER BY id DESC LIMIT 1").get() as { id: number }).id,
      Date.parse("2031-01-13T13:30:00Z"),
    ),
  /** A batch of the matrix course nobody has joined (its URL names the matrix course). */
  batch: (db: Database.Database) =>
    insert(
      db,
      "INSERT INTO batches (course_id, name, starts_on, ends_on) VALUES (?, 'Victim batch', '2031-01-06', '2031-02-28')",
      matrixSection(db).courseId,
    ),
  /** A message the mail server refused eight times (state failed). */
  failedMessage: (db: Database.Database) =>
    insert(
      db,
      "INSERT INTO outbox_messages (kind, to_address, subject, text_body, message_id, state, attempts, last_error) VALUES ('test', 'v@example.com', 'Victim', 'Hello', ?, 'failed', 8, '550 refused')",
      `<${randomUUID()}@matrix.example>`,
    ),
  unreadMessage: (db: Database.Database) =>
    insert(db, "INSERT INTO contact_messages (name, email, subject, message) VALUES ('V', 'v@example.com', 'Victim', 'M')"),
  /** A listed export whose bytes are not on disk: revoking only needs the row. */
  sharedFile: (db: Database.Database) =>
    insert(
      db,
      "INSERT INTO shared_files (token, filename, stored_path, size_bytes) VALUES (?, 'victim.xlsx', ?, 1024)",
      randomBytes(32).toString("base64url"),
      `${randomBytes(16).toString("hex")}.xlsx`,
    ),
};
/** The matrix course's section, which curriculum victims join (their URLs name the matrix course). */
function matrixSection(db: Database.Database): { id: number; courseId: number } {
  return db
    .prepare("SELECT id, course_id AS courseId FROM course_sections WHERE title LIKE 'Matrix section %' ORDER BY id DESC LIMIT 1")
    .get() as { id: number; courseId: number };
}

export type VictimKind = keyof typeof victims;

/** A real export made by the admin through the API: its share link is the real token. */
async function exportUsers(url: string, cookie: string): Promise<{ id: number; token: string }> {
  const response = await fetch(`${url}/api/admin/export/users`, { headers: { Cookie: cookie } });
  const link = response.headers.get("x-shared-link") ?? "";
  await response.arrayBuffer();
  const token = link.split("/shared/")[1];
  if (response.status !== 200 || !token) throw new Error(`The export failed: ${response.status} ${link}`);
  return { id: 0, token };
}

/** One section on the course: an article with an attachment on disk, a live session, and the owner's certificate. */
function insertClassroom(db: Database.Database, course: number, owner: Student, tag: string, dataFolder: string) {
  const section = insert(db, "INSERT INTO course_sections (course_id, title, position) VALUES (?, 'Matrix section', 1)", course);
  const lesson = insert(
    db,
    "INSERT INTO lessons (course_id, section_id, position, title, type, body) VALUES (?, ?, 1, 'Matrix lesson', 'download', 'Read this.')",
    course,
    section,
  );
  const storedName = `${randomBytes(16).toString("hex")}.pdf`;
  mkdirSync(join(dataFolder, "lesson-files"), { recursive: true });
  writeFileSync(join(dataFolder, "lesson-files", storedName), "%PDF-1.4\nmatrix\n");
  const lessonFile = insert(
    db,
    "INSERT INTO lesson_files (lesson_id, kind, filename, stored_name, content_type, size_bytes) VALUES (?, 'attachment', 'sheet.pdf', ?, 'application/pdf', 16)",
    lesson,
    storedName,
  );
  const joinUrl = `https://meet.example.test/${tag}`;
  const liveLesson = insert(
    db,
    "INSERT INTO lessons (course_id, section_id, position, title, type, join_url, live_starts_at) VALUES (?, ?, 2, 'Matrix live', 'live', ?, ?)",
    course,
    section,
    joinUrl,
    Date.now() + DAY_MS,
  );
  const certificate = `TMA-2026-M${tag.slice(0, 7).toUpperCase()}`;
  insert(
    db,
    // The public check page shows this name to anyone: not one of the owner's private markers.
    "INSERT INTO certificates (number, user_id, course_id, student_name, course_title, completed_at) VALUES (?, ?, ?, 'Matrix Graduate', 'Matrix course', ?)",
    certificate,
    owner.id,
    course,
    Date.now(),
  );
  return { lesson, lessonFile, liveLesson, joinUrl, certificate };
}

export async function arrangeMatrix(url: string, database: string): Promise<Matrix> {
  const staff = { contentManager: createAdmin("content_manager", database), admin: createAdmin("admin", database) };
  // Made before the owner exists, so the file holds none of the owner's data.
  const exported = await exportUsers(url, await adminCookie(database, staff.admin));
  const owner = await createStudent({}, database);
  const other = await createStudent({}, database);
  const tag = randomUUID().slice(0, 8);
  const ownerSurname = `Owner${tag}`;
  const whatsapp = `+91 98${String(Date.now()).slice(-8)}`;
  const registrationPhone = `+91 97${String(Date.now() + 1).slice(-8)}`;
  const checkoutSession = `cs_test_owner_${tag}`;
  const draft = {
    post: `Draft post ${tag}`,
    testimonial: `Unapproved ${tag}`,
    course: `Hidden course ${tag}`,
    event: `Hidden event ${tag}`,
  };
  const inboxSubject = `Inbox subject ${tag}`;
  const outboxSubject = `Outbox subject ${tag}`;

  const ids = withDatabase((db): MatrixIds => {
    db.prepare("UPDATE users SET last_name = ? WHERE id = ?").run(ownerSurname, owner.id);
    const course = insertCourse(db, `Matrix course ${tag}`, 4999_00);
    const payCourse = insertCourse(db, `Matrix paid course ${tag}`, 2999_00);
    const freeCourse = insertCourse(db, `Matrix free course ${tag}`, 0);
    const apiFreeCourse = insertCourse(db, `Matrix API free course ${tag}`, 0);
    insertCourse(db, draft.course, 100_00, 0);
    const ownerName = `Ananya ${ownerSurname}`;
    const courseForm = insertForm(db, owner, ownerName, whatsapp, course);
    const order = insert(
      db,
      `INSERT INTO orders (user_id, course_id, payment_status, provider, provider_order_id, amount_paise, enrollment_form_id)
       VALUES (?, ?, 'completed', 'stripe', ?, ?, ?)`,
      owner.id,
      course,
      checkoutSession,
      4999_00,
      courseForm,
    );
    // Its GST invoice and a credit note (a partial refund), downloadable by the owner alone.
    const creditNote = insertTestInvoice(db, order, { credits: insertTestInvoice(db, order).id, totalPaise: 1_000_00 }).id;
    const event = insertEvent(db, `Matrix event ${tag}`);
    insert(
      db,
      "INSERT INTO event_registrations (user_id, event_id, name, email, phone) VALUES (?, ?, ?, ?, ?)",
      owner.id,
      event,
      ownerName,
      owner.email,
      registrationPhone,
    );
    insertEvent(db, draft.event, 0);
    const slug = `matrix-${tag}`;
    insert(
      db,
      "INSERT INTO blog_posts (title, slug, content, excerpt, category, is_published, published_at) VALUES (?, ?, '<p>x</p>', 'x', 'education', 1, ?)",
      `Matrix post ${tag}`,
      slug,
      Date.now() - DAY_MS,
    );
    const postId = Number(db.prepare("SELECT id FROM blog_posts WHERE slug = ?").pluck().get(slug));
    insert(
      db,
      "INSERT INTO blog_posts (title, slug, content, excerpt, category, is_published) VALUES (?, ?, '<p>x</p>', 'x', 'education', 0)",
      draft.post,
      `draft-${tag}`,
    );
    insert(db, "INSERT INTO testimonials (name, content, rating, is_approved) VALUES (?, 'Pending', 5, 0)", draft.testimonial);
    const coupon = `MATRIX${tag.toUpperCase()}`;
    const classroom = insertClassroom(db, course, owner, tag, dirname(database));
    return {
      ...classroom,
      course,
      checkoutSession,
      order,
      creditNote,
      payCourse,
      payForm: insertForm(db, owner, ownerName, whatsapp, payCourse),
      freeCourse,
      freeForm: insertForm(db, owner, ownerName, whatsapp, freeCourse),
      apiFreeCourse,
      apiFreeForm: insertForm(db, owner, ownerName, whatsapp, apiFreeCourse),
      event,
      pageEvent: insertEvent(db, `Matrix page event ${tag}`),
      apiEvent: insertEvent(db, `Matrix API event ${tag}`),
      post: { id: postId, slug },
      testimonial: insert(db, "INSERT INTO testimonials (name, content, rating, is_approved) VALUES ('Matrix', 'Good', 5, 1)"),
      mentor: insert(db, "INSERT INTO mentors (name, title, bio) VALUES ('Matrix Mentor', 'Mentor', 'Bio')"),
      coupon,
      couponId: insert(db, "INSERT INTO coupons (code, percent_off) VALUES (?, 10)", coupon),
      message: insert(
        db,
        "INSERT INTO contact_messages (name, email, subject, message) VALUES ('Visitor', 'visitor@example.com', ?, 'M')",
        inboxSubject,
      ),
      outboxMessage: insert(
        db,
        "INSERT INTO outbox_messages (kind, to_address, subject, text_body, message_id, user_id) VALUES ('test', ?, ?, 'Hello', ?, ?)",
        owner.email,
        outboxSubject,
        `<${tag}@matrix.example>`,
        owner.id,
      ),
      sharedFile: {
        id: Number(db.prepare("SELECT id FROM shared_files WHERE token = ?").pluck().get(exported.token)),
        token: exported.token,
      },
      curriculum: (() => {
        const section = insert(
          db,
          "INSERT INTO course_sections (course_id, title, position) VALUES (?, ?, 1)",
          course,
          `Matrix section ${tag}`,
        );
        const lesson = insert(
          db,
          "INSERT INTO lessons (course_id, section_id, position, title, type) VALUES (?, ?, 1, ?, 'article')",
          course,
          section,
          `Matrix lesson ${tag}`,
        );
        return { section, lesson };
      })(),
      batch: (() => {
        const mentor = insert(db, "INSERT INTO mentors (name, title, bio) VALUES ('Matrix Teacher', 'Mentor', 'Bio')");
        const someoneElse = insert(db, "INSERT INTO mentors (name, title, bio) VALUES ('Matrix Other Teacher', 'Mentor', 'Bio')");
        const batchOf = (name: string, lead: number) =>
          insert(
            db,
            "INSERT INTO batches (course_id, name, starts_on, ends_on, seats, lead_mentor_id) VALUES (?, ?, '2031-01-06', '2031-02-28', 30, ?)",
            course,
            name,
            lead,
          );
        const sessionOf = (batch: number) =>
          insert(
            db,
            "INSERT INTO batch_sessions (batch_id, title, starts_at, duration_minutes, join_url, prices_at_least_30_days_old) VALUES (?, 'Matrix class', ?, 90, 'https://meet.jit.si/matrix', 1)",
            batch,
            Date.parse("2031-01-06T13:30:00Z"),
          );
        const otherBatch = batchOf(`Other batch ${tag}`, someoneElse);
        const other = { id: otherBatch, session: sessionOf(otherBatch) };
        const id = batchOf(`Matrix batch ${tag}`, mentor);
        const session = sessionOf(id);
        // The owner holds a seat in it: the session's page is theirs.
        db.prepare("INSERT INTO batch_students (batch_id, course_id, user_id, joined_at) VALUES (?, ?, ?, ?)").run(
          id,
          course,
          owner.id,
          Date.now(),
        );
        return { id, session, mentor, other };
      })(),
      calendarFeed: (() => {
        const token = randomBytes(32).toString("base64url");
        db.prepare("INSERT INTO calendar_feeds (user_id, token) VALUES (?, ?)").run(owner.id, token);
        return token;
      })(),
      ownerUser: owner.id,
      lab: (() => {
        const dataset = db.prepare("SELECT id FROM market_datasets ORDER BY id LIMIT 1").get() as { id: number };
        const exercise = Number(
          db
            .prepare("INSERT INTO replay_exercises (course_id, dataset_id, title, start_seq) VALUES (?, ?, 'Matrix replay', 100)")
            .run(course, dataset.id).lastInsertRowid,
        );
        const replay = Number(
          db.prepare("INSERT INTO replays (exercise_id, user_id, revealed_seq) VALUES (?, ?, 100)").run(exercise, owner.id).lastInsertRowid,
        );
        const trade = Number(
          db
            .prepare(
              "INSERT INTO paper_trades (replay_id, user_id, side, quantity, entry_seq, entry_price, reason) VALUES (?, ?, 'buy', 5, 100, 2200000000, 'Matrix trade')",
            )
            .run(replay, owner.id).lastInsertRowid,
        );
        return { exercise, trade };
      })(),
    };
  }, database);
  // A mentor's account teaching the matrix batch, whose student the owner is.
  const admins = { ...staff, mentor: createAdmin("mentor", database, ids.batch.mentor) };

  const markers: PrivateMarkers[] = [
    // Whoever teaches the owner's batch knows them by name and address (its roster, its attendance form).
    {
      label: "the owner's account: name, address and id",
      values: [owner.id, owner.email, ownerSurname],
      visibleTo: ["student", "mentor", "admin"],
    },
    {
      label: "the owner's phones, orders, forms and registrations",
      values: [whatsapp, registrationPhone, checkoutSession],
      visibleTo: ["student", "admin"],
    },
    { label: "unpublished content", values: Object.values(draft), visibleTo: ["contentManager", "admin"] },
    { label: "the contact inbox", values: [inboxSubject], visibleTo: ["admin"] },
    // The matrix course's delete dialog counts its order (and forms) for the admin only.
    { label: "order figures", values: ["This course has 1 order"], visibleTo: ["admin"] },
    // The mail is the owner's: their data download (/account/privacy/download) holds it too.
    { label: "the mail outbox", values: [outboxSubject], visibleTo: ["student", "admin"] },
    // The feed's address opens the owner's timetable: only their account page shows it (not the data download, not admins).
    { label: "the owner's calendar feed address", values: [ids.calendarFeed], visibleTo: ["student"] },
  ];
  return { ids, owner, other, admins, markers };
}

/** A fresh signed-in cookie for the role (requests such as logout end the session they carry). */
export async function cookieFor(matrix: Matrix, database: string, role: Role): Promise<string | null> {
  switch (role) {
    case "anonymous":
      return null;
    case "student":
      return studentCookie(database, matrix.owner);
    case "otherStudent":
      return studentCookie(database, matrix.other);
    case "contentManager":
    case "mentor":
    case "admin":
      return adminCookie(database, matrix.admins[role]);
  }
}
