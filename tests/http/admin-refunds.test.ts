import { siteWithFakeStripe } from "./support/payment-fakes";
import { billingOnRecord, insertTestInvoice, setInvoicing, taxDocumentsOf } from "../support/invoicing";
import {
  adminApiClient,
  beforeAll,
  clientWithCookie,
  createStudent,
  describe,
  expect,
  type HttpResponse,
  makeCourse,
  ordersOf,
  plantSession,
  queryTestDatabase,
  test,
  uniqueTitle,
  withDatabase,
} from "./support/test";

// The money side of the admin's page for one student (/admin/users/:id):
// recording a payment made outside the site (cash, bank transfer, UPI to the
// institute's VPA) as a paid order with its invoice and receipt mail;
// refunding an order through the fake Stripe server (the app's real SDK talks
// to it) or, for an offline order, as money returned by hand; and the
// refusals that store nothing.

// The fake Stripe delivers its webhooks to this file's site over loopback.
const { stripe, fakeStripe } = await siteWithFakeStripe();

const pageOf = (id: string) => `/admin/users/${id}`;
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
const tomorrow = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date(Date.now() + 86_400_000));

const mailTo = (address: string) =>
  queryTestDatabase<{ kind: string; subject: string; text_body: string }>(
    "SELECT kind, subject, text_body FROM outbox_messages WHERE to_address = ? ORDER BY id",
    address,
  );
const auditOf = (adminId: string) =>
  queryTestDatabase<{ action: string; details: string }>(
    "SELECT action, details FROM audit_log WHERE actor_type = 'admin' AND actor_id = ? ORDER BY id",
    adminId,
  ).map((row) => ({ action: row.action, details: JSON.parse(row.details) as Record<string, unknown> }));

