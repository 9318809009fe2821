// The classroom behind the paid course orders: each student's progress
// through the course's lessons (required ones in order, optional notes as
// they liked), the quiz attempts that completed a quiz, the certificate of
// those who finished every required lesson (revoked where the course was
// later taken away or charged back), and reviews of the courses they hold.
import { ADMIN_IDS, DAY, HOUR, MINUTE, json, type Course, type Lesson, type Writer } from "./context";
import type { Random } from "./random";
import type { PlannedOrder } from "./orders";
import { fullName, type Student } from "./students";
import { reviewBody } from "./texts";

type Enrollment = {
  order: PlannedOrder;
  student: Student;
  course: Course;
  /** When the course stopped being the student's (taken away, charged back), or now. */
  end: number;
  certifiedAt: number | null;
  requiredDone: number;
  optionalDone: number;
};

export type Certificate = { id: number; number: string; enrollment: Enrollment };
export type Review = { id: number; createdAt: number; reviewedAt: number | null; reviewedBy: string | null; status: string };

// Crockford's base32 without I, L, O, U, as certificate numbers are written (lesson-progress.server.ts).
const CERTIFICATE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export function writeClassroom(
  writer: Writer,
  random: Random,
  args: { orders: PlannedOrder[]; progressTarget: number; certificateTarget: number; reviewTarget: number; now: number },
): { certificates: Certificate[]; reviews: Review[]; notes: string[] } {
  const { now } = args;
  const notes: string[] = [];
  const enrollments: Enrollment[] = [];
  const byStudentCourse = new Map<string, Enrollment>();
  for (const order of args.orders) {
    if (!order.course || order.paidAt === null || order.course.lessons.length === 0) continue;
    if (order.status !== "completed" && order.status !== "revoked" && order.status !== "charged_back") continue;
    const end = order.revokedAt ?? order.dispute?.closedAt ?? now;
    const enrollment = { order, student: order.student, course: order.course, end, certifiedAt: null, requiredDone: 0, optionalDone: 0 };
    // A course taken away and bought again is one classroom: its progress and certificate follow the later order.
    const key = `${order.student.number} ${order.course.id}`;
    const earlier = byStudentCourse.get(key);
    if (earlier) enrollments[enrollments.indexOf(earlier)] = enrollment;
    else enrollments.push(enrollment);
    byStudentCourse.set(key, enrollment);
  }

  // Who finished: enrolled at least two weeks, chosen at random.
  const candidates = random.shuffle(
    enrollments.filter((e) => e.end - (e.order.paidAt as number) >= 14 * DAY && e.course.lessons.some((lesson) => lesson.isRequired)),
  );
  if (candidates.length < args.certificateTarget) notes.push(`certificates: only ${candidates.length} enrollments could have finished`);
  for (const enrollment of candidates.slice(0, args.certificateTarget)) {
    const paidAt = enrollment.order.paidAt as number;
    const window = enrollment.end - paidAt;
    enrollment.certifiedAt = Math.round(paidAt + Math.min(window * random.between(0.3, 0.95), 5 * DAY + random.exponential(60 * DAY)));
  }

  // How far each got, then nudged (optional notes read) until the rows add up to the target.
  const required = (course: Course) => course.lessons.filter((lesson) => lesson.isRequired);
  const optional = (course: Course) => course.lessons.filter((lesson) => !lesson.isRequired);
  let rows = 0;
  for (const e of enrollments) {
    const requiredCount = required(e.course).length;
    e.requiredDone = e.certifiedAt !== null ? requiredCount : random.int(0, Math.max(0, requiredCount - 1));
    e.optionalDone = random.int(0, optional(e.course).length);
    rows += rowsOf(e, requiredCount);
  }
  for (let guard = 0; rows !== args.progressTarget && guard < 50 * enrollments.length; guard++) {
    const e = random.pick(enrollments);
    if (rows < args.progressTarget && e.optionalDone < optional(e.course).length) {
      e.optionalDone++;
      rows++;
    } else if (rows > args.progressTarget && e.optionalDone > 0) {
      e.optionalDone--;
      rows--;
    }
  }
  if (rows !== args.progressTarget) notes.push(`lesson_progress: ${rows} rows; the enrollments cannot hold ${args.progressTarget}`);

  const progressRows = writer.bulk(
    "lesson_progress",
    ["user_id", "lesson_id", "course_id", "started_at", "completed_at", "watched_percent"],
    100,
  );
  const attempts = writer.bulk("quiz_attempts", ["user_id", "lesson_id", "answers", "score_percent", "passed", "created_at"], 50);
  const progress = progressRows.add;
  const attempt = attempts.add;
  const quizAnswers = (lesson: Lesson, wrong: boolean) => {
    const answers: Record<string, number[]> = {};
    lesson.questions.forEach((question, index) => {
      answers[String(question.id)] =
        wrong && index === 0 ? [((question.correct[0] ?? 0) + 1) % Math.max(2, question.options)] : question.correct;
    });
    const right = lesson.questions.length - (wrong && lesson.questions.length ? 1 : 0);
    return { answers: json(answers), score: lesson.questions.length ? Math.round((right * 100) / lesson.questions.length) : 100 };
  };
  const failedAttempt = (e: Enrollment, lesson: Lesson, at: number) => {
    const failed = quizAnswers(lesson, true);
    if (lesson.questions.length && failed.score < (lesson.passPercent ?? 100))
      attempt(e.student.id, lesson.id, failed.answers, failed.score, 0, at);
  };

  // Written student by student, in key order, so the primary key's index grows at its end.
  const ordered = [...enrollments].sort((a, b) =>
    a.student.id < b.student.id ? -1 : a.student.id > b.student.id ? 1 : a.course.id - b.course.id,
  );
  for (const e of ordered) {
    const paidAt = e.order.paidAt as number;
    const start = Math.min(paidAt + random.between(10 * MINUTE, 3 * DAY), paidAt + (e.end - paidAt) * 0.1);
    const requiredLessons = required(e.course);
    const lastRequiredAt = e.certifiedAt ?? Math.round(Math.min(e.end - MINUTE, paidAt + random.between(DAY, 180 * DAY)));
    const lastOptionalAt = Math.round(Math.min(e.end - MINUTE, lastRequiredAt + random.between(DAY, 60 * DAY)));
    const write = (lesson: Lesson, at: number, done: boolean) => {
      const startedAt = Math.max(paidAt, at - random.int(2, 40) * MINUTE);
      if (lesson.type === "quiz" && done) {
        if (random.chance(0.25)) failedAttempt(e, lesson, Math.max(paidAt, startedAt - DAY));
        const passed = quizAnswers(lesson, false);
        attempt(e.student.id, lesson.id, passed.answers, passed.score, 1, at);
      } else if (lesson.type === "quiz") failedAttempt(e, lesson, startedAt + 5 * MINUTE);
      const watched = lesson.type === "video" ? (done ? 100 : random.int(5, 85)) : 0;
      progress(e.student.id, lesson.id, e.course.id, startedAt, done ? at : null, watched);
    };
    // Evenly from the start, the last at `to`: the last required lesson completes the course (the certificate's
    // time), or is the one still open.
    const spaced = (index: number, count: number, from: number, to: number) => Math.round(from + ((index + 1) / count) * (to - from));
    const next = e.certifiedAt === null ? requiredLessons[e.requiredDone] : undefined;
    const steps = e.requiredDone + (next ? 1 : 0);
    for (let i = 0; i < e.requiredDone; i++) write(requiredLessons[i] as Lesson, spaced(i, steps, start, lastRequiredAt), true);
    if (next) write(next, lastRequiredAt, false);
    const optionalLessons = optional(e.course);
    for (let i = 0; i < e.optionalDone; i++) write(optionalLessons[i] as Lesson, spaced(i, e.optionalDone, start, lastOptionalAt), true);
  }

  progressRows.flush();
  attempts.flush();
  const certificates = writeCertificates(writer, random, enrollments);
  const reviews = writeReviews(writer, random, enrollments, args.reviewTarget, now, notes);
  return { certificates, reviews, notes };
}

