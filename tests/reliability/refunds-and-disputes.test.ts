import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { markdownTable } from "../../scripts/reliability-report";
import type { FakeStripe } from "../fixtures/fake-stripe";
import { adminCookie, createAdmin, createStudent, studentCookie } from "../support/accounts";
import { contentFingerprint, countRows, withDatabase } from "../support/database";
import { get, postJson, visibleText } from "./support/http";
import { reportWhenAllPass } from "./support/report-on-pass";
import { BASE_PORT, startSite, type Site } from "./support/production-server";
import { startFakeStripeForSite, webhooksAnswered } from "../support/fake-stripe-site";

// Money that goes back after a course was paid for: refunds made in Stripe's
// dashboard, and card disputes the bank opens and the institute wins or loses.
// Stripe tells the site by signed webhooks (the fake signs them as Stripe does)
// and redelivers them; the site revokes or flags the enrollment, shows it on the
// admin's Course Enrollments table, and a redelivery changes nothing.

const SITE_PORT = BASE_PORT + 128;
const STRIPE_PORT = BASE_PORT + 129;
const PRICE_PAISE = 499_900;

let site: Site;
let fake: FakeStripe;
let stripe: Stripe;
let admin = "";
const figures: (string | number)[][] = [];

/** Measured on the code before refunds and disputes were handled: the events were acknowledged and ignored. */
const BEFORE = "200, ignored: 'Completed', course kept";

reportWhenAllPass("refunds-and-disputes", () =>
  [
    "## Refunds, disputes and chargebacks by signed webhook (`tests/reliability/refunds-and-disputes.test.ts`)",
    "A student pays ₹4,999 for a course (Payment Element, the fake Stripe). Then Stripe's dashboard refunds part, then the rest, or the card holder disputes the charge and the dispute is won or lost. The fake Stripe sends each event signed as Stripe does; then every event is sent again (Stripe redelivers). The admin's view is the Users tab's Course Enrollments table; the student's access is `GET /api/my-enrollments`.",
    markdownTable(
      ["Stripe event", "Before", "Now: answer", "Now: admin sees", "Now: student has the course", "Redelivered: answer, rows changed"],
      figures,
    ),
  ].join("\n\n"),
);

beforeAll(async () => {
  let siteEnv: Record<string, string>;
  ({ fake, stripe, siteEnv } = await startFakeStripeForSite({
    port: STRIPE_PORT,
    webhookUrl: `http://localhost:${SITE_PORT}/api/stripe/webhook`,
  }));
  site = await startSite({ name: "refunds-and-disputes", port: SITE_PORT, env: siteEnv });
  admin = await adminCookie(site.database, createAdmin("admin", site.database));
}, 300_000);

afterAll(async () => {
  await site?.stop();
  await fake?.close();
});

let serial = 0;

/** A student enrolled in a course of their own by a card payment that succeeded. */
async function paidEnrollment() {
  serial += 1;
  const courseId = withDatabase(
    (db) =>
      Number(
        db
          .prepare(
            "INSERT INTO courses (title, short_description, description, duration, price_paise, is_active) VALUES (?, 's', 'd', '4 weeks', ?, 1)",
          )
          .run(`Refund test course ${serial}`, PRICE_PAISE).lastInsertRowid,
      ),
    site.database,
  );
  const student = await createStudent({}, site.database);
  const cookie = await studentCookie(site.database, student);
  const started = await postJson(`${site.url}/api/create-payment-intent`, { courseId }, cookie);
  expect(started.status).toBe(200);
  const { paymentIntentId } = (await started.json()) as { paymentIntentId: string };
  await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: "pm_card_visa" });
  // Enrolled now (201), or already by the webhook that raced the report (200).
  expect([200, 201]).toContain((await postJson(`${site.url}/api/enroll-course`, { courseId, paymentIntentId }, cookie)).status);
  await webhooksAnswered(fake);
  return { courseId, cookie, email: student.email, paymentIntentId };
}

type Enrollment = Awaited<ReturnType<typeof paidEnrollment>>;

async function hasCourse(enrollment: Enrollment): Promise<boolean> {
  const response = await get(`${site.url}/api/my-enrollments`, enrollment.cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as { courseId: number }[]).some((row) => row.courseId === enrollment.courseId);
}

/** The Payment column of the student's row in the admin's Course Enrollments table. */
async function adminSees(enrollment: Enrollment): Promise<string> {
  const response = await get(`${site.url}/admin/users/enrollments?q=${encodeURIComponent(enrollment.email)}`, admin);
  expect(response.status).toBe(200);
  const text = await visibleText(response);
  const labels = ["Charged back", "Refunded", "Completed", "Dispute open", "Partly refunded ₹[\\d,.]+"];
  return labels
    .flatMap((label) => text.match(new RegExp(`>(${label})<`, "g")) ?? [])
    .map((match) => match.slice(1, -1))
    .join(" + ");
}

/** The audit log's rows about the student's order, written by Stripe's events. */
const auditedActions = (enrollment: Enrollment) =>
  withDatabase(
    (db) =>
      (
        db
          .prepare(
            "SELECT a.action FROM audit_log a JOIN orders e ON a.entity_type = 'enrollment' AND a.entity_id = CAST(e.id AS TEXT) WHERE e.provider_payment_id = ? AND a.actor_type = 'system' AND a.actor_id = 'stripe' ORDER BY a.id",
          )
          .all(enrollment.paymentIntentId) as { action: string }[]
      ).map((row) => row.action),
    site.database,
  );

/** What money-related rows hold now: equal fingerprints mean nothing changed. */
const moneyRows = () => {
  const rows = contentFingerprint(site.database, []);
  return [rows.orders, rows.enrollment_forms, rows.audit_log, rows.payment_events, rows.coupons].join(":");
};

