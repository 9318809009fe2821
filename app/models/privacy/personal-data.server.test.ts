import { HIDDEN_LINK } from "~/utils/single-use-links";
// A student's data: the export holds every row about them and nobody else's,
// without secrets; erasure leaves only the orders (unchanged) and the account
// row that owns them, in one transaction.
import { eq } from "drizzle-orm";
import { writtenMail } from "../../../tests/support/unit-mail";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  consentRecords,
  certificates,
  contactMessages,
  courseReviews,
  courseSections,
  courses,
  enrollmentForms,
  orders,
  eventRegistrations,
  batchStudents,
  batchSessions,
  sessionAttendance,
  lessonUnlocks,
  batches,
  calendarFeeds,
  sessionReminders,
  waitlist,
  events,
  lessonProgress,
  lessons,
  newsletterSubscribers,
  outboxMessages,
  quizAttempts,
  sessions,
  testimonials,
  userIdentities,
  users,
  userTokens,
} from "../../../db/schema";
import { db } from "~/utils/db.server";
import { eraseAccount, erasedEmail, exportPersonalData, orderKeptUntil } from "./personal-data.server";
import { getActiveUserById } from "../accounts/user.server";
import { grantCourse } from "../accounts/student-admin.server";

const NOW = new Date("2026-11-26T10:00:00Z");
let serial = 0;

/** A student with a row in every table that can hold something about them. */
function studentWithEverything() {
  serial += 1;
  const email = `privacy${serial}-${crypto.randomUUID().slice(0, 6)}@example.com`;
  const user = db
    .insert(users)
    .values({
      email,
      firstName: "Meera",
      lastName: `Rao${serial}`,
      phone: "9876500001",
      passwordHash: "argon-secret-hash",
      emailVerifiedAt: NOW,
    })
    .returning()
    .get();
  const course = db
    .insert(courses)
    .values({ title: `Swing ${serial}`, shortDescription: "s", description: "d", duration: "4 weeks" })
    .returning()
    .get();
  const section = db.insert(courseSections).values({ courseId: course.id, title: "Start", position: 1 }).returning().get();
  const lesson = db
    .insert(lessons)
    .values({ courseId: course.id, sectionId: section.id, position: 1, title: "One", type: "quiz", passPercent: 50 })
    .returning()
    .get();
  const event = db
    .insert(events)
    .values({ title: `Webinar ${serial}`, description: "d", eventDate: new Date(NOW.getTime() + 5 * 86_400_000), maxParticipants: 1 })
    .returning()
    .get();
  const form = db
    .insert(enrollmentForms)
    .values({
      userId: user.id,
      name: "Meera Rao",
      whatsappNumber: "9876500001",
      email,
      state: "Karnataka",
      city: "Mysuru",
      experienceLevel: "new",
      courseOrEventId: course.id,
      courseOrEventType: "course",
      sourceOfLead: "friend",
    })
    .returning()
    .get();
  const looseForm = db
    .insert(enrollmentForms)
    .values({
      userId: user.id,
      name: "Meera Rao",
      whatsappNumber: "9876500001",
      state: "Karnataka",
      city: "Mysuru",
      experienceLevel: "new",
      courseOrEventId: event.id,
      courseOrEventType: "event",
      sourceOfLead: "friend",
    })
    .returning()
    .get();
  const order = db
    .insert(orders)
    .values({
      userId: user.id,
      courseId: course.id,
      paymentStatus: "completed",
      amountPaise: 499_900,
      provider: "stripe",
      providerPaymentId: `pi_${serial}_${user.id}`,
      enrollmentFormId: form.id,
      enrolledAt: NOW,
    })
    .returning()
    .get();
  db.insert(userIdentities)
    .values({ userId: user.id, provider: "oidc", subject: `sub-${user.id}`, email })
    .run();
  db.insert(userTokens)
    .values({ userId: user.id, purpose: "verify-email", tokenHash: `hash-${user.id}`, email, expiresAt: NOW })
    .run();
  db.insert(sessions)
    .values({ sid: `sid-${user.id}`, sess: { userId: user.id }, expire: new Date(NOW.getTime() + 86_400_000) })
    .run();
  db.insert(eventRegistrations).values({ userId: user.id, eventId: event.id, name: "Meera Rao", email, phone: "9876500001" }).run();
  db.insert(waitlist).values({ userId: user.id, eventId: event.id }).run();
  const batch = db
    .insert(batches)
    .values({ courseId: course.id, name: "January", startsOn: "2027-01-04", endsOn: "2027-01-29" })
    .returning()
    .get();
  db.insert(batchStudents).values({ batchId: batch.id, courseId: course.id, userId: user.id, joinedAt: NOW }).run();
  const session = db
    .insert(batchSessions)
    .values({ batchId: batch.id, title: "Levels", startsAt: new Date("2027-01-04T13:30:00Z"), durationMinutes: 90 })
    .returning()
    .get();
  db.insert(sessionReminders)
    .values({ sessionId: session.id, userId: user.id, kind: "day-before", startsAt: session.startsAt, queuedAt: NOW })
    .run();
  db.insert(calendarFeeds)
    .values({ userId: user.id, token: `feed-token-${user.id}`, createdAt: NOW })
    .run();
  db.insert(sessionAttendance).values({ sessionId: session.id, userId: user.id, joinedAt: NOW, attended: true, markedAt: NOW }).run();
  db.insert(lessonUnlocks).values({ lessonId: lesson.id, userId: user.id, unlockedBy: "owner" }).run();
  db.insert(lessonProgress).values({ userId: user.id, lessonId: lesson.id, courseId: course.id, completedAt: NOW }).run();
  db.insert(quizAttempts)
    .values({ userId: user.id, lessonId: lesson.id, answers: { "1": [0] }, scorePercent: 100, passed: true })
    .run();
  db.insert(certificates)
    .values({
      number: `TMA-C-${user.id}`,
      userId: user.id,
      courseId: course.id,
      studentName: "Meera Rao",
      courseTitle: course.title,
      completedAt: NOW,
    })
    .run();
  db.insert(contactMessages).values({ name: "Meera", email: email.toUpperCase(), subject: "Batch", message: "When?" }).run();
  db.insert(newsletterSubscribers)
    .values({ email, unsubscribeToken: `unsubscribe-${user.id}`, confirmedAt: NOW })
    .run();
  db.insert(courseReviews).values({ userId: user.id, courseId: course.id, rating: 4, body: "Clear lessons on risk." }).run();
  db.insert(testimonials).values({ name: "Meera", content: "Patient mentors.", studentUserId: user.id }).run();
  db.insert(consentRecords).values({ userId: user.id, purpose: "analytics", decision: "granted", source: "banner" }).run();
  db.insert(outboxMessages)
    .values({
      kind: "order-confirmation",
      toAddress: email,
      subject: "You are enrolled",
      textBody: "Welcome",
      messageId: `<m-${user.id}@test>`,
      userId: user.id,
      attachments: [{ filename: "receipt.pdf", contentType: "application/pdf", contentBase64: "UERGLWJ5dGVz" }],
    })
    .run();
  db.insert(auditLog).values({ actorType: "admin", actorId: "owner", action: "user_updated", entityType: "user", entityId: user.id }).run();
  return { user, course, event, order, form, looseForm };
}

