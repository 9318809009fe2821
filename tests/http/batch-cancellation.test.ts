import { siteWithFakeStripe } from "./support/payment-fakes";
import { insertTestInvoice, setInvoicing, taxDocumentsOf } from "../support/invoicing";
import {
  adminApiClient,
  auditActionsOf,
  beforeAll,
  createStudent,
  describe,
  expect,
  makeCourse,
  queryTestDatabase,
  studentClient,
  test,
  uniqueTitle,
  withDatabase,
} from "./support/test";

// Cancelling a batch (decision 0062), with the fake Stripe server taking the
// refunds through the app's real SDK: the institute calls the batch off, so
// each student gets back all they paid (a card payment refunded at Stripe
// with its credit note; money paid at the desk owed back by hand), their
// course closes, the classes still to come are cancelled, the waitlist ends,
// and everyone is mailed what they get back. A second press changes nothing.

const { stripe, fakeStripe } = await siteWithFakeStripe();
beforeAll(() => setInvoicing());

const DAY = 86_400_000;
const indiaDay = (offset: number) => new Date(Date.now() + offset * DAY + 5.5 * 3_600_000).toISOString().slice(0, 10);

type Seated = { id: string; email: string; orderId: number };

/** A course taught in batches, and a batch of it starting in ten days with two sessions (one past, one to come). */
function arrangeBatch() {
  const course = makeCourse({ pricePaise: 499_900, title: uniqueTitle("Cancelled") });
  const ids = withDatabase((database) => {
    database.prepare("UPDATE courses SET pacing = 'both' WHERE id = ?").run(course.id);
    const batch = Number(
      database
        .prepare("INSERT INTO batches (course_id, name, starts_on, ends_on, seats) VALUES (?, ?, ?, ?, 10)")
        .run(course.id, uniqueTitle("Evenings"), indiaDay(10), indiaDay(40)).lastInsertRowid,
    );
    const session = (startsAt: number) =>
      Number(
        database
          .prepare(
            "INSERT INTO batch_sessions (batch_id, title, starts_at, duration_minutes, join_url, prices_at_least_30_days_old) VALUES (?, 'Levels', ?, 60, 'https://meet.jit.si/cancelled', 1)",
          )
          .run(batch, startsAt).lastInsertRowid,
      );
    return { batch, pastSession: session(Date.now() - DAY), nextSession: session(Date.now() + 11 * DAY) };
  });
  const batchName = queryTestDatabase<{ name: string }>("SELECT name FROM batches WHERE id = ?", ids.batch)[0]!.name;
  return { course, batchName, ...ids, cancel: `/admin/courses/${course.id}/batches/${ids.batch}/cancel` };
}

/** An order of the batch, completed, and the student's seat with it. */
function seat(
  userId: string,
  courseId: number,
  batchId: number,
  order: { provider: string | null; amountPaise: number; paymentId?: string },
) {
  return withDatabase((database) => {
    const orderId = Number(
      database
        .prepare(
          "INSERT INTO orders (user_id, course_id, batch_id, payment_status, amount_paise, provider, provider_payment_id) VALUES (?, ?, ?, 'completed', ?, ?, ?)",
        )
        .run(userId, courseId, batchId, order.amountPaise, order.provider, order.paymentId ?? null).lastInsertRowid,
    );
    database
      .prepare("INSERT INTO batch_students (batch_id, course_id, user_id, order_id, joined_at) VALUES (?, ?, ?, ?, ?)")
      .run(batchId, courseId, userId, orderId, Date.now());
    return orderId;
  });
}

/** A student who paid ₹4,999 by card at the (fake) Stripe for a seat, with the order's tax invoice; webhooks held back. */
async function paidByCard(courseId: number, batchId: number): Promise<Seated & { paymentIntentId: string; invoice: { id: number } }> {
  const student = await createStudent({ firstName: "Meera", lastName: "Nair" });
  await fakeStripe.suppressWebhooks(student.id);
  const intent = await stripe.paymentIntents.create({ amount: 499_900, currency: "inr", metadata: { userId: student.id } });
  await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
  const orderId = seat(student.id, courseId, batchId, { provider: "stripe", amountPaise: 499_900, paymentId: intent.id });
  const invoice = withDatabase((database) => insertTestInvoice(database, orderId));
  return { id: student.id, email: student.email, orderId, paymentIntentId: intent.id, invoice };
}

async function paidAtDesk(courseId: number, batchId: number): Promise<Seated> {
  const student = await createStudent({ firstName: "Ravi", lastName: "Kumar" });
  return {
    id: student.id,
    email: student.email,
    orderId: seat(student.id, courseId, batchId, { provider: "offline", amountPaise: 300_000 }),
  };
}

async function paidNothing(courseId: number, batchId: number): Promise<Seated> {
  const student = await createStudent({ firstName: "Sana", lastName: "Shaikh" });
  return { id: student.id, email: student.email, orderId: seat(student.id, courseId, batchId, { provider: null, amountPaise: 0 }) };
}

