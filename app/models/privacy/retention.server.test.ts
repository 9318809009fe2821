import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { auditLog, consentRecords, contactMessages, enrollmentForms } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { deleteRetentionDue, findRetentionDue, RETENTION_ACTION, runDailyRetention } from "./retention.server";
import { saveSettings } from "../site/site-settings.server";

const NOW = new Date("2027-06-15T10:00:00Z");
const admin = { adminId: "retention-test" };

function lead(createdAt: Date) {
  return db
    .insert(enrollmentForms)
    .values({
      name: "Asha Rao",
      whatsappNumber: "+919800000000",
      state: "Maharashtra",
      city: "Pune",
      experienceLevel: "beginner",
      courseOrEventId: 1,
      courseOrEventType: "course",
      sourceOfLead: "website",
      createdAt,
    })
    .returning({ id: enrollmentForms.id })
    .get().id;
}

function message(createdAt: Date) {
  return db
    .insert(contactMessages)
    .values({ name: "Ravi", email: "ravi@example.com", subject: "Batch", message: "When is the next batch?", createdAt })
    .returning({ id: contactMessages.id })
    .get().id;
}

const leadIds = () =>
  db
    .select({ id: enrollmentForms.id })
    .from(enrollmentForms)
    .all()
    .map((row) => row.id);
const messageIds = () =>
  db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .all()
    .map((row) => row.id);

/** A run's record when no log or consent record was due. */
const noLogsBefore = (cutoff: string) => ({ logEntries: 0, shareDownloads: 0, logsCreatedBefore: cutoff, consentRecords: 0 });

beforeEach(() => {
  db.delete(consentRecords).run();
  db.delete(enrollmentForms).run();
  db.delete(contactMessages).run();
  db.delete(auditLog).run();
  saveSettings("retention", { leadMonths: 12, shareLinkDays: 7 }, admin);
});