/** Rows an enrollment adds: the required lessons done, the one being worked on (not finished), the optional ones read. */
function rowsOf(e: Enrollment, requiredCount: number): number {
  return e.requiredDone + (e.certifiedAt === null && e.requiredDone < requiredCount ? 1 : 0) + e.optionalDone;
}

function writeCertificates(writer: Writer, random: Random, enrollments: Enrollment[]): Certificate[] {
  const insert = writer.into("certificates", [
    "number",
    "user_id",
    "course_id",
    "student_name",
    "course_title",
    "completed_at",
    "issued_at",
    "revoked_at",
    "revoked_reason",
  ]);
  const numbers = new Set<string>();
  const certified = enrollments.filter((e) => e.certifiedAt !== null).sort((a, b) => (a.certifiedAt as number) - (b.certifiedAt as number));
  return certified.map((e) => {
    const at = e.certifiedAt as number;
    let number: string;
    do number = `TMA-${new Date(at).getUTCFullYear()}-${random.chars(CERTIFICATE_ALPHABET, 8)}`;
    while (numbers.has(number));
    numbers.add(number);
    const revokedReason = e.order.status === "revoked" ? "access_revoked" : e.order.status === "charged_back" ? "chargeback" : null;
    const id = insert(
      number,
      e.student.id,
      e.course.id,
      fullName(e.student),
      e.course.title,
      at,
      at,
      revokedReason ? e.end : null,
      revokedReason,
    );
    return { id, number, enrollment: e };
  });
}

