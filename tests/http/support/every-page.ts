import { enrolStudent, makeClassroomCourse } from "../../support/classroom";
import { addRegistration, insertEvent, makeCoupon } from "../../support/rows";
import {
  adminApiClient,
  clientWithCookie,
  createAdmin,
  plantAdminSession,
  queryTestDatabase,
  studentClient,
  withDatabase,
  type HttpClient,
} from "./test";

// Every kind of page the site renders, public, a student's, the classroom's and
// the admin's, each with a row to show: the list the whole-site checks walk
// (valid HTML, query plans), so a new page is added to all of them at once.

const first = <Row>(sql: string, ...params: unknown[]) => {
  const [row] = queryTestDatabase<Row>(sql, ...params);
  if (!row) throw new Error(`No row for ${sql}`);
  return row;
};

/** Who opens which pages; `downloads` are files the pages link to (not HTML: the plans are checked, not the markup). */
export type EveryPage = { client: HttpClient; paths: string[]; downloads?: string[] }[];

/** Arranges a course with every lesson type, a student enrolled and registered, a coupon, a contact message; returns who opens which pages. */
export async function everyPage(visitor: HttpClient): Promise<EveryPage> {
  const course = makeClassroomCourse();
  const { client: student, student: studentRow } = await studentClient();
  enrolStudent(studentRow.id, course.id);
  const event = insertEvent("every page", { startsIn: 5 * 24 * 60 * 60 * 1000, maxParticipants: 20 });
  addRegistration(event.id, studentRow);
  const coupon = makeCoupon({ percentOff: 10 });
  // A contact message, so the inbox and the outbox have a row to show.
  await visitor.post("/contact", {
    form: { name: "Asha Rao", email: "asha.every.page@example.com", subject: "Batches", message: "When is the next one?", consent: "on" },
    headers: { "x-forwarded-for": "198.51.100.77" },
  });
  const { client: admin } = await adminApiClient("admin");

  const post = first<{ id: number; slug: string }>("SELECT id, slug FROM blog_posts WHERE is_published = 1 ORDER BY id LIMIT 1");
  const mentor = first<{ id: number }>("SELECT id FROM mentors ORDER BY id LIMIT 1");
  const testimonial = first<{ id: number }>("SELECT id FROM testimonials ORDER BY id LIMIT 1");
  const mail = first<{ id: number }>("SELECT id FROM outbox_messages ORDER BY id DESC LIMIT 1");
  const section = first<{ id: number }>("SELECT id FROM course_sections WHERE course_id = ? ORDER BY id LIMIT 1", course.id);
  const { batch, session, pastSession } = withDatabase((database) => {
    // Led by the mentor whose account opens the teaching pages below.
    const batchId = Number(
      database
        .prepare(
          "INSERT INTO batches (course_id, name, starts_on, ends_on, seats, lead_mentor_id) VALUES (?, 'Every page batch', '2031-01-06', '2031-02-28', 20, ?)",
        )
        .run(course.id, mentor.id).lastInsertRowid,
    );
    const sessionId = Number(
      database
        .prepare(
          "INSERT INTO batch_sessions (batch_id, title, starts_at, duration_minutes, join_url, prices_at_least_30_days_old) VALUES (?, 'Levels', ?, 90, 'https://meet.jit.si/every-page', 1)",
        )
        .run(batchId, Date.parse("2031-01-06T13:30:00Z")).lastInsertRowid,
    );
    database
      .prepare("INSERT INTO batch_students (batch_id, course_id, user_id, joined_at) VALUES (?, ?, ?, ?)")
      .run(batchId, course.id, studentRow.id, Date.now());
    // A class already over (its recording form is open) and another batch the student could be moved to.
    const pastSessionId = Number(
      database
        .prepare(
          "INSERT INTO batch_sessions (batch_id, title, starts_at, duration_minutes, join_url, prices_at_least_30_days_old) VALUES (?, 'Candles', ?, 90, 'https://meet.jit.si/every-page', 1)",
        )
        .run(batchId, Date.now() - 24 * 60 * 60 * 1000).lastInsertRowid,
    );
    database
      .prepare(
        "INSERT INTO batches (course_id, name, starts_on, ends_on, delivery_mode, venue_state_code, venue, seats) VALUES (?, 'Every page weekend batch', '2031-03-01', '2031-04-30', 'venue', '27', 'Pune', 20)",
      )
      .run(course.id);
    return { batch: { id: batchId }, session: { id: sessionId }, pastSession: { id: pastSessionId } };
  });
  const lesson = (id: number) => `/learn/${course.id}/${id}`;
  // The demo's blind replay, begun by the student with one paper trade, for the lab and the journal.
  const exercise = first<{ id: number; courseId: number; startSeq: number }>(
    "SELECT id, course_id AS courseId, start_seq AS startSeq FROM replay_exercises WHERE is_blind = 1 ORDER BY id LIMIT 1",
  );
  enrolStudent(studentRow.id, exercise.courseId);
  const trade = withDatabase((database) => {
    const replay = Number(
      database
        .prepare("INSERT INTO replays (exercise_id, user_id, revealed_seq) VALUES (?, ?, ?)")
        .run(exercise.id, studentRow.id, exercise.startSeq).lastInsertRowid,
    );
    return Number(
      database
        .prepare(
          "INSERT INTO paper_trades (replay_id, user_id, side, quantity, entry_seq, entry_price, reason) VALUES (?, ?, 'buy', 10, ?, 2200000000, 'Every page')",
        )
        .run(replay, studentRow.id, exercise.startSeq).lastInsertRowid,
    );
  });
  const mentorAccount = await clientWithCookie(await plantAdminSession(createAdmin("mentor", undefined, mentor.id)));
  const teaching = [
    `/admin/teaching`,
    `/admin/teaching/${batch.id}`,
    `/admin/teaching/${batch.id}/sessions/${session.id}`,
    `/admin/teaching/${batch.id}/journals`,
  ];

  return [
    {
      client: visitor,
      paths: [
        "/",
        "/about",
        "/courses",
        `/courses/${course.id}`,
        "/events",
        "/blog",
        `/blog/${post.slug}`,
        "/contact",
        "/gallery",
        "/testimonials",
        "/study-materials",
        "/chat",
        "/terms",
        "/privacy",
        "/refund-policy",
        "/disclaimer",
        "/grievances",
        "/login",
        "/signup",
        "/signup/check-email",
        "/forgot-password",
        "/reset-password?token=not-a-token",
        "/verify-email?token=not-a-token",
        "/newsletter",
        "/newsletter/confirm?token=not-a-token",
        "/enrollment-form",
        "/certificates/TMA-2026-NOTFOUND",
        "/signed-in",
        "/no-such-page",
        "/admin/login",
        "/admin/signed-in",
      ],
    },
    {
      client: student,
      paths: [
        "/?as=student",
        "/account",
        "/account/events",
        "/account/orders",
        "/account/privacy",
        "/learn",
        `/learn/${course.id}/sessions/${session.id}`,
        `/learn/${course.id}`,
        ...course.order.map(lesson),
        `/learn/${exercise.courseId}/lab/${exercise.id}`,
        "/learn/journal",
        `/learn/journal/${trade}`,
        `/events/${event.id}/register`,
        `/checkout?courseId=${makeClassroomCourse().id}`,
      ],
    },
    {
      client: admin,
      paths: [
        "/admin",
        "/admin/analytics",
        "/admin/courses",
        "/admin/courses/new",
        `/admin/courses/${course.id}`,
        `/admin/courses/${course.id}/curriculum`,
        `/admin/courses/${course.id}/curriculum/new`,
        `/admin/courses/${course.id}/curriculum/${course.lessons.quiz}`,
        `/admin/courses/${course.id}/curriculum/${course.lessons.live}`,
        `/admin/courses/${course.id}/curriculum/sections/${section.id}`,
        `/admin/courses/${course.id}/batches`,
        `/admin/courses/${exercise.courseId}/lab`,
        `/admin/courses/${course.id}/batches/new`,
        `/admin/courses/${course.id}/batches/${batch.id}`,
        `/admin/courses/${course.id}/batches/${batch.id}/timetable`,
        `/admin/courses/${course.id}/batches/${batch.id}/timetable/new`,
        `/admin/courses/${course.id}/batches/${batch.id}/timetable/${session.id}`,
        `/admin/courses/${course.id}/batches/${batch.id}/timetable/${session.id}/recording`,
        `/admin/courses/${course.id}/batches/${batch.id}/timetable/${pastSession.id}/recording`,
        `/admin/courses/${course.id}/batches/${batch.id}/cancel`,
        `/admin/courses/${course.id}/batches/${batch.id}/students/${studentRow.id}/move`,
        ...teaching,
        "/admin/events",
        "/admin/events/new",
        `/admin/events/${event.id}`,
        `/admin/events/${event.id}/registrations`,
        "/admin/users",
        `/admin/users/${studentRow.id}`,
        "/admin/users/enrollments",
        "/admin/users/enrollment-forms",
        "/admin/users/registrations",
        "/admin/users/export",
        "/admin/coupons",
        "/admin/coupons/new",
        `/admin/coupons/${coupon.id}`,
        "/admin/blog",
        "/admin/blog/new",
        `/admin/blog/${post.id}`,
        "/admin/mentors",
        "/admin/lab",
        "/admin/mentors/new",
        `/admin/mentors/${mentor.id}`,
        "/admin/testimonials",
        "/admin/testimonials/new",
        `/admin/testimonials/${testimonial.id}`,
        "/admin/content",
        "/admin/reviews",
        "/admin/inbox",
        "/admin/outbox",
        `/admin/outbox/${mail.id}`,
        "/admin/settings",
        "/admin/settings/invoice-register",
        "/admin/breach",
      ],
      downloads: [`/admin/teaching/${batch.id}/attendance.xlsx`],
    },
    // A mentor's account: the batches it teaches (a condition of its own on every query), the same pages.
    {
      client: mentorAccount,
      paths: teaching.map((path) => `${path}?as=mentor`),
      downloads: [`/admin/teaching/${batch.id}/attendance.xlsx`],
    },
  ];
}
