// The audit log of the last year or so: the retention job deletes rows older
// than the processing logs' months (never fewer than 12), so nothing older is
// left. The rows that follow from the seeded data (refunds, disputes, grants,
// offline payments, courses taken away, review decisions, deactivations, the
// daily retention run) are there; the rest of the count is the everyday kind
// an institute's site writes: throttles engaging, admins signing out and
// editing pages, students' details corrected.
import { ADMIN_IDS, DAY, HOUR, json, type Course, type SeedEvent, type Writer } from "./context";
import type { Review } from "./classroom";
import type { PlannedOrder } from "./orders";
import type { AuditEntry } from "./payments";
import { weightedPicker, type Random } from "./random";
import type { Student } from "./students";

const ADMIN_REASONS = [
  "Asked by the student on WhatsApp",
  "Correction after a call",
  "Requested by email",
  "Checked with the accounts team",
];

/** Linked rows for the orders, reviews and students the seed made. */
export function entriesFor(
  random: Random,
  args: { orders: PlannedOrder[]; reviews: Review[]; students: Student[]; invoicingSavedAt: number | null },
): AuditEntry[] {
  const entries: AuditEntry[] = [];
  const admin = () => random.pick(ADMIN_IDS);
  for (const order of args.orders) {
    const subject = { entityType: "enrollment", entityId: String(order.id) };
    const courseId = order.course?.id ?? null;
    if (order.provider === "grant" && order.paidAt !== null)
      entries.push({
        at: order.paidAt,
        actorType: "admin",
        actorId: admin(),
        action: "enrollment_granted",
        ...subject,
        details: { reason: "Scholarship place", userId: order.student.id, courseId },
      });
    if (order.provider === "offline" && order.paidAt !== null)
      entries.push({
        at: order.paidAt,
        actorType: "admin",
        actorId: admin(),
        action: "order_paid_offline",
        ...subject,
        details: {
          reason: "Paid at the institute",
          userId: order.student.id,
          courseId,
          amountPaise: order.amountPaise,
          method: "upi",
          reference: order.providerOrderId,
          receivedAt: new Date(order.at).toISOString(),
          billingEntered: false,
        },
      });
    if (order.revokedAt !== null)
      entries.push({
        at: order.revokedAt,
        actorType: "admin",
        actorId: admin(),
        action: "enrollment_revoked",
        ...subject,
        details: { reason: random.pick(ADMIN_REASONS), userId: order.student.id, courseId },
      });
  }
  for (const review of args.reviews)
    if (review.reviewedAt !== null && review.reviewedBy !== null)
      entries.push({
        at: review.reviewedAt,
        actorType: "admin",
        actorId: review.reviewedBy,
        action: `course_review_${review.status}`,
        entityType: "course_review",
        entityId: String(review.id),
        details: null,
      });
  for (const student of args.students)
    if (student.deactivatedAt !== null)
      entries.push({
        at: student.deactivatedAt,
        actorType: "admin",
        actorId: admin(),
        action: "user_deactivated",
        entityType: "user",
        entityId: student.id,
        details: { reason: "Shared their account with others" },
      });
  if (args.invoicingSavedAt !== null)
    entries.push({
      at: args.invoicingSavedAt,
      actorType: "admin",
      actorId: ADMIN_IDS[3],
      action: "settings_updated",
      entityType: "settings",
      entityId: "invoicing",
      details: null,
    });
  return entries;
}

