// A large institute's data, made on top of the demo content (`npm run db:seed
// -- --scale <students>`, and the benchmarks): ten years of students, their
// orders, leads, registrations, classroom progress, certificates, reviews,
// GST documents, mail and audit log, in fixed proportions to the number of
// students. Deterministic: the same count and `now` give the same rows. Rows
// go straight through prepared better-sqlite3 statements in one transaction;
// the amounts, GST split, document numbers and prices come from the app's own
// pure functions, so the app reads the data as it would read its own.
import type BetterSqlite3 from "better-sqlite3";
import { subMonths } from "date-fns";
import { InvoicingSettingsSchema, MIN_RETENTION_MONTHS } from "../app/schemas/site-settings";
import { addCoupons, addPastEvents, addSessionNotes, storeRedemptionCounts } from "./seed-scale/catalogue";
import { writeClassroom } from "./seed-scale/classroom";
import { writeConsents } from "./seed-scale/consent";
import { ADMIN_IDS, HOUR, SCALE_EMAIL_DOMAIN, YEAR, Writer, readCourses, readEvents, readSection } from "./seed-scale/context";
import { entriesFor, writeAudit } from "./seed-scale/audit";
import { writeForms } from "./seed-scale/leads";
import { writeOrders } from "./seed-scale/order-rows";
import { planOrders, type PlannedOrder } from "./seed-scale/orders";
import { writeOutbox } from "./seed-scale/outbox";
import { writePaymentEvents } from "./seed-scale/payments";
import { SEARCHABLE_LAST_NAME } from "./seed-scale/people";
import { createRandom } from "./seed-scale/random";
import { writeRegistrations } from "./seed-scale/registrations";
import { deferIndexes, deferSearchIndexes } from "./seed-scale/deferred-indexes";
import { insertStudents, makeStudents } from "./seed-scale/students";
import { chooseGstRegistration, issueTaxDocuments } from "./seed-scale/tax-documents";

/** Rows per student of each table the seed fills (100,000 students: 150,000 orders, 2,000,000 lesson_progress rows…). */
export const SCALE_RATIOS = {
  users: 1,
  orders: 1.5,
  enrollment_forms: 2,
  event_registrations: 0.5,
  lesson_progress: 20,
  certificates: 0.5,
  outbox_messages: 2,
  audit_log: 3,
  course_reviews: 0.2,
  tax_documents: 1,
} as const;
export type ScaledTable = keyof typeof SCALE_RATIOS;

/** How many rows of `table` the seed makes for this many students. */
export const scaledCount = (table: ScaledTable, students: number) => Math.round(students * SCALE_RATIOS[table]);

export type ScaleSummary = {
  students: number;
  /** The instant the data leads up to (ms since the epoch). */
  now: number;
  /** Rows added, by table (tables updated in place, such as coupons' counts, are not counted). */
  rows: Record<string, number>;
  /** From when the institute issued GST invoices: orders paid before had plain receipts. */
  gstRegisteredAt: number;
  /** Values a benchmark can point at. */
  sample: {
    /** A student with many orders. */
    studentId: string;
    studentEmail: string;
    studentOrders: number;
    /** The course with the most paid enrolments. */
    courseId: number;
    courseEnrollments: number;
    /** The event with the most registrations. */
    eventId: number;
    eventRegistrations: number;
    /** The India-time month ("2025-03") with the most tax documents. */
    taxMonth: string;
    taxMonthDocuments: number;
    /** A search that finds exactly one student (part of an email address). */
    userSearch: string;
    /** A surname shared by about one student in a hundred. */
    nameSearch: string;
    nameSearchMatches: number;
    certificateNumber: string | null;
  };
  /** Where the data could not follow the proportions (a small count, a full event…). */
  notes: string[];
};

export type ScaleOptions = {
  /** The present the data leads up to; taken once from the clock when not given. */
  now?: number;
  /** One password hash for every student (hashed once by the caller); none by default: nobody signs in as them. */
  passwordHash?: string | null;
};

/** A GSTIN of the right shape for the demo institute, for a database whose settings have none. */
const demoGstin = (stateCode: string) => `${stateCode}AABCT4821K1Z7`;
const IST = 5.5 * HOUR;