/** How many rows a plain SQL count finds. */
const count = (query: string, ...params: unknown[]) => (db.$client.prepare(query).get(...params) as { n: number }).n;

describe("exporting a student's data", () => {
  it("holds each table's rows of this student, none of another's, and no secret", () => {
    const { user, order, form } = studentWithEverything();
    const other = studentWithEverything();
    const data = exportPersonalData(user.id, NOW)!;

    expect(data.account).toMatchObject({ email: user.email, firstName: "Meera", phone: "9876500001", hasPassword: true });
    expect(data.orders).toEqual([expect.objectContaining({ id: order.id, amountPaise: 499_900, paymentStatus: "completed" })]);
    expect(data.enrollmentForms.map((row) => row.id)).toContain(form.id);
    for (const rows of [
      data.signInProviders,
      data.mailedLinks,
      data.sessions,
      data.eventRegistrations,
      data.waitlistPlaces,
      data.batchSeats,
      data.classAttendance,
      data.lessonsOpenedEarly,
      data.lessonProgress,
      data.quizAttempts,
      data.certificates,
      data.courseReviews,
      data.contactMessages,
      data.newsletterSubscriptions,
      data.consents,
      data.messagesToYou,
      data.activityLog,
    ])
      expect(rows).toHaveLength(1);
    expect(data.messagesToYou[0]!.attachments).toEqual(["receipt.pdf"]);
    expect(data.omitted).toContain("password hash");
    // The calendar feed is told (since when), its secret address is not; the reminders queued are listed.
    expect(data.calendarFeed).toEqual({ createdAt: NOW });
    expect(data.omitted).toContain("calendar feed");
    expect(data.sessionReminders).toEqual([expect.objectContaining({ kind: "day-before", queuedAt: NOW })]);

    const file = JSON.stringify(data);
    for (const secret of ["argon-secret-hash", `hash-${user.id}`, `sid-${user.id}`, "UERGLWJ5dGVz", `feed-token-${user.id}`])
      expect(file).not.toContain(secret);
    for (const foreign of [other.user.id, other.user.email, other.user.lastName!]) expect(file).not.toContain(foreign);
  });

  it("has nothing for an unknown or erased account", () => {
    const { user } = studentWithEverything();
    expect(exportPersonalData("no-such-user")).toBeNull();
    eraseAccount(user.id, NOW);
    expect(exportPersonalData(user.id)).toBeNull();
  });
});

