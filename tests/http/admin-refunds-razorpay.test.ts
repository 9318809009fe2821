import { siteWithFakeRazorpay } from "./support/payment-fakes";
import { adminApiClient, createStudent, describe, expect, makeCourse, queryTestDatabase, test, withDatabase } from "./support/test";

// An admin's refund of an order paid through Razorpay: the fake Razorpay
// server (the app's real SDK talks to it) returns the money, the site records
// it at once, and Razorpay's refund.processed that follows changes nothing.

const { razorpay, control } = await siteWithFakeRazorpay();

const orderState = (orderId: number) =>
  queryTestDatabase<{ payment_status: string; refunded_paise: number }>(
    "SELECT payment_status, refunded_paise FROM orders WHERE id = ?",
    orderId,
  )[0];
const refundMails = (email: string) =>
  queryTestDatabase<{ subject: string }>("SELECT subject FROM outbox_messages WHERE to_address = ? AND kind = 'order-refunded'", email);

/** A ₹2,499 order the student paid at the (fake) Razorpay; its webhooks held back for the test to send. */
async function paidThroughRazorpay(userId: string, courseId: number) {
  await control.suppressWebhooks(userId);
  const order = await razorpay.orders.create({ amount: 249_900, currency: "INR", receipt: `r-${courseId}`, notes: { userId } });
  const payment = await control.pay(order.id);
  const orderId = withDatabase((database) =>
    Number(
      database
        .prepare(
          `INSERT INTO orders (user_id, course_id, payment_status, amount_paise, provider, provider_order_id, provider_payment_id)
           VALUES (?, ?, 'completed', 249900, 'razorpay', ?, ?)`,
        )
        .run(userId, courseId, order.id, payment.id).lastInsertRowid,
    ),
  );
  return { orderId, razorpayOrderId: order.id, paymentId: payment.id };
}

describe("a refund through Razorpay", () => {
  test("in part: Razorpay returns it, the site records it at once and mails the student; refund.processed after changes nothing", async () => {
    const student = await createStudent({ firstName: "Ravi" });
    const course = makeCourse({ pricePaise: 249_900 });
    const { client } = await adminApiClient("admin");
    const { orderId, razorpayOrderId, paymentId } = await paidThroughRazorpay(student.id, course.id);
    const posted = await client.post(`/admin/users/${student.id}`, {
      form: { intent: "refund", enrollmentId: String(orderId), amount: "500", reason: "Missed the first week" },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    expect(orderState(orderId)).toEqual({ payment_status: "completed", refunded_paise: 50_000 });
    expect((await razorpay.payments.fetch(paymentId)).amount_refunded).toBe(50_000);
    expect(refundMails(student.email)).toEqual([{ subject: `Your refund of ₹500 for ${course.title}` }]);

    const [event] = await control.events({ orderId: razorpayOrderId, type: "refund.processed" });
    expect(await control.resend(event!.id)).toEqual({ status: 200, error: null });
    expect(orderState(orderId)).toEqual({ payment_status: "completed", refunded_paise: 50_000 });
    expect(refundMails(student.email)).toHaveLength(1);
  });

  test("a refund made in Razorpay's dashboard and not yet recorded here: the admin's refund is refused, nothing changes", async () => {
    const student = await createStudent();
    const course = makeCourse({ pricePaise: 249_900 });
    const { client } = await adminApiClient("admin");
    const { orderId, paymentId } = await paidThroughRazorpay(student.id, course.id);
    await razorpay.payments.refund(paymentId, { amount: 10_000 });
    const refused = await client.post(`/admin/users/${student.id}`, {
      form: { intent: "refund", enrollmentId: String(orderId), amount: "500", reason: "x" },
    });
    expect(refused.status()).toBe(502);
    expect(await refused.text()).toContain("Razorpay shows refunds not yet recorded here.");
    expect(orderState(orderId)).toEqual({ payment_status: "completed", refunded_paise: 0 });
    expect((await razorpay.payments.fetch(paymentId)).amount_refunded).toBe(10_000);
  });

  test("the same refund posted three times at once (a double submit): Razorpay is asked once, each answer is the refund made", async () => {
    const student = await createStudent();
    const course = makeCourse({ pricePaise: 249_900 });
    const { client } = await adminApiClient("admin");
    const { orderId, paymentId } = await paidThroughRazorpay(student.id, course.id);
    const refund = (amount = "500") =>
      client.post(`/admin/users/${student.id}`, {
        form: { intent: "refund", enrollmentId: String(orderId), amount, reason: "Asked twice" },
        maxRedirects: 0,
      });
    const answers = await Promise.all([refund(), refund(), refund()]);
    expect(answers.map((answer) => answer.status())).toEqual([302, 302, 302]);
    expect((await razorpay.payments.fetch(paymentId)).amount_refunded).toBe(50_000);
    expect(orderState(orderId)).toEqual({ payment_status: "completed", refunded_paise: 50_000 });
    expect(refundMails(student.email)).toHaveLength(1);

    // Two different refunds at once: one is made; whatever Razorpay returned is what the order records.
    const different = await Promise.all([refund("300"), refund("400")]);
    expect(different.some((answer) => answer.status() === 302)).toBe(true);
    expect((await razorpay.payments.fetch(paymentId)).amount_refunded).toBe(orderState(orderId)!.refunded_paise);
  });
});