export function seedScaleData(database: BetterSqlite3.Database, students: number, options: ScaleOptions = {}): ScaleSummary {
  if (!Number.isSafeInteger(students) || students < 1) throw new RangeError(`Not a number of students: ${students}`);
  const now = options.now ?? Date.now();
  const courseCount = (database.prepare("SELECT count(*) AS n FROM courses").get() as { n: number }).n;
  if (courseCount === 0) throw new Error("The database has no courses: seed the demo content first");
  const earlier = database.prepare("SELECT 1 FROM users WHERE email LIKE ? LIMIT 1").get(`%@${SCALE_EMAIL_DOMAIN}`);
  if (earlier) throw new Error(`The database already holds scale data (students @${SCALE_EMAIL_DOMAIN}); start from a fresh one`);

  // For the seeding connection only, and put back after: no waiting on the disk for a data set that is
  // made again in a minute if lost, and a rollback journal instead of the write-ahead log, because the
  // pages written are nearly all new (a rollback journal keeps only the few old pages changed) and so are
  // written once, where the log would take them all and then copy them again into the file. With another
  // connection open on the file the log stays, and only the speed differs.
  const synchronous = database.pragma("synchronous", { simple: true });
  const cacheSize = database.pragma("cache_size", { simple: true });
  const leftLog = database.pragma("journal_mode", { simple: true }) === "wal" && leaveWriteAheadLog(database);
  database.pragma("synchronous = OFF");
  database.pragma("cache_size = -1048576");
  const foreignKeys = database.pragma("foreign_keys", { simple: true });
  database.pragma("foreign_keys = OFF");
  try {
    return database.transaction(() => generate(database, students, now, options.passwordHash ?? null)).immediate();
  } finally {
    database.pragma(`cache_size = ${Number(cacheSize)}`);
    database.pragma(`synchronous = ${Number(synchronous)}`);
    database.pragma(`foreign_keys = ${Number(foreignKeys)}`);
    if (leftLog) {
      database.pragma("journal_mode = WAL");
      // A connection that ran statements before the switch has its first checkpoint after it refused as
      // "table is locked" until it reads again; a caller checkpointing next should not meet that.
      database.prepare("SELECT 1 FROM sqlite_master LIMIT 1").get();
    }
  }
}

/** Switches to a rollback journal; false (the log kept) when another connection has the file open. */
function leaveWriteAheadLog(database: BetterSqlite3.Database): boolean {
  try {
    return database.pragma("journal_mode = DELETE", { simple: true }) === "delete";
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "SQLITE_BUSY") return false;
    throw error;
  }
}