describe("erasing an account", () => {
  it("keeps the orders intact and erases everything else, its sessions included; the email is free again", () => {
    const { user, order, form, looseForm, event } = studentWithEverything();
    const other = studentWithEverything();

    expect(eraseAccount(user.id, NOW)).toEqual({ ok: true, keptOrders: 1, keptUntil: "2033-12-31", revokedExports: [] });

    expect(db.select().from(orders).where(eq(orders.userId, user.id)).all()).toEqual([order]);
    const account = db.select().from(users).where(eq(users.id, user.id)).get()!;
    expect(account).toMatchObject({
      email: erasedEmail(user.id),
      firstName: null,
      lastName: null,
      phone: null,
      passwordHash: null,
      profileImageUrl: null,
      emailVerifiedAt: null,
      erasedAt: NOW,
    });
    expect(getActiveUserById(user.id)).toBeNull();

    const keptForm = db.select().from(enrollmentForms).where(eq(enrollmentForms.id, form.id)).get()!;
    expect(keptForm).toMatchObject({ name: "", whatsappNumber: "", email: null, city: "", state: "Karnataka", userId: user.id });
    expect(db.select().from(enrollmentForms).where(eq(enrollmentForms.id, looseForm.id)).get()).toBeUndefined();

    for (const table of [
      "user_identities",
      "user_tokens",
      "event_registrations",
      "waitlist",
      "batch_students",
      "session_attendance",
      "lesson_unlocks",
      "calendar_feeds",
      "session_reminders",
      "lesson_progress",
      "quiz_attempts",
      "certificates",
      "course_reviews",
      "outbox_messages",
    ])
      expect(count(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, user.id), table).toBe(0);
    expect(count("SELECT count(*) AS n FROM testimonials WHERE student_user_id = ?", user.id)).toBe(0);
    expect(count("SELECT count(*) AS n FROM sessions WHERE json_extract(sess, '$.userId') = ?", user.id)).toBe(0);
    expect(count("SELECT count(*) AS n FROM contact_messages WHERE lower(email) = ?", user.email)).toBe(0);
    expect(count("SELECT count(*) AS n FROM newsletter_subscribers WHERE email = ?", user.email)).toBe(0);
    expect(count("SELECT count(*) AS n FROM outbox_messages WHERE to_address = ?", user.email)).toBe(0);
    // The one seat of the upcoming event is free again.
    expect(count("SELECT count(*) AS n FROM event_registrations WHERE event_id = ?", event.id)).toBe(0);
    // Processing logs stay (DPDP rule 8(3)), with the erasure itself among them.
    expect(count("SELECT count(*) AS n FROM audit_log WHERE entity_type = 'user' AND entity_id = ?", user.id)).toBe(2);

    // The other student is untouched.
    expect(exportPersonalData(other.user.id)!.certificates).toHaveLength(1);
    // The real address can sign up again.
    expect(() => db.insert(users).values({ email: user.email }).run()).not.toThrow();
    expect(eraseAccount(user.id, NOW)).toEqual({ ok: false, reason: "not-found" });
  });

  it("changes nothing when it fails midway", () => {
    const { user } = studentWithEverything();
    const before = exportPersonalData(user.id, NOW);
    db.$client.exec(
      "CREATE TEMP TRIGGER refuse_certificate_delete BEFORE DELETE ON certificates BEGIN SELECT RAISE(ABORT, 'disk trouble'); END",
    );
    try {
      expect(() => eraseAccount(user.id, NOW)).toThrow("disk trouble");
    } finally {
      db.$client.exec("DROP TRIGGER refuse_certificate_delete");
    }
    expect(exportPersonalData(user.id, NOW)).toEqual(before);
  });
});