const RATINGS: readonly number[] = [5, 5, 5, 5, 5, 4, 4, 4, 3, 2];

function writeReviews(writer: Writer, random: Random, enrollments: Enrollment[], target: number, now: number, notes: string[]): Review[] {
  // Only a student who holds the course may review it, and only once.
  const eligible = random.shuffle(
    enrollments.filter((e) => e.order.status === "completed" && e.course.isActive && now - (e.order.paidAt as number) > DAY),
  );
  if (eligible.length < target) notes.push(`course_reviews: only ${eligible.length} students could review`);
  const insert = writer.into("course_reviews", [
    "course_id",
    "user_id",
    "rating",
    "body",
    "status",
    "reviewed_at",
    "reviewed_by",
    "created_at",
    "updated_at",
  ]);
  const drafts = eligible.slice(0, target).map((e) => {
    const paidAt = e.order.paidAt as number;
    const createdAt = Math.round(
      Math.min(paidAt + random.between(7 * DAY, 120 * DAY), paidAt + (now - paidAt) * random.between(0.3, 0.95)),
    );
    return { e, createdAt, rating: e.certifiedAt !== null ? random.pick(RATINGS.slice(0, 8)) : random.pick(RATINGS) };
  });
  drafts.sort((a, b) => a.createdAt - b.createdAt);
  return drafts.map(({ e, createdAt, rating }) => {
    // Reviews of the last fortnight are still waiting for an admin; older ones were decided within three days.
    const waiting = createdAt > now - 14 * DAY;
    const status = waiting ? "pending" : random.chance(0.88) ? "approved" : "rejected";
    const reviewedAt = waiting ? null : Math.min(now, createdAt + Math.round(random.between(HOUR, 72 * HOUR)));
    const reviewedBy = waiting ? null : random.pick(ADMIN_IDS);
    const id = insert(e.course.id, e.student.id, rating, reviewBody(random, rating), status, reviewedAt, reviewedBy, createdAt, createdAt);
    return { id, createdAt, reviewedAt, reviewedBy, status };
  });
}
