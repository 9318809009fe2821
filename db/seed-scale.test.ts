import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { orders } from "./schema";
import { seedDemoContent } from "./seed";
import { SCALE_RATIOS, scaledCount, seedScaleData, type ScaleSummary, type ScaledTable } from "./seed-scale";
import { SCALE_EMAIL_DOMAIN } from "./seed-scale/context";
import { db, migrateDatabase, openDatabase, type AppDatabase } from "~/utils/db.server";
import { findClaims } from "~/utils/claims";
import { couponDiscount } from "~/utils/coupon-rules";
import { financialYearOf, formatDocumentNumber, splitInclusiveTotal } from "~/utils/gst";
import { priceOrder } from "~/utils/pricing";
import { listUsersForAdmin } from "~/models/accounts/user.server";
import { findCertificate } from "~/models/classroom/certificate.server";
import { courseProgress } from "~/models/classroom/lesson-progress.server";
import { listStudentEnrollments } from "~/models/orders/enrollment.server";
import { issueInvoiceForOrder, readTaxDocumentsIssued } from "~/models/orders/tax-document.server";
import { readSettings } from "~/models/site/site-settings.server";

const NOW = new Date("2026-11-20T06:00:00.000Z");
const STUDENTS = 400;
const SCALE_USERS = `SELECT id FROM users WHERE email LIKE '%@${SCALE_EMAIL_DOMAIN}'`;

function seedBoth(database: AppDatabase): ScaleSummary {
  seedDemoContent(database, NOW, mkdtempSync(join(tmpdir(), "seed-scale-lesson-files-")));
  return seedScaleData(database.$client, STUDENTS, { now: NOW.getTime() });
}

const all = <T>(sql: string, ...params: unknown[]) => db.$client.prepare(sql).all(...params) as T[];
const one = <T>(sql: string, ...params: unknown[]) => db.$client.prepare(sql).get(...params) as T;

/** The rows the seed made, hashed table by table (demo rows left out: their ids and times differ from run to run). */
function fingerprint(database: AppDatabase): Record<string, string> {
  const queries: Record<string, string> = {
    users: `SELECT * FROM users WHERE id IN (${SCALE_USERS}) ORDER BY id`,
    orders: `SELECT * FROM orders WHERE user_id IN (${SCALE_USERS}) ORDER BY id`,
    enrollment_forms: "SELECT * FROM enrollment_forms ORDER BY id",
    event_registrations: "SELECT * FROM event_registrations ORDER BY id",
    lesson_progress: "SELECT * FROM lesson_progress ORDER BY user_id, lesson_id",
    quiz_attempts: "SELECT * FROM quiz_attempts ORDER BY id",
    certificates: "SELECT * FROM certificates ORDER BY id",
    course_reviews: `SELECT * FROM course_reviews WHERE user_id IN (${SCALE_USERS}) ORDER BY id`,
    tax_documents: "SELECT * FROM tax_documents ORDER BY id",
    payment_events: "SELECT * FROM payment_events ORDER BY provider, event_id",
    outbox_messages: "SELECT * FROM outbox_messages ORDER BY id",
    audit_log: "SELECT * FROM audit_log ORDER BY id",
    consent_records: "SELECT * FROM consent_records ORDER BY id",
  };
  return Object.fromEntries(
    Object.entries(queries).map(([table, sql]) => [
      table,
      createHash("sha256")
        .update(JSON.stringify(database.$client.prepare(sql).all()))
        .digest("hex"),
    ]),
  );
}

let summary: ScaleSummary;
beforeAll(() => {
  summary = seedBoth(db);
});