async function expectRefused(response: HttpResponse, status: number, message: string) {
  expect(response.status()).toBe(status);
  const markup = (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
  expect(markup).toContain(message);
}

async function arrange() {
  const student = await createStudent({ firstName: "Meera", lastName: "Nair" });
  // Her billing details from an earlier checkout: an offline payment's invoice names them.
  billingOnRecord(student.id);
  const { admin, client } = await adminApiClient("admin");
  const studentBrowser = await clientWithCookie(await plantSession(student));
  const course = makeCourse({ pricePaise: 999_900, title: uniqueTitle("Offline") });
  return { student, admin, client, studentBrowser, course, page: pageOf(student.id) };
}

beforeAll(() => setInvoicing());

describe("an offline payment", () => {
  test("UPI with its UTR: the student is enrolled, invoiced and mailed the receipt; the orders list shows it", async () => {
    const { student, admin, client, studentBrowser, course, page } = await arrange();
    const utr = `UTR${Date.now()}`;
    const posted = await client.post(page, {
      form: {
        intent: "offline-payment",
        courseId: course.id,
        amount: "8,000",
        method: "upi",
        reference: utr,
        receivedOn: today(),
        reason: "Paid by UPI",
      },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    expect(posted.headers().location).toBe(page);

    const [order] = ordersOf(student.id, course.id);
    expect(order).toMatchObject({ payment_status: "completed", amount_paise: 800_000 });
    expect((await studentBrowser.get(`/learn/${course.id}`)).status()).toBe(200);
    const [invoice] = taxDocumentsOf(order?.id);
    expect(invoice).toMatchObject({ kind: "invoice", total_paise: 800_000 });
    const [mail] = mailTo(student.email);
    expect(mail?.subject).toContain(`You are enrolled in ${course.title}`);
    expect(mail?.text_body).toContain(`Your GST tax invoice ${invoice?.number} is attached`);
    expect(auditOf(admin.adminId)).toEqual([
      {
        action: "order_paid_offline",
        details: expect.objectContaining({ reason: "Paid by UPI", method: "upi", reference: utr, amountPaise: 800_000 }),
      },
    ]);

    const listed = await (await client.get(page)).text();
    expect(listed).toContain(`Offline (${utr})`);
    expect(listed).toContain(invoice?.number);
    expect(listed).toContain("₹8,000");
  });

  test("cash without a reference, amount left blank: the course's price", async () => {
    const { student, client, course, page } = await arrange();
    const posted = await client.post(page, {
      form: {
        intent: "offline-payment",
        courseId: course.id,
        amount: "",
        method: "cash",
        reference: "",
        receivedOn: today(),
        reason: "At the desk",
      },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    expect(ordersOf(student.id, course.id)).toMatchObject([{ payment_status: "completed", amount_paise: 999_900 }]);
  });

  test("refusals store nothing: a used reference, a course already paid, ₹0, no reference, a future date, no reason", async () => {
    const { student, client, course, page } = await arrange();
    const other = await arrange();
    const utr = `NEFT${Date.now()}`;
    const base = {
      intent: "offline-payment",
      courseId: String(course.id),
      amount: "5000",
      method: "bank_transfer",
      reference: utr,
      receivedOn: today(),
      reason: "Bank",
    };
    expect((await other.client.post(other.page, { form: { ...base, courseId: String(other.course.id) }, maxRedirects: 0 })).status()).toBe(
      302,
    );

    await expectRefused(await client.post(page, { form: base }), 409, `Reference ${utr} is already recorded on another order.`);
    await expectRefused(
      await client.post(page, { form: { ...base, amount: "0" } }),
      400,
      "An amount of ₹0 is not a payment: use Grant a course instead.",
    );
    await expectRefused(
      await client.post(page, { form: { ...base, reference: "" } }),
      400,
      "Reference is required: the UTR or receipt number",
    );
    await expectRefused(
      await client.post(page, { form: { ...base, reference: "X1", receivedOn: tomorrow() } }),
      400,
      "Date received cannot be in the future",
    );
    await expectRefused(await client.post(page, { form: { ...base, reference: "X1", reason: " " } }), 400, "Reason is required");
    expect(ordersOf(student.id, course.id)).toEqual([]);
    expect(mailTo(student.email)).toEqual([]);

    // A course the student already has: refused too (the form offers only other courses).
    await client.post(page, { form: { ...base, reference: "", method: "cash" }, maxRedirects: 0 });
    await expectRefused(
      await client.post(page, { form: { ...base, reference: "X2" } }),
      409,
      "This student is already enrolled in that course.",
    );
    expect(ordersOf(student.id, course.id)).toHaveLength(1);
  });

  test("a content manager gets 403 and stores nothing", async () => {
    const { student, course, page } = await arrange();
    const { client: contentManager } = await adminApiClient("content_manager");
    const form = { intent: "offline-payment", courseId: String(course.id), method: "cash", receivedOn: today(), reason: "try" };
    expect((await contentManager.post(page, { form, maxRedirects: 0 })).status()).toBe(403);
    expect(ordersOf(student.id, course.id)).toEqual([]);
  });
});

type RefundState = { payment_status: string; refunded_paise: number };
const orderState = (orderId: number) =>
  queryTestDatabase<RefundState>("SELECT payment_status, refunded_paise FROM orders WHERE id = ?", orderId)[0];

/** A ₹4,999 order the student paid by card at the (fake) Stripe, with its tax invoice; its webhooks held back for the test to send. */
async function paidByCard(userId: string, courseId: number) {
  await fakeStripe.suppressWebhooks(userId);
  const intent = await stripe.paymentIntents.create({ amount: 499_900, currency: "inr", metadata: { userId } });
  await stripe.paymentIntents.confirm(intent.id, { payment_method: "pm_card_visa" });
  return withDatabase((database) => {
    const orderId = Number(
      database
        .prepare(
          "INSERT INTO orders (user_id, course_id, payment_status, amount_paise, provider, provider_payment_id) VALUES (?, ?, 'completed', 499900, 'stripe', ?)",
        )
        .run(userId, courseId, intent.id).lastInsertRowid,
    );
    insertTestInvoice(database, orderId);
    return { orderId, paymentIntentId: intent.id };
  });
}

const refundForm = (orderId: number, fields: Record<string, string>) => ({ intent: "refund", enrollmentId: String(orderId), ...fields });

describe("a refund through Stripe", () => {
  test("in full: Stripe returns it, the order is refunded with a credit note, the course closes, the student is mailed; the webhook after changes nothing", async () => {
    const { student, admin, client, studentBrowser, course, page } = await arrange();
    const { orderId, paymentIntentId } = await paidByCard(student.id, course.id);
    expect((await studentBrowser.get(`/learn/${course.id}`)).status()).toBe(200);

    const step = await (await client.get(`${page}?confirm=refund&enrollment=${orderId}`)).text();
    expect(step).toContain(`Refund &quot;${course.title}&quot; to Meera Nair?`);
    expect(step).toContain("₹4,999 is left to refund");

    const posted = await client.post(`${page}?confirm=refund&enrollment=${orderId}`, {
      form: refundForm(orderId, { amount: "4999", reason: "Batch cancelled" }),
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    expect(orderState(orderId)).toEqual({ payment_status: "refunded", refunded_paise: 499_900 });
    // One refund made at Stripe (each sends a charge.refunded), and nothing left there to refund.
    expect(await fakeStripe.events({ paymentIntent: paymentIntentId, type: "charge.refunded" })).toHaveLength(1);
    await expect(stripe.refunds.create({ payment_intent: paymentIntentId })).rejects.toThrow("has already been refunded");
    const creditNotes = taxDocumentsOf(orderId).filter((document) => document.kind === "credit_note");
    expect(creditNotes).toMatchObject([{ total_paise: 499_900 }]);
    expect((await studentBrowser.get(`/learn/${course.id}`, { maxRedirects: 0 })).status()).toBe(302);
    const [mail] = mailTo(student.email).filter((message) => message.kind === "order-refunded");
    expect(mail?.subject).toBe(`Your refund of ₹4,999 for ${course.title}`);
    expect(mail?.text_body).toContain(creditNotes[0]?.number);
    expect(mail?.text_body).toContain("5–7 working days");
    expect(auditOf(admin.adminId)).toEqual([
      {
        action: "order_refunded",
        details: expect.objectContaining({ reason: "Batch cancelled", amountPaise: 499_900, courseTakenAway: true }),
      },
    ]);

    // Stripe's charge.refunded reports the same total: acknowledged, nothing more recorded.
    const [event] = await fakeStripe.events({ paymentIntent: paymentIntentId, type: "charge.refunded" });
    expect(await fakeStripe.resend(event!.id)).toEqual({ status: 200, error: null });
    expect(orderState(orderId)).toEqual({ payment_status: "refunded", refunded_paise: 499_900 });
    expect(taxDocumentsOf(orderId).filter((document) => document.kind === "credit_note")).toHaveLength(1);
    expect(mailTo(student.email).filter((message) => message.kind === "order-refunded")).toHaveLength(1);
  });

  test("in part: the student keeps the course; the rest can be refunded later and then closes it", async () => {
    const { student, client, studentBrowser, course, page } = await arrange();
    const { orderId, paymentIntentId } = await paidByCard(student.id, course.id);
    const first = await client.post(page, {
      form: refundForm(orderId, { amount: "1000", reason: "Missed two sessions" }),
      maxRedirects: 0,
    });
    expect(first.status()).toBe(302);
    expect(orderState(orderId)).toEqual({ payment_status: "completed", refunded_paise: 100_000 });
    expect((await studentBrowser.get(`/learn/${course.id}`)).status()).toBe(200);
    expect(await (await client.get(page)).text()).toContain("₹1,000");

    const [event] = await fakeStripe.events({ paymentIntent: paymentIntentId, type: "charge.refunded" });
    expect(await fakeStripe.resend(event!.id)).toEqual({ status: 200, error: null });
    expect(orderState(orderId)).toEqual({ payment_status: "completed", refunded_paise: 100_000 });

    // The amount left blank: all that is left.
    expect(
      (await client.post(page, { form: refundForm(orderId, { amount: "", reason: "Left the batch" }), maxRedirects: 0 })).status(),
    ).toBe(302);
    expect(orderState(orderId)).toEqual({ payment_status: "refunded", refunded_paise: 499_900 });
    expect(await fakeStripe.events({ paymentIntent: paymentIntentId, type: "charge.refunded" })).toHaveLength(2);
    await expect(stripe.refunds.create({ payment_intent: paymentIntentId })).rejects.toThrow("has already been refunded");
    expect(
      taxDocumentsOf(orderId)
        .filter((document) => document.kind === "credit_note")
        .map((note) => note.total_paise),
    ).toEqual([100_000, 399_900]);
  });

  test("refusals change nothing: more than is left, less than ₹1, no reason, a content manager (403)", async () => {
    const { student, admin, client, course, page } = await arrange();
    const { orderId, paymentIntentId } = await paidByCard(student.id, course.id);
    await expectRefused(
      await client.post(page, { form: refundForm(orderId, { amount: "5000", reason: "x" }) }),
      400,
      "Refund amount cannot be more than what is left to refund: ₹4,999.",
    );
    await expectRefused(
      await client.post(page, { form: refundForm(orderId, { amount: "0.50", reason: "x" }) }),
      400,
      "Refund amount must be at least ₹1",
    );
    await expectRefused(await client.post(page, { form: refundForm(orderId, { amount: "100", reason: "" }) }), 400, "Reason is required");
    const { client: contentManager } = await adminApiClient("content_manager");
    expect((await contentManager.post(page, { form: refundForm(orderId, { amount: "100", reason: "x" }), maxRedirects: 0 })).status()).toBe(
      403,
    );
    expect(orderState(orderId)).toEqual({ payment_status: "completed", refunded_paise: 0 });
    expect(auditOf(admin.adminId)).toEqual([]);
    // Stripe made no refund: all of it can still be refunded.
    expect((await stripe.refunds.create({ payment_intent: paymentIntentId })).amount).toBe(499_900);
  });

  test("the same refund posted twice at once (a double submit) is made and recorded once", async () => {
    const { student, client, course, page } = await arrange();
    const { orderId, paymentIntentId } = await paidByCard(student.id, course.id);
    const form = refundForm(orderId, { amount: "4999", reason: "Batch cancelled" });
    const answers = await Promise.all([client.post(page, { form, maxRedirects: 0 }), client.post(page, { form, maxRedirects: 0 })]);
    expect(answers.map((answer) => answer.status())).toEqual([302, 302]);
    expect(orderState(orderId)).toEqual({ payment_status: "refunded", refunded_paise: 499_900 });
    expect(await fakeStripe.events({ paymentIntent: paymentIntentId, type: "charge.refunded" })).toHaveLength(1);
    expect(taxDocumentsOf(orderId).filter((document) => document.kind === "credit_note")).toHaveLength(1);
    expect(mailTo(student.email).filter((message) => message.kind === "order-refunded")).toHaveLength(1);
  });

  test("a refund Stripe refuses says why in the site's words, not Stripe's, and records nothing", async () => {
    const { student, client, course, page } = await arrange();
    const { orderId, paymentIntentId } = await paidByCard(student.id, course.id);
    // Refunded from Stripe's dashboard and not yet reported here: Stripe refuses more than is left.
    await stripe.refunds.create({ payment_intent: paymentIntentId });
    const refused = await client.post(page, { form: refundForm(orderId, { amount: "4999", reason: "x" }) });
    expect(refused.status()).toBe(502);
    const markup = (await refused.text()).replace(/<script[\s\S]*?<\/script>/g, "");
    expect(markup).toContain(
      "The payment provider did not make the refund. Stripe says this payment is already refunded in full. Nothing was recorded: the order is as it was.",
    );
    // Stripe's own message ("Charge ch_… has already been refunded.") stays in the log.
    expect(markup).not.toContain("has already been refunded");
    expect(orderState(orderId)).toEqual({ payment_status: "completed", refunded_paise: 0 });
    expect(mailTo(student.email)).toEqual([]);
  });
});

describe("a refund of an offline order", () => {
  test("records the money returned by hand with a credit note; method and reference are asked", async () => {
    const { student, admin, client, studentBrowser, course, page } = await arrange();
    await client.post(page, {
      form: {
        intent: "offline-payment",
        courseId: course.id,
        amount: "6000",
        method: "cash",
        reference: "",
        receivedOn: today(),
        reason: "Desk",
      },
      maxRedirects: 0,
    });
    const [order] = ordersOf(student.id, course.id);
    const orderId = order!.id;
    await expectRefused(
      await client.post(page, { form: refundForm(orderId, { amount: "6000", reason: "x" }) }),
      400,
      "Choose how the money went back",
    );
    await expectRefused(
      await client.post(page, { form: refundForm(orderId, { amount: "6000", method: "upi", reason: "x" }) }),
      400,
      "Reference is required",
    );
    const posted = await client.post(page, {
      form: refundForm(orderId, { amount: "6000", method: "upi", reference: "UTR-BACK-1", reason: "Course not for her" }),
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    expect(orderState(orderId)).toEqual({ payment_status: "refunded", refunded_paise: 600_000 });
    expect(taxDocumentsOf(orderId).map((document) => document.kind)).toEqual(["invoice", "credit_note"]);
    expect((await studentBrowser.get(`/learn/${course.id}`, { maxRedirects: 0 })).status()).toBe(302);
    expect(auditOf(admin.adminId).map((row) => row.action)).toEqual(["order_paid_offline", "order_refunded"]);
    expect(auditOf(admin.adminId)[1]?.details).toMatchObject({ method: "upi", reference: "UTR-BACK-1", amountPaise: 600_000 });
  });

  test("a partial refund with the course taken away closes it", async () => {
    const { student, client, studentBrowser, course, page } = await arrange();
    await client.post(page, {
      form: { intent: "offline-payment", courseId: course.id, amount: "6000", method: "cash", receivedOn: today(), reason: "Desk" },
      maxRedirects: 0,
    });
    const orderId = ordersOf(student.id, course.id)[0]!.id;
    const posted = await client.post(page, {
      form: refundForm(orderId, { amount: "2000", method: "cash", takeAway: "on", reason: "Left after a week" }),
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    expect(orderState(orderId)).toEqual({ payment_status: "revoked", refunded_paise: 200_000 });
    expect((await studentBrowser.get(`/learn/${course.id}`, { maxRedirects: 0 })).status()).toBe(302);
  });
});