/** The events of these types Stripe sent about this payment, with the site's answers. */
const eventsOf = (enrollment: Enrollment, types: string[]) =>
  fake.events.filter(
    (event) =>
      types.includes(event.type) &&
      (JSON.parse(event.payload) as { data: { object: { payment_intent?: string } } }).data.object.payment_intent ===
        enrollment.paymentIntentId,
  );

/** Sends every one of these events again, as Stripe redelivers; returns the answers and whether any row changed. */
async function redeliver(events: FakeStripe["events"]): Promise<string> {
  const before = moneyRows();
  const answers = new Set<number>();
  for (const event of events) {
    const answer = (await (await fetch(`${fake.url}/__fake/events/${event.id}/resend`, { method: "POST" })).json()) as { status: number };
    answers.add(answer.status);
  }
  const changed = moneyRows() !== before;
  expect([...answers]).toEqual([200]);
  expect(changed).toBe(false);
  return `${[...answers].join(", ")} × ${events.length}, ${changed ? "changed" : "nothing changed"}`;
}

async function record(label: string, enrollment: Enrollment, events: FakeStripe["events"]) {
  const statuses = [...new Set(events.map((event) => event.deliveredStatus))].join(", ");
  figures.push([
    label,
    BEFORE,
    statuses,
    await adminSees(enrollment),
    (await hasCourse(enrollment)) ? "yes" : "no",
    await redeliver(events),
  ]);
}

const dispute = async (paymentIntentId: string) =>
  (await (await fetch(`${fake.url}/__fake/payment_intents/${paymentIntentId}/dispute`, { method: "POST" })).json()) as { id: string };
const closeDispute = (id: string, status: "won" | "lost") =>
  fetch(`${fake.url}/__fake/disputes/${id}/close`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ status }),
  });

describe("refunds", () => {
  test("a partial refund is flagged with its sum and the course kept; refunding the rest revokes the course", async () => {
    const enrollment = await paidEnrollment();
    expect(await adminSees(enrollment)).toBe("Completed");

    await stripe.refunds.create({ payment_intent: enrollment.paymentIntentId, amount: 100_000 });
    await webhooksAnswered(fake);
    const partial = eventsOf(enrollment, ["charge.refunded"]);
    expect(partial.map((event) => event.deliveredStatus)).toEqual([200]);
    expect(await adminSees(enrollment)).toBe("Completed + Partly refunded ₹1,000");
    expect(await hasCourse(enrollment)).toBe(true);
    await record("charge.refunded, ₹1,000 of ₹4,999", enrollment, partial);

    await stripe.refunds.create({ payment_intent: enrollment.paymentIntentId });
    await webhooksAnswered(fake);
    const whole = eventsOf(enrollment, ["charge.refunded"]);
    expect(await adminSees(enrollment)).toBe("Refunded");
    expect(await hasCourse(enrollment)).toBe(false);
    await record("charge.refunded, the rest (₹4,999 in all)", enrollment, whole);
    expect(auditedActions(enrollment)).toEqual(["order_partly_refunded", "order_refunded"]);
  });
});

describe("disputes", () => {
  test("an open dispute is flagged and the course kept; winning it clears the flag", async () => {
    const enrollment = await paidEnrollment();
    const { id } = await dispute(enrollment.paymentIntentId);
    await webhooksAnswered(fake);
    const opened = eventsOf(enrollment, ["charge.dispute.created", "charge.dispute.funds_withdrawn"]);
    expect(await adminSees(enrollment)).toBe("Completed + Dispute open");
    expect(await hasCourse(enrollment)).toBe(true);
    await record("charge.dispute.created + funds_withdrawn", enrollment, opened);

    expect((await closeDispute(id, "won")).status).toBe(200);
    await webhooksAnswered(fake);
    const won = eventsOf(enrollment, ["charge.dispute.closed", "charge.dispute.funds_reinstated"]);
    expect(await adminSees(enrollment)).toBe("Completed");
    expect(await hasCourse(enrollment)).toBe(true);
    await record("charge.dispute.closed (won) + funds_reinstated", enrollment, won);
    expect(auditedActions(enrollment)).toEqual(["order_dispute_opened", "order_dispute_won"]);
  });

  test("a lost dispute is a chargeback: the course is revoked", async () => {
    const enrollment = await paidEnrollment();
    const { id } = await dispute(enrollment.paymentIntentId);
    expect((await closeDispute(id, "lost")).status).toBe(200);
    await webhooksAnswered(fake);
    const lost = eventsOf(enrollment, ["charge.dispute.created", "charge.dispute.funds_withdrawn", "charge.dispute.closed"]);
    expect(await adminSees(enrollment)).toBe("Charged back");
    expect(await hasCourse(enrollment)).toBe(false);
    await record("charge.dispute.created, then closed (lost)", enrollment, lost);
    expect(auditedActions(enrollment)).toEqual(["order_dispute_opened", "order_charged_back"]);
  });
});

describe("forged events", () => {
  test("a refund event under a forged signature is refused and changes nothing", async () => {
    const enrollment = await paidEnrollment();
    await stripe.refunds.create({ payment_intent: enrollment.paymentIntentId });
    await webhooksAnswered(fake);
    const before = moneyRows();
    const [refund] = eventsOf(enrollment, ["charge.refunded"]);
    const forged = await fetch(`${site.url}/api/stripe/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` },
      body: refund!.payload.replace('"amount_refunded": 499900', '"amount_refunded": 1'),
    });
    expect(forged.status).toBe(400);
    expect(moneyRows()).toBe(before);
    expect(countRows(site.database, "payment_events", "event_id = ?", refund!.id)).toBe(1);
  });
});