describe("seedScaleData", () => {
  test("every table gets its rows in the stated proportion, and nothing fell short", () => {
    for (const table of Object.keys(SCALE_RATIOS) as ScaledTable[]) expect(summary.rows[table], table).toBe(scaledCount(table, STUDENTS));
    expect(summary.notes).toEqual([]);
    const count = (sql: string) => one<{ n: number }>(sql).n;
    expect(count(`SELECT count(*) AS n FROM (${SCALE_USERS})`)).toBe(STUDENTS);
    expect(count(`SELECT count(*) AS n FROM orders WHERE user_id IN (${SCALE_USERS})`)).toBe(scaledCount("orders", STUDENTS));
    expect(count("SELECT count(*) AS n FROM lesson_progress")).toBe(scaledCount("lesson_progress", STUDENTS));
    expect(count("SELECT count(*) AS n FROM tax_documents")).toBe(scaledCount("tax_documents", STUDENTS));
    expect(count("SELECT count(*) AS n FROM outbox_messages")).toBe(scaledCount("outbox_messages", STUDENTS));
    expect(count("SELECT count(*) AS n FROM audit_log")).toBe(scaledCount("audit_log", STUDENTS));

    // Mostly paid, some abandoned or declined, a few percent refunded.
    const statuses = Object.fromEntries(
      all<{ status: string; n: number }>(
        `SELECT payment_status AS status, count(*) AS n FROM orders WHERE user_id IN (${SCALE_USERS}) GROUP BY 1`,
      ).map((row) => [row.status, row.n / scaledCount("orders", STUDENTS)]),
    );
    expect(statuses.completed).toBeGreaterThan(0.75);
    expect(statuses.failed).toBeGreaterThan(0.03);
    expect(statuses.refunded).toBeGreaterThan(0.01);
    expect(statuses.refunded).toBeLessThan(0.06);
  });

  test("the same count and time give the same rows", () => {
    const second = openDatabase(":memory:");
    migrateDatabase(second);
    const again = seedBoth(second);
    expect(again).toEqual(summary);
    expect(fingerprint(second)).toEqual(fingerprint(db));
    second.$client.close();
  });

  test("every reference holds, and the schema's triggers and indexes are back as the migrations made them", () => {
    expect(db.$client.pragma("foreign_key_check")).toEqual([]);
    expect(db.$client.pragma("integrity_check", { simple: true })).toBe("ok");
    const fresh = openDatabase(":memory:");
    migrateDatabase(fresh);
    const schema = (database: AppDatabase) =>
      database.$client.prepare("SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') ORDER BY name").all();
    expect(schema(db)).toEqual(schema(fresh));
    fresh.$client.close();
    // The connection's own settings are back too.
    expect(db.$client.pragma("foreign_keys", { simple: true })).toBe(1);
  });

  test("things happen in an order that could have happened", () => {
    const count = (sql: string) => one<{ n: number }>(sql).n;
    // Times are whole milliseconds in integer columns, as Drizzle writes them.
    const filled = ["users", "orders", "enrollment_forms", "event_registrations", "lesson_progress", "certificates", "tax_documents"];
    filled.push("outbox_messages", "audit_log", "consent_records", "course_reviews", "quiz_attempts", "payment_events", "events");
    for (const table of filled)
      for (const { name, type } of all<{ name: string; type: string }>(`PRAGMA table_info(${table})`))
        if (type === "integer")
          expect(count(`SELECT count(*) AS n FROM ${table} WHERE typeof(${name}) = 'real'`), `${table}.${name}`).toBe(0);
    expect(
      count(
        `SELECT count(*) AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE o.enrolled_at < u.created_at AND u.id IN (${SCALE_USERS})`,
      ),
    ).toBe(0);
    expect(count("SELECT count(*) AS n FROM enrollment_forms f JOIN users u ON u.id = f.user_id WHERE f.created_at < u.created_at")).toBe(
      0,
    );
    expect(
      count("SELECT count(*) AS n FROM event_registrations r JOIN events e ON e.id = r.event_id WHERE r.registered_at >= e.event_date"),
    ).toBe(0);
    // Progress only in a course the student paid for, after paying.
    expect(
      count(
        `SELECT count(*) AS n FROM lesson_progress p WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = p.user_id
           AND o.course_id = p.course_id AND o.payment_status IN ('completed', 'revoked', 'charged_back') AND o.enrolled_at <= p.started_at)`,
      ),
    ).toBe(0);
    // A certificate is issued when the last required lesson is completed.
    expect(
      count(
        `SELECT count(*) AS n FROM certificates c WHERE c.completed_at <> (SELECT max(p.completed_at) FROM lesson_progress p
           JOIN lessons l ON l.id = p.lesson_id WHERE p.user_id = c.user_id AND p.course_id = c.course_id AND l.is_required = 1)
           OR (SELECT count(*) FROM lessons l WHERE l.course_id = c.course_id AND l.is_required = 1) <> (SELECT count(p.completed_at)
           FROM lesson_progress p JOIN lessons l ON l.id = p.lesson_id WHERE p.user_id = c.user_id AND p.course_id = c.course_id AND l.is_required = 1)`,
      ),
    ).toBe(0);
  });

  test("tax documents are numbered per series and financial year as the app numbers them, and the app's next one follows on", () => {
    const settings = readSettings("invoicing");
    expect(settings.gstin).toBeTruthy();
    const documents = all<{
      id: number;
      kind: "invoice" | "credit_note";
      number: string;
      financial_year: string;
      sequence: number;
      issued_at: number;
      order_id: number;
      credited_document_id: number | null;
      total_paise: number;
      taxable_paise: number;
      cgst_paise: number;
      sgst_paise: number;
      igst_paise: number;
      round_off_paise: number;
      gst_rate_bps: number;
      place_of_supply: string;
    }>("SELECT * FROM tax_documents ORDER BY id");
    expect(new Set(documents.map((d) => d.number)).size).toBe(documents.length);
    // Ids follow the order of issue, as when the app issues them one by one.
    expect(documents.map((d) => d.issued_at)).toEqual([...documents.map((d) => d.issued_at)].sort((a, b) => a - b));
    const last = new Map<string, number>();
    for (const document of documents) {
      const series = `${document.kind} ${document.financial_year}`;
      expect(document.sequence, document.number).toBe((last.get(series) ?? 0) + 1);
      last.set(series, document.sequence);
      expect(document.financial_year).toBe(financialYearOf(new Date(document.issued_at)));
      const prefix = document.kind === "invoice" ? settings.invoicePrefix : settings.creditNotePrefix;
      expect(document.number).toBe(formatDocumentNumber(prefix, document.financial_year, document.sequence));
      const split = splitInclusiveTotal(document.total_paise, document.gst_rate_bps, document.place_of_supply === settings.stateCode);
      expect({ ...split }).toEqual({
        taxablePaise: document.taxable_paise,
        cgstPaise: document.cgst_paise,
        sgstPaise: document.sgst_paise,
        igstPaise: document.igst_paise,
        roundOffPaise: document.round_off_paise,
        totalPaise: document.total_paise,
      });
    }
    // A credit note for each refund, against that order's invoice, for all of it.
    const byId = new Map(documents.map((d) => [d.id, d]));
    for (const note of documents.filter((d) => d.kind === "credit_note")) {
      const invoice = byId.get(note.credited_document_id ?? 0);
      expect(invoice?.order_id).toBe(note.order_id);
      expect(invoice?.total_paise).toBe(note.total_paise);
      expect(one<{ payment_status: string; refunded_paise: number }>("SELECT * FROM orders WHERE id = ?", note.order_id)).toMatchObject({
        payment_status: "refunded",
        refunded_paise: note.total_paise,
      });
    }
    // Every order paid since the GST registration has its invoice; none before.
    const paid = all<{ id: number; invoices: number; at: number }>(
      `SELECT o.id, (SELECT count(*) FROM tax_documents t WHERE t.order_id = o.id AND t.kind = 'invoice') AS invoices, o.enrolled_at AS at
       FROM orders o WHERE o.user_id IN (${SCALE_USERS}) AND o.amount_paise > 0 AND o.payment_status IN ('completed', 'refunded', 'charged_back', 'revoked')
         AND o.provider <> 'offline'`,
    );
    for (const order of paid) expect(order.invoices, `order ${order.id}`).toBe(order.at >= summary.gstRegisteredAt ? 1 : 0);

    // The app's own next invoice continues this year's series.
    const student = one<{ id: string }>(`SELECT id FROM users WHERE id IN (${SCALE_USERS}) ORDER BY email LIMIT 1`);
    const billing = { name: "Test Buyer", address: "1, MG Road", city: "Pune", stateCode: "27", pin: "411001" };
    const order = db
      .insert(orders)
      .values({
        userId: student.id,
        courseId: 1,
        amountPaise: 299_900,
        paymentStatus: "pending",
        provider: "razorpay",
        billing,
        enrolledAt: NOW,
      })
      .returning({ id: orders.id })
      .get();
    const issued = db.transaction((tx) => issueInvoiceForOrder(tx, order.id, NOW));
    const year = financialYearOf(NOW);
    expect(issued?.number).toBe(formatDocumentNumber(settings.invoicePrefix, year, (last.get(`invoice ${year}`) ?? 0) + 1));
    db.$client.prepare("DELETE FROM tax_documents WHERE id = ?").run(issued?.id);
    db.$client.prepare("DELETE FROM orders WHERE id = ?").run(order.id);
  });

  test("amounts are the price less the coupon, in paise; coupons count their uses; refunds return the whole amount", () => {
    const rows = all<{
      amount: number;
      status: string;
      provider: string | null;
      refunded: number;
      price: number;
      kind: "percent" | "amount" | null;
      percent_off: number | null;
      amount_off: number | null;
    }>(
      `SELECT o.amount_paise AS amount, o.payment_status AS status, o.provider, o.refunded_paise AS refunded,
         coalesce(c.price_paise, e.price_paise) AS price, k.kind, k.percent_off, k.amount_off_paise AS amount_off
       FROM orders o LEFT JOIN courses c ON c.id = o.course_id LEFT JOIN events e ON e.id = o.event_id LEFT JOIN coupons k ON k.id = o.coupon_id
       WHERE o.user_id IN (${SCALE_USERS})`,
    );
    for (const row of rows) {
      const discount = row.kind ? couponDiscount({ kind: row.kind, percentOff: row.percent_off, amountOffPaise: row.amount_off }) : null;
      const expected = row.provider === "grant" ? 0 : priceOrder(row.price, discount).totalPaise;
      expect(row.amount).toBe(expected);
      expect(row.refunded).toBe(row.status === "refunded" ? row.amount : 0);
    }
    for (const coupon of all<{ counted: number; used: number }>(
      `SELECT k.redemption_count AS counted, (SELECT count(*) FROM orders o WHERE o.coupon_id = k.id
         AND o.payment_status IN ('completed', 'charged_back', 'revoked')) AS used FROM coupons k`,
    ))
      expect(coupon.counted).toBe(coupon.used);
  });

  test("the app's own reads work on it: the users list and its search, a student's courses and progress, the GST register", async () => {
    expect(listUsersForAdmin({ q: summary.sample.nameSearch }).total).toBe(summary.sample.nameSearchMatches);
    const found = listUsersForAdmin({ q: summary.sample.userSearch });
    expect(found.rows.map((row) => `${row.email.split("@")[0]}@`)).toContain(summary.sample.userSearch);
    expect(listUsersForAdmin().total).toBe(one<{ n: number }>("SELECT count(*) AS n FROM users").n);

    const enrolled = one<{ n: number }>(
      "SELECT count(*) AS n FROM orders WHERE user_id = ? AND course_id IS NOT NULL AND payment_status = 'completed'",
      summary.sample.studentId,
    ).n;
    expect(listStudentEnrollments(summary.sample.studentId)).toHaveLength(enrolled);

    const certificate = findCertificate(summary.sample.certificateNumber ?? "");
    expect(certificate).not.toBeNull();
    const holder = one<{ user_id: string }>("SELECT user_id FROM certificates WHERE number = ?", certificate?.number).user_id;
    const progress = courseProgress(holder, certificate?.courseId ?? 0);
    expect(progress.requiredDone).toBe(progress.requiredTotal);

    const [year, month] = summary.sample.taxMonth.split("-").map(Number) as [number, number];
    const ist = 5.5 * 3_600_000;
    let registered = 0;
    for await (const _ of readTaxDocumentsIssued(new Date(Date.UTC(year, month - 1, 1) - ist), new Date(Date.UTC(year, month, 1) - ist)))
      registered++;
    expect(registered).toBe(summary.sample.taxMonthDocuments);
  });

  test("its words claim no returns, profit or prizes", () => {
    const texts = [
      ...all<{ text: string }>("SELECT title || ' ' || description AS text FROM events WHERE is_active = 0"),
      ...all<{ text: string }>("SELECT title || ' ' || body AS text FROM lessons"),
      ...all<{ text: string }>(`SELECT body AS text FROM course_reviews WHERE user_id IN (${SCALE_USERS})`),
      ...all<{ text: string }>("SELECT subject || ' ' || text_body AS text FROM outbox_messages"),
    ];
    expect(texts.length).toBeGreaterThan(1000);
    expect(texts.flatMap((text) => findClaims(text.text).map((claim) => `${claim.why}: ${text.text.slice(0, 80)}`))).toEqual([]);
  });

  test("refuses a count that is not a positive whole number, and a database already seeded", () => {
    expect(() => seedScaleData(db.$client, 0)).toThrow(RangeError);
    expect(() => seedScaleData(db.$client, 1.5)).toThrow(RangeError);
    expect(() => seedScaleData(db.$client, 10)).toThrow(/already holds scale data/);
  });
});