describe("retention", () => {
  test("a row exactly N months old stays; a millisecond older is due", () => {
    const exactly = lead(new Date("2026-06-15T10:00:00Z"));
    const older = lead(new Date("2026-06-15T09:59:59.999Z"));
    const oldMessage = message(new Date("2025-01-05T04:00:00Z"));
    const recentMessage = message(new Date("2027-01-01T00:00:00Z"));

    expect(findRetentionDue(NOW)).toMatchObject({ leads: 1, messages: 1, oldest: new Date("2025-01-05T04:00:00Z") });

    expect(deleteRetentionDue(NOW)).toMatchObject({ leads: 1, messages: 1 });
    expect(leadIds()).toEqual([exactly]);
    expect(leadIds()).not.toContain(older);
    expect(messageIds()).toEqual([recentMessage]);
    expect(messageIds()).not.toContain(oldMessage);
    expect(findRetentionDue(NOW)).toMatchObject({ leads: 0, messages: 0, oldest: null });
  });

  test("the months come from settings", () => {
    lead(new Date("2026-03-01T00:00:00Z"));
    lead(new Date("2025-12-14T00:00:00Z"));
    expect(findRetentionDue(NOW).leads).toBe(2);
    saveSettings("retention", { leadMonths: 18, shareLinkDays: 7 }, admin);
    expect(findRetentionDue(NOW).leads).toBe(1);
    saveSettings("retention", { leadMonths: 24, shareLinkDays: 7 }, admin);
    expect(findRetentionDue(NOW).leads).toBe(0);
  });

  test("the daily run deletes once a day and records the counts", () => {
    lead(new Date("2020-01-01T00:00:00Z"));
    message(new Date("2020-01-02T00:00:00Z"));
    message(new Date("2020-01-03T00:00:00Z"));

    expect(runDailyRetention(NOW)).toMatchObject({ leads: 1, messages: 2 });
    lead(new Date("2020-01-04T00:00:00Z"));
    expect(runDailyRetention(new Date(NOW.getTime() + 23 * 3600_000))).toBeNull();
    expect(leadIds()).toHaveLength(1);
    expect(runDailyRetention(new Date(NOW.getTime() + 24 * 3600_000 + 1))).toMatchObject({ leads: 1, messages: 0 });
    expect(leadIds()).toEqual([]);

    const runs = db.select().from(auditLog).where(eq(auditLog.action, RETENTION_ACTION)).orderBy(auditLog.createdAt).all();
    expect(runs.map((row) => [row.actorType, row.details])).toEqual([
      [
        "system",
        { enrolmentLeads: 1, contactMessages: 2, createdBefore: "2026-06-15T10:00:00.000Z", ...noLogsBefore("2026-06-15T10:00:00.000Z") },
      ],
      [
        "system",
        { enrolmentLeads: 1, contactMessages: 0, createdBefore: "2026-06-16T10:00:00.001Z", ...noLogsBefore("2026-06-16T10:00:00.001Z") },
      ],
    ]);
  });

  test("processing logs stay at least 12 months, or the months set, then go", () => {
    const logAt = (iso: string) =>
      db
        .insert(auditLog)
        .values({ actorType: "system", actorId: "test", action: "test_log", createdAt: new Date(iso) })
        .returning({ id: auditLog.id })
        .get().id;
    const exactlyAYear = logAt("2026-06-15T10:00:00Z");
    logAt("2026-06-15T09:59:59.999Z");
    const fifteenMonths = logAt("2026-03-15T10:00:00Z");
    const logIds = () =>
      db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(eq(auditLog.action, "test_log"))
        .all()
        .map((row) => row.id);

    saveSettings("retention", { leadMonths: 12, shareLinkDays: 7, logMonths: 18 }, admin);
    expect(findRetentionDue(NOW).logEntries).toBe(0);
    saveSettings("retention", { leadMonths: 12, shareLinkDays: 7 }, admin);
    expect(findRetentionDue(NOW).logEntries).toBe(2);
    expect(deleteRetentionDue(NOW).logEntries).toBe(2);
    expect(logIds()).toEqual([exactlyAYear]);
    expect(logIds()).not.toContain(fifteenMonths);
  });

  test("consent records stay while the consent stands and three years after a withdrawal, then the whole chain goes", () => {
    const record = (who: { userId?: string; visitorId?: string }, purpose: string, decision: "granted" | "withdrawn", iso: string) =>
      db
        .insert(consentRecords)
        .values({ userId: null, visitorId: null, ...who, purpose, decision, source: "test", createdAt: new Date(iso) })
        .returning({ id: consentRecords.id })
        .get().id;
    const visitor = { visitorId: "0b6f4c1e-1111-4c1e-9a1e-000000000001" };
    const other = { visitorId: "0b6f4c1e-1111-4c1e-9a1e-000000000002" };
    // Withdrawn four years ago: the consent and its withdrawal both go.
    const oldGrant = record(visitor, "analytics", "granted", "2022-01-01T00:00:00Z");
    const oldWithdrawal = record(visitor, "analytics", "withdrawn", "2023-01-01T00:00:00Z");
    // Given six years ago and never withdrawn: the proof stays.
    const standing = record(visitor, "contact-reply", "granted", "2021-01-01T00:00:00Z");
    // Withdrawn less than three years ago: kept.
    record(other, "analytics", "granted", "2023-01-01T00:00:00Z");
    const recentWithdrawal = record(other, "analytics", "withdrawn", "2024-07-01T00:00:00Z");
    // Withdrawn long ago, then given again: the consent stands, so the whole history stays.
    const regrantChain = [
      record(other, "enrolment-callback", "granted", "2020-01-01T00:00:00Z"),
      record(other, "enrolment-callback", "withdrawn", "2021-01-01T00:00:00Z"),
      record(other, "enrolment-callback", "granted", "2026-01-01T00:00:00Z"),
    ];

    expect(findRetentionDue(NOW).consentRecords).toEqual([oldGrant, oldWithdrawal]);
    expect(runDailyRetention(NOW)).toMatchObject({ consentRecords: [oldGrant, oldWithdrawal] });
    const left = db
      .select({ id: consentRecords.id })
      .from(consentRecords)
      .all()
      .map((row) => row.id);
    expect(left).not.toContain(oldGrant);
    expect(left).not.toContain(oldWithdrawal);
    expect(left).toEqual(expect.arrayContaining([standing, recentWithdrawal, ...regrantChain]));
    expect(left).toHaveLength(6);
  });
});