function generate(database: BetterSqlite3.Database, count: number, now: number, passwordHash: string | null): ScaleSummary {
  const target = (table: ScaledTable) => scaledCount(table, count);
  const start = now - 10 * YEAR;
  const writer = new Writer(database);
  const notes: string[] = [];
  // Search triggers first: a table left with other triggers keeps its indexes (deferIndexes).
  const rebuildSearchIndexes = deferSearchIndexes(database, ["users", "enrollment_forms", "event_registrations", "outbox_messages"]);
  const recreateIndexes = deferIndexes(database, [
    "users",
    "orders",
    "enrollment_forms",
    "event_registrations",
    "tax_documents",
    "lesson_progress",
    "certificates",
    "quiz_attempts",
    "outbox_messages",
    "audit_log",
    "consent_records",
    "course_reviews",
    "payment_events",
  ]);

  const institute = readSection(database, "institute");
  const invoicing = readSection(database, "invoicing");
  const retention = readSection(database, "retention");
  const leadsKeptSince = subMonths(now, retention.leadMonths).getTime();
  const logsKeptSince = subMonths(now, Math.max(retention.logMonths ?? MIN_RETENTION_MONTHS, MIN_RETENTION_MONTHS)).getTime();

  const courses = readCourses(database, now);
  addSessionNotes(writer, courses, start);
  const events = [...addPastEvents(writer, createRandom("events"), count, start, now), ...readEvents(database)];
  const coupons = addCoupons(writer, start, now);

  const students = makeStudents(createRandom("students"), count, start, now);
  insertStudents(writer, students, passwordHash);

  const orders = planOrders(createRandom("orders"), students, courses, events, coupons, target("orders"), now);
  const gst = chooseGstRegistration(orders, target("tax_documents"));
  if (gst.documents !== target("tax_documents")) notes.push(`tax_documents: ${gst.documents}; GST began in July 2017`);
  for (const order of orders)
    if (order.coupon && (order.status === "completed" || order.status === "charged_back" || order.status === "revoked"))
      order.coupon.redemptions++;
  storeRedemptionCounts(database, coupons);

  // The institute registered for GST when its invoices begin; a database with a GSTIN already keeps its settings.
  const gstin = invoicing.gstin ?? demoGstin(invoicing.stateCode);
  if (!invoicing.gstin) {
    const value = InvoicingSettingsSchema.parse({ ...invoicing, gstin });
    database
      .prepare(
        "INSERT INTO site_settings (section, value, updated_at, updated_by) VALUES ('invoicing', ?, ?, ?) ON CONFLICT (section) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by",
      )
      .run(JSON.stringify(value), gst.registeredAt, ADMIN_IDS[3]);
    writer.rows.site_settings = 1;
  }

  const leads = writeForms(writer, createRandom("forms"), {
    target: target("enrollment_forms"),
    keptSince: leadsKeptSince,
    now,
    orders,
    students,
    courses,
    events,
    invoicingSince: gst.registeredAt,
  });
  writeOrders(writer, createRandom("order-rows"), orders, gst.registeredAt);
  const documents = issueTaxDocuments(
    database,
    writer,
    orders,
    gst.registeredAt,
    { ...invoicing, gstin },
    readSection(database, "annualReturns"),
  );

  const { registrations, shortfall } = writeRegistrations(writer, createRandom("registrations"), {
    target: target("event_registrations"),
    orders,
    students,
    events,
    now,
  });
  if (shortfall) notes.push(`event_registrations: ${shortfall} short; the free events were full`);

  const classroom = writeClassroom(writer, createRandom("classroom"), {
    orders,
    progressTarget: target("lesson_progress"),
    certificateTarget: target("certificates"),
    reviewTarget: target("course_reviews"),
    now,
  });
  notes.push(...classroom.notes);

  const paymentAudit = writePaymentEvents(writer, createRandom("payments"), orders, documents);
  writeOutbox(writer, createRandom("outbox"), {
    target: target("outbox_messages"),
    now,
    origin: (process.env.SITE_URL ?? "http://localhost:3000").replace(/\/$/, ""),
    institute,
    notifyAddress: readSection(database, "notifications").notifyAddress,
    students,
    orders,
    documents,
    registrations,
    leads,
  });
  const auditRandom = createRandom("audit");
  const linked = [
    ...paymentAudit,
    ...entriesFor(auditRandom, {
      orders,
      reviews: classroom.reviews,
      students,
      invoicingSavedAt: invoicing.gstin ? null : gst.registeredAt,
    }),
  ];
  writeAudit(writer, auditRandom, { target: target("audit_log"), keptSince: logsKeptSince, now, linked, students, courses, events });
  writeConsents(writer, students, leads, registrations);
  rebuildSearchIndexes();
  recreateIndexes();

  return {
    students: count,
    now,
    rows: writer.rows,
    gstRegisteredAt: gst.registeredAt,
    sample: sampleOf(orders, students, registrations, documents, classroom.certificates),
    notes,
  };
}

function most<T>(items: Iterable<T>): [T, number] | null {
  const counts = new Map<T, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  let best: [T, number] | null = null;
  for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
  return best;
}

function sampleOf(
  orders: PlannedOrder[],
  students: ReturnType<typeof makeStudents>,
  registrations: ReturnType<typeof writeRegistrations>["registrations"],
  documents: ReturnType<typeof issueTaxDocuments>,
  certificates: ReturnType<typeof writeClassroom>["certificates"],
): ScaleSummary["sample"] {
  const buyer = most(orders.map((order) => order.student));
  const course = most(orders.flatMap((order) => (order.course && order.status === "completed" ? [order.course.id] : [])));
  const event = most(registrations.map((registration) => registration.event.id));
  const month = (at: number) => new Date(at + IST).toISOString().slice(0, 7);
  const taxMonth = most(
    [...documents.values()]
      .flatMap((docs) => [docs.invoice, ...(docs.creditNote ? [docs.creditNote] : [])])
      .map((doc) => month(doc.issuedAt)),
  );
  const found = students[Math.floor(students.length * 0.54321)] ?? students[0];
  return {
    studentId: buyer?.[0].id ?? "",
    studentEmail: buyer?.[0].email ?? "",
    studentOrders: buyer?.[1] ?? 0,
    courseId: course?.[0] ?? 0,
    courseEnrollments: course?.[1] ?? 0,
    eventId: event?.[0] ?? 0,
    eventRegistrations: event?.[1] ?? 0,
    taxMonth: taxMonth?.[0] ?? "",
    taxMonthDocuments: taxMonth?.[1] ?? 0,
    userSearch: found ? `${found.email.split("@")[0]}@` : "",
    nameSearch: SEARCHABLE_LAST_NAME,
    nameSearchMatches: students.filter((student) => student.lastName === SEARCHABLE_LAST_NAME).length,
    certificateNumber: certificates[0]?.number ?? null,
  };
}