const ipv4 = (random: Random) =>
  `${random.pick([49, 103, 106, 110, 117, 122, 152, 157, 182, 223])}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;

type Everyday = (random: Random, at: number) => Omit<AuditEntry, "at">;

/** The everyday rows, by how often each kind turns up. */
function everydayKinds(students: Student[], courses: Course[], events: SeedEvent[]): (random: Random) => Everyday {
  const throttle =
    (
      action: string,
      details: (random: Random) => Record<string, unknown>,
      subject?: (random: Random) => { entityType: string; entityId: string },
    ): Everyday =>
    (random) => ({
      actorType: "system",
      actorId: "throttle",
      action,
      entityType: null,
      entityId: null,
      ...subject?.(random),
      details: details(random),
    });
  const byAdmin =
    (action: string, subject: ((random: Random) => { entityType: string; entityId: string }) | null, reason: boolean): Everyday =>
    (random) => ({
      actorType: "admin",
      actorId: random.pick(ADMIN_IDS),
      action,
      entityType: null,
      entityId: null,
      ...subject?.(random),
      details: reason ? { reason: random.pick(ADMIN_REASONS) } : null,
    });
  const aStudent = (random: Random) => ({ entityType: "user", entityId: random.pick(students).id });
  const aCourse = (random: Random) => ({ entityType: "course", entityId: String(random.pick(courses).id) });
  const anEvent = (random: Random) => ({ entityType: "event", entityId: String(random.pick(events).id) });
  const forms = ["contact", "newsletter", "enrollment-form", "event-registration"];
  const lessonIds = courses.flatMap((course) => course.lessons.map((lesson) => lesson.id));
  return weightedPicker<Everyday>([
    [
      throttle("sign_in_throttled", (r) => ({
        rule: "client",
        client: ipv4(r),
        attempts: r.pick([10, 20, 40]),
        waitSeconds: r.pick([60, 300, 900]),
      })),
      22,
    ],
    [
      throttle(
        "sign_in_throttled",
        (r) => ({ rule: "account", client: ipv4(r), attempts: r.pick([5, 10, 20]), waitSeconds: r.pick([30, 120, 600]) }),
        (r) => ({ entityType: "email", entityId: r.pick(students).email }),
      ),
      10,
    ],
    [throttle("public_form_throttled", (r) => ({ form: r.pick(forms), client: ipv4(r), posts: 5 })), 18],
    [throttle("acknowledgements_capped", (r) => ({ form: r.pick(forms), client: ipv4(r), acknowledgements: 3 })), 6],
    [throttle("sign_up_throttled", (r) => ({ rule: "client", client: ipv4(r), signUps: 10 })), 5],
    [throttle("password_reset_throttled", (r) => ({ rule: r.pick(["client", "email"]), client: ipv4(r), requests: 5 })), 5],
    [
      throttle("coupon_guessing_throttled", (r) => ({ rule: "client", client: ipv4(r), studentId: r.pick(students).id, invalidCodes: 10 })),
      3,
    ],
    [byAdmin("admin_logout", null, false), 9],
    [byAdmin("user_updated", aStudent, true), 5],
    [byAdmin("user_verification_resent", aStudent, true), 4],
    [byAdmin("user_password_reset_sent", aStudent, true), 3],
    [byAdmin("course_updated", aCourse, false), 3],
    [byAdmin("event_updated", anEvent, false), 3],
    [byAdmin("lesson_updated", (r) => ({ entityType: "lesson", entityId: String(r.pick(lessonIds)) }), false), lessonIds.length ? 2 : 0],
    [
      byAdmin(
        "export_created",
        (r) => ({ entityType: "export", entityId: r.pick(["users", "enrollments", "registrations", "enrollment-forms", "all-data"]) }),
        false,
      ),
      2,
    ],
  ]);
}

export function writeAudit(
  writer: Writer,
  random: Random,
  args: {
    target: number;
    keptSince: number;
    now: number;
    linked: AuditEntry[];
    students: Student[];
    courses: Course[];
    events: SeedEvent[];
  },
): { written: number; dropped: number } {
  const { keptSince, now } = args;
  let entries = args.linked.filter((entry) => entry.at >= keptSince && entry.at <= now);
  // The retention job's own run, once a day at 2 am India time.
  const firstRun = Math.ceil((keptSince - 20.5 * HOUR) / DAY) * DAY + 20.5 * HOUR;
  const leadsPerDay = Math.round(args.target / 550);
  for (let at = firstRun; at <= now; at += DAY)
    entries.push({
      at,
      actorType: "system",
      actorId: "retention",
      action: "retention_deleted",
      entityType: null,
      entityId: null,
      details: {
        enrolmentLeads: random.int(Math.round(leadsPerDay * 0.5), Math.round(leadsPerDay * 1.5)),
        contactMessages: 0,
        createdBefore: new Date(at - (now - keptSince)).toISOString(),
        logEntries: random.int(0, Math.round(args.target / 300)),
        shareDownloads: 0,
        logsCreatedBefore: new Date(at - (now - keptSince)).toISOString(),
        consentRecords: 0,
      },
    });
  let dropped = 0;
  if (entries.length > args.target) {
    dropped = entries.length - args.target;
    entries = random.shuffle(entries).slice(0, args.target);
  }
  const everyday = everydayKinds(args.students, args.courses, args.events);
  for (let i = entries.length; i < args.target; i++) {
    const at = Math.round(keptSince + random.next() * (now - keptSince));
    entries.push({ at, ...everyday(random)(random, at) });
  }
  entries.sort((a, b) => a.at - b.at);
  const insert = writer.bulk("audit_log", ["actor_type", "actor_id", "action", "entity_type", "entity_id", "details", "created_at"], 100);
  for (const entry of entries)
    insert.add(
      entry.actorType,
      entry.actorId,
      entry.action,
      entry.entityType,
      entry.entityId,
      entry.details && json(entry.details),
      entry.at,
    );
  insert.flush();
  return { written: entries.length, dropped };
}