describe("rows kept under an email address", () => {
  /** What a visitor left under `email` without an account: a message, a sign-up and the mail answering the message. */
  function leftByVisitor(email: string) {
    db.insert(contactMessages).values({ name: "Vidya", email, subject: "My losses", message: "PAN ABCPV1234Q" }).run();
    db.insert(newsletterSubscribers)
      .values({ email: email.toLowerCase(), unsubscribeToken: `unsubscribe-${email}` })
      .run();
    db.insert(outboxMessages)
      .values({
        kind: "contact-acknowledgement",
        toAddress: email,
        subject: "We have your message",
        textBody: "Dear Vidya",
        messageId: `<v-${email}>`,
      })
      .run();
  }
  const rowsUnder = (email: string) => ({
    contact: count("SELECT count(*) AS n FROM contact_messages WHERE lower(email) = lower(?)", email),
    newsletter: count("SELECT count(*) AS n FROM newsletter_subscribers WHERE email = lower(?)", email),
    mail: count("SELECT count(*) AS n FROM outbox_messages WHERE lower(to_address) = lower(?)", email),
  });
  const account = (email: string, confirmed: boolean) =>
    db
      .insert(users)
      .values({ email, firstName: "Mallory", emailVerifiedAt: confirmed ? NOW : null })
      .returning()
      .get();

  it("are not an unconfirmed account's: neither in its file nor erased with it", () => {
    const email = `vidya-${crypto.randomUUID().slice(0, 6)}@example.com`;
    leftByVisitor(email.toUpperCase());
    const squatter = account(email, false);

    const data = exportPersonalData(squatter.id, NOW)!;
    expect([data.contactMessages, data.newsletterSubscriptions, data.messagesToYou]).toEqual([[], [], []]);
    expect(JSON.stringify(data)).not.toContain("ABCPV1234Q");

    eraseAccount(squatter.id, NOW);
    expect(rowsUnder(email)).toEqual({ contact: 1, newsletter: 1, mail: 1 });
  });

  it("are a confirmed account's: in its file and erased with it", () => {
    const email = `vidya-${crypto.randomUUID().slice(0, 6)}@example.com`;
    leftByVisitor(email.toUpperCase());
    const owner = account(email, true);

    const data = exportPersonalData(owner.id, NOW)!;
    expect([data.contactMessages, data.newsletterSubscriptions, data.messagesToYou].map((rows) => rows.length)).toEqual([1, 1, 1]);

    eraseAccount(owner.id, NOW);
    expect(rowsUnder(email)).toEqual({ contact: 0, newsletter: 0, mail: 0 });
  });

  it("mail tied to another account stays that account's, whatever address it went to", () => {
    const email = `moved-${crypto.randomUUID().slice(0, 6)}@example.com`;
    // The first holder of the address moved to another one; a second account then confirmed it.
    const first = account(`new-${email}`, true);
    db.insert(outboxMessages)
      .values({
        kind: "order-confirmation",
        toAddress: email,
        subject: "Your receipt",
        textBody: "Dear first",
        messageId: `<f-${email}>`,
        userId: first.id,
      })
      .run();
    const second = account(email, true);

    expect(exportPersonalData(second.id, NOW)!.messagesToYou).toEqual([]);
    eraseAccount(second.id, NOW);
    expect(exportPersonalData(first.id, NOW)!.messagesToYou.map((mail) => mail.subject)).toEqual(["Your receipt"]);
  });

  it("mail about the account's own orders is tied to it, so it is its own before the address is confirmed", () => {
    const { course } = studentWithEverything();
    const student = account(`grant-${crypto.randomUUID().slice(0, 6)}@example.com`, false);
    expect(grantCourse(student.id, course.id, { admin: { adminId: "owner" }, reason: "scholarship" }, NOW).ok).toBe(true);
    const [grant] = writtenMail(student.email, "course-granted");

    expect(exportPersonalData(student.id, NOW)!.messagesToYou.map((message) => message.subject)).toEqual([grant?.subject]);
    expect(grant?.subject).toMatch(/^You are enrolled in /);
    eraseAccount(student.id, NOW);
    expect(count("SELECT count(*) AS n FROM outbox_messages WHERE to_address = ?", student.email)).toBe(0);
  });

  it("the file never carries a mailed link's single-use token", () => {
    const student = account(`link-${crypto.randomUUID().slice(0, 6)}@example.com`, false);
    const text = "Confirm here:\n\nhttps://site.example/verify-email?token=Secret_Token-123\n\nThe link works once.";
    db.insert(outboxMessages)
      .values({
        kind: "verify-email",
        toAddress: student.email,
        subject: "Confirm",
        textBody: text,
        messageId: `<t-${student.id}>`,
        userId: student.id,
      })
      .run();
    const file = JSON.stringify(exportPersonalData(student.id, NOW));
    expect(file).not.toContain("Secret_Token-123");
    expect(file).toContain(HIDDEN_LINK);
  });
});

describe("how long an order is kept", () => {
  it("is 72 months from the annual return's due date (31 December after the financial year ends on 31 March)", () => {
    expect(orderKeptUntil(new Date("2026-11-26T10:00:00Z"))).toBe("2033-12-31");
    expect(orderKeptUntil(new Date("2027-03-31T18:00:00Z"))).toBe("2033-12-31");
    // 1 April in India is already the next financial year.
    expect(orderKeptUntil(new Date("2027-03-31T18:40:00Z"))).toBe("2034-12-31");
  });
});