async function waiting(batchId: number) {
  const student = await createStudent({ firstName: "Kiran", lastName: "Rao" });
  withDatabase((database) =>
    database.prepare("INSERT INTO waitlist (batch_id, user_id, status) VALUES (?, ?, 'waiting')").run(batchId, student.id),
  );
  return student;
}

const mailTo = (address: string) =>
  queryTestDatabase<{ kind: string; subject: string; text_body: string }>(
    "SELECT kind, subject, text_body FROM outbox_messages WHERE to_address = ? ORDER BY id",
    address,
  );
const orderState = (orderId: number) =>
  queryTestDatabase<{ payment_status: string; refunded_paise: number }>(
    "SELECT payment_status, refunded_paise FROM orders WHERE id = ?",
    orderId,
  )[0];
const seatsIn = (batchId: number) =>
  queryTestDatabase<{ user_id: string }>("SELECT user_id FROM batch_students WHERE batch_id = ?", batchId);
const creditNotesOf = (orderId: number) => taxDocumentsOf(orderId).filter((document) => document.kind === "credit_note");
const visible = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replace(/\s+/g, " ");

describe("cancelling a batch", () => {
  test("everyone gets back what they paid and is told so; the classes to come, the waitlist and the sale end; a second press changes nothing", async () => {
    const { course, batch, batchName, cancel, pastSession, nextSession } = arrangeBatch();
    const card = await paidByCard(course.id, batch);
    const desk = await paidAtDesk(course.id, batch);
    const free = await paidNothing(course.id, batch);
    const waitlisted = await waiting(batch);
    const { admin, client } = await adminApiClient("admin");

    const question = visible(await (await client.get(cancel)).text());
    expect(question).toContain(`Cancel “${batchName}”?`);
    expect(question).toContain("3 students leave the batch.");
    expect(question).toContain("₹4,999 is refunded in full through the payment provider, on 1 order, each with its credit note.");
    expect(question).toContain("₹3,000 was paid to the institute directly, on 1 order");
    expect(question).toContain("1 session still to come is cancelled.");
    expect(question).toContain("1 person on the waitlist is taken off it.");

    // No reason: refused, nothing changes.
    const refused = await client.post(cancel, { form: { reason: "" } });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Reason is required");
    expect(queryTestDatabase("SELECT cancelled_at FROM batches WHERE id = ?", batch)).toEqual([{ cancelled_at: null }]);

    const posted = await client.post(cancel, { form: { reason: "Mentor unavailable" }, maxRedirects: 0 });
    expect(posted.status()).toBe(302);
    expect(posted.headers().location).toBe(`/admin/courses/${course.id}/batches`);

    // The batch and its timetable: cancelled from now on; the class already held stays as it was.
    expect(
      queryTestDatabase<{ cancelled_at: number | null }>("SELECT cancelled_at FROM batches WHERE id = ?", batch)[0]?.cancelled_at,
    ).not.toBeNull();
    const sessions = queryTestDatabase<{ id: number; cancelled_at: number | null; sequence: number }>(
      "SELECT id, cancelled_at, sequence FROM batch_sessions WHERE batch_id = ? ORDER BY id",
      batch,
    );
    expect(sessions).toEqual([
      { id: pastSession, cancelled_at: null, sequence: 0 },
      { id: nextSession, cancelled_at: expect.any(Number), sequence: 1 },
    ]);

    // The card payment: refunded in full at Stripe, once, with a credit note against its invoice; the course closes.
    expect(orderState(card.orderId)).toEqual({ payment_status: "refunded", refunded_paise: 499_900 });
    expect(await fakeStripe.events({ paymentIntent: card.paymentIntentId, type: "charge.refunded" })).toHaveLength(1);
    await expect(stripe.refunds.create({ payment_intent: card.paymentIntentId })).rejects.toThrow("has already been refunded");
    const [creditNote] = creditNotesOf(card.orderId);
    expect(creditNote).toMatchObject({ total_paise: 499_900, credited_document_id: card.invoice.id, place_of_supply: "29" });
    expect(creditNote?.number).toMatch(/^TCN\/\d{2}-\d{2}\/\d{6}$/);
    // The desk payment is owed back by hand; the free seat had nothing to return. Both courses close.
    expect(orderState(desk.orderId)).toEqual({ payment_status: "revoked", refunded_paise: 0 });
    expect(orderState(free.orderId)).toEqual({ payment_status: "revoked", refunded_paise: 0 });
    expect(seatsIn(batch)).toEqual([]);
    expect(queryTestDatabase("SELECT status FROM waitlist WHERE batch_id = ?", batch)).toEqual([{ status: "lapsed" }]);

    // One mail each, saying what they get back, in rupees with Indian grouping.
    const [cardMail, ...cardMore] = mailTo(card.email);
    expect(cardMore).toEqual([]);
    expect(cardMail).toMatchObject({ kind: "batch-cancelled", subject: `Cancelled: ${batchName} of ${course.title}` });
    expect(cardMail?.text_body).toContain(`we have had to cancel ${batchName} of ${course.title}`);
    expect(cardMail?.text_body).toContain("We have refunded the full ₹4,999 you paid.");
    expect(cardMail?.text_body).toContain(`Your GST credit note is ${creditNote?.number}`);
    expect(
      mailTo(desk.email)
        .map((mail) => mail.text_body)
        .join(),
    ).toContain("You paid us ₹3,000 directly, and we will return the full ₹3,000 to you the same way.");
    expect(
      mailTo(free.email)
        .map((mail) => mail.text_body)
        .join(),
    ).toContain("You paid nothing for this batch, so there is nothing to refund.");
    expect(
      mailTo(waitlisted.email)
        .map((mail) => mail.text_body)
        .join(),
    ).toContain("You were on its waitlist: your place there has ended.");

    const actions = auditActionsOf(admin).map((row) => row.action);
    expect(actions.filter((action) => action === "batch_cancelled")).toHaveLength(1);
    expect(actions).toContain("order_refunded");

    // Not offered any more: the course page leaves it out, and checkout refuses it.
    const { client: buyer } = await studentClient();
    expect(await (await buyer.get(`/courses/${course.id}`)).text()).not.toContain(batchName);
    expect((await buyer.get(`/checkout?courseId=${course.id}&batch=${batch}`)).status()).toBe(404);
    expect(visible(await (await client.get(`/admin/courses/${course.id}/batches`)).text())).toContain(`${batchName} Cancelled`);

    // A second press: nothing more is refunded, issued, mailed or recorded.
    const before = {
      mails: queryTestDatabase("SELECT id FROM outbox_messages").length,
      documents: taxDocumentsOf().length,
      audit: auditActionsOf(admin).length,
    };
    expect(visible(await (await client.get(cancel)).text())).toContain("is cancelled already. There is nothing left to do.");
    const again = await client.post(cancel, { form: { reason: "Pressed twice" }, maxRedirects: 0 });
    expect(again.status()).toBe(302);
    expect({
      mails: queryTestDatabase("SELECT id FROM outbox_messages").length,
      documents: taxDocumentsOf().length,
      audit: auditActionsOf(admin).length,
    }).toEqual(before);
    expect(await fakeStripe.events({ paymentIntent: card.paymentIntentId, type: "charge.refunded" })).toHaveLength(1);
  });

  test("a refund Stripe refuses keeps that seat; once Stripe's report of the earlier refund arrives, pressing again settles it", async () => {
    const { course, batch, cancel } = arrangeBatch();
    const card = await paidByCard(course.id, batch);
    // Refunded from Stripe's dashboard, and not reported here yet: Stripe refuses to refund it again.
    await stripe.refunds.create({ payment_intent: card.paymentIntentId });
    const { client } = await adminApiClient("admin");
    const first = await client.post(cancel, { form: { reason: "Venue lost" }, maxRedirects: 0 });
    expect(first.status()).toBe(302);
    expect(seatsIn(batch)).toEqual([{ user_id: card.id }]);
    expect(orderState(card.orderId)).toEqual({ payment_status: "completed", refunded_paise: 0 });
    expect(mailTo(card.email)).toEqual([]);
    expect(visible(await (await client.get(cancel)).text())).toContain("but 1 student still has a seat: a refund was not made.");

    // Stripe's charge.refunded comes in: the order is refunded (with its credit note).
    const [event] = await fakeStripe.events({ paymentIntent: card.paymentIntentId, type: "charge.refunded" });
    expect(await fakeStripe.resend(event!.id)).toEqual({ status: 200, error: null });
    expect(orderState(card.orderId)).toEqual({ payment_status: "refunded", refunded_paise: 499_900 });

    const second = await client.post(cancel, { form: { reason: "Venue lost" }, maxRedirects: 0 });
    expect(second.status()).toBe(302);
    expect(seatsIn(batch)).toEqual([]);
    expect(
      mailTo(card.email)
        .map((mail) => mail.text_body)
        .join(),
    ).toContain("We have refunded the full ₹4,999 you paid.");
    // Stripe was asked for no second refund.
    expect(await fakeStripe.events({ paymentIntent: card.paymentIntentId, type: "charge.refunded" })).toHaveLength(1);
    expect(creditNotesOf(card.orderId)).toHaveLength(1);
  });

  test("a content manager may not cancel a batch: 403, and nothing changes", async () => {
    const { course, batch, cancel } = arrangeBatch();
    const card = await paidByCard(course.id, batch);
    const { client } = await adminApiClient("content_manager");
    expect((await client.get(cancel)).status()).toBe(403);
    expect((await client.post(cancel, { form: { reason: "Not mine to cancel" }, maxRedirects: 0 })).status()).toBe(403);
    expect(queryTestDatabase("SELECT cancelled_at FROM batches WHERE id = ?", batch)).toEqual([{ cancelled_at: null }]);
    expect(orderState(card.orderId)).toEqual({ payment_status: "completed", refunded_paise: 0 });
    expect(seatsIn(batch)).toHaveLength(1);
  });
});
