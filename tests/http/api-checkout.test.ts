import { siteWithFakeStripe } from "./support/payment-fakes";
import { stripeEventPayload, webhookHeaders } from "../support/stripe";
import {
  addCompletedEnrollment,
  couponRedemptions,
  createStudent,
  describe,
  enrollmentFormPayment,
  expect,
  type HttpClient,
  type HttpResponse,
  makeCoupon,
  makeCourse,
  makeEnrollmentForm,
  ordersOf,
  studentClient,
  test,
} from "./support/test";

// The checkout's JSON endpoints (public-site §7) over HTTP, with the
// app's real Stripe SDK talking to the fake Stripe server. Every test has its
// own student and, where an order is made, its own course and coupon.

const VALIDATE = "/api/validate-coupon";
const CREATE_INTENT = "/api/create-payment-intent";
const ENROLL = "/api/enroll-course";
const MY_ENROLLMENTS = "/api/my-enrollments";
const WEBHOOK = "/api/stripe/webhook";

const INVALID_COUPON = "The coupon code is invalid or expired.";
const AMOUNT_MISMATCH = "The amount does not match the price of this order.";
const ALREADY_ENROLLED = "You are already enrolled in this course.";
const SETUP_FAILED = "Unable to initialize payment. Please try again.";
const FREE_ORDER = "This order is free: enroll with POST /api/enroll-course, without a payment.";
const NOT_YOUR_FORM = "enrollmentFormId is not an enrollment form of yours for this course.";

const DAY_MS = 24 * 60 * 60 * 1000;
// The fake Stripe server delivers its webhooks to this file's site over loopback, as Stripe would.
const { stripe, fakeStripe } = await siteWithFakeStripe();
/** A webhook goes out after the fake's answer: give it time to arrive on a busy machine. */
const WEBHOOK_ARRIVAL = { timeout: 10_000 };

async function jsonOf(response: HttpResponse, status: number) {
  expect(response.status(), await response.text()).toBe(status);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  expect(response.headers()["cache-control"]).toBe("no-store");
  return response.json();
}

type Intent = { clientSecret: string; paymentIntentId: string; amount: string; currency: string };

/** POST /api/create-payment-intent, expecting 200. */
async function startPayment(request: HttpClient, data: Record<string, unknown>): Promise<Intent> {
  const body = await jsonOf(await request.post(CREATE_INTENT, { data }), 200);
  expect(body).toEqual({
    clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
    paymentIntentId: expect.stringMatching(/^pi_\w+$/),
    amount: expect.any(String),
    currency: "inr",
  });
  return body as Intent;
}

const payWithVisa = (paymentIntentId: string) => stripe.paymentIntents.confirm(paymentIntentId, { payment_method: "pm_card_visa" });

/**
 * Proves the app never refunded any of the payment: a full refund is still possible
 * (and is what this makes, so call it last).
 */
async function expectNothingRefunded(paymentIntentId: string, amountPaise: number) {
  expect((await stripe.refunds.create({ payment_intent: paymentIntentId })).amount).toBe(amountPaise);
}

describe("POST /api/validate-coupon", () => {
  test("401 Unauthorized when signed out", async ({ request }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    const coupon = makeCoupon({ percentOff: 10 });
    expect(await jsonOf(await request.post(VALIDATE, { data: { couponCode: coupon.code, courseId: course.id } }), 401)).toEqual({
      message: "Unauthorized",
    });
  });

  test("200 { code, discount } for a good code in any case; nothing is redeemed", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    const coupon = makeCoupon({ percentOff: 25, maxRedemptions: 5, redemptionCount: 4, expiresAt: new Date(Date.now() + DAY_MS) });
    const expected = { code: coupon.code, kind: "percent", discount: 25, discountAmount: "1249.75", total: "3749.25" };
    for (const couponCode of [
      coupon.code,
      coupon.code.toLowerCase(),
      `  ${coupon.code.slice(0, 6).toLowerCase()}${coupon.code.slice(6)} `,
    ]) {
      const response = await context.request.post(VALIDATE, { data: { couponCode, courseId: String(course.id) } });
      expect(await jsonOf(response, 200)).toEqual(expected);
    }
    expect(couponRedemptions(coupon.id)).toBe(4);
    expect(ordersOf(student.id)).toEqual([]);
  });

  test("400 'Enter Coupon Code' for a blank or missing code", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    for (const data of [{ couponCode: "", courseId: course.id }, { couponCode: "   ", courseId: course.id }, { courseId: course.id }]) {
      const body = await jsonOf(await context.request.post(VALIDATE, { data }), 400);
      expect(body).toEqual({ message: "Enter Coupon Code", errors: { couponCode: ["Enter Coupon Code"] } });
    }
    expect(ordersOf(student.id)).toEqual([]);
  });

  test("400 invalid or expired for an unknown, expired, inactive or used-up code", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    const refused = {
      unknown: "NOSUCHCOUPON42",
      expired: makeCoupon({ percentOff: 10, expiresAt: new Date(Date.now() - 60_000) }).code,
      inactive: makeCoupon({ percentOff: 10, isActive: false }).code,
      "over its limit": makeCoupon({ percentOff: 10, maxRedemptions: 3, redemptionCount: 3 }).code,
    };
    for (const [why, couponCode] of Object.entries(refused)) {
      const response = await context.request.post(VALIDATE, { data: { couponCode, courseId: course.id } });
      expect(await jsonOf(response, 400), why).toEqual({ message: INVALID_COUPON });
    }
    // The same kinds of coupon, just inside their limits, are accepted.
    const fine = [
      makeCoupon({ percentOff: 10, expiresAt: new Date(Date.now() + 60_000) }),
      makeCoupon({ percentOff: 10, maxRedemptions: 3, redemptionCount: 2 }),
    ];
    for (const coupon of fine) {
      const response = await context.request.post(VALIDATE, { data: { couponCode: coupon.code, courseId: course.id } });
      expect(await jsonOf(response, 200)).toMatchObject({ code: coupon.code, discount: 10 });
    }
    expect(ordersOf(student.id)).toEqual([]);
  });

  test("404 'Invalid Course' for an unknown or inactive course", async ({ context, student }) => {
    const coupon = makeCoupon({ percentOff: 10 });
    const inactive = makeCourse({ pricePaise: 499_900, isActive: false });
    for (const courseId of [987_654_321, inactive.id]) {
      const response = await context.request.post(VALIDATE, { data: { couponCode: coupon.code, courseId } });
      expect(await jsonOf(response, 404)).toEqual({ message: "Invalid Course" });
    }
    expect(ordersOf(student.id)).toEqual([]);
  });

  test("415 for a body that is not JSON; 400 for malformed JSON", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    const coupon = makeCoupon({ percentOff: 10 });
    const form = await context.request.post(VALIDATE, { form: { couponCode: coupon.code, courseId: String(course.id) } });
    expect(await jsonOf(form, 415)).toEqual({ message: "Send the body as JSON with Content-Type: application/json." });
    const malformed = await context.request.post(VALIDATE, {
      headers: { "Content-Type": "application/json" },
      // A Buffer goes out byte for byte (Playwright would JSON-encode a string that does not parse).
      data: Buffer.from(`{"couponCode": "${coupon.code}", "courseId": `),
    });
    expect(await jsonOf(malformed, 400)).toEqual({ message: "The request body is not valid JSON." });
    expect(couponRedemptions(coupon.id)).toBe(0);
    expect(ordersOf(student.id)).toEqual([]);
  });
});

describe("POST /api/create-payment-intent", () => {
  test("401 Unauthorized when signed out", async ({ request }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    expect(await jsonOf(await request.post(CREATE_INTENT, { data: { courseId: course.id } }), 401)).toEqual({ message: "Unauthorized" });
  });

  test("the amount is the server's price; a correct amount in rupees is accepted and reuses the intent", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    const intent = await startPayment(context.request, { courseId: course.id });
    expect(intent.amount).toBe("4999.00");

    const onStripe = await stripe.paymentIntents.retrieve(intent.paymentIntentId);
    expect(onStripe).toMatchObject({
      amount: 499_900,
      currency: "inr",
      status: "requires_payment_method",
      client_secret: intent.clientSecret,
    });
    // Stripe drops metadata keys set to "" (no coupon, no form).
    expect(onStripe.metadata).toEqual({ userId: student.id, courseId: String(course.id), flow: "card" });
    expect(ordersOf(student.id)).toEqual([
      expect.objectContaining({
        course_id: course.id,
        payment_status: "pending",
        payment_intent_id: intent.paymentIntentId,
        amount_paise: 499_900,
        coupon_id: null,
        enrollment_form_id: null,
      }),
    ]);

    // The earlier app sent the price in rupees; the right figure is accepted (as a number or text).
    for (const amount of [4999, "4999.00"]) {
      const again = await startPayment(context.request, { courseId: course.id, amount });
      expect(again.paymentIntentId).toBe(intent.paymentIntentId);
    }
    expect(ordersOf(student.id)).toHaveLength(1);
  });

  test("a tampered amount is refused with 400 before Stripe is called, and nothing is stored", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    // Were an intent created, Stripe would fail (502): a 400 proves none was attempted.
    await fakeStripe.setRule({ userId: student.id, failCreate: { status: 500, message: "no intent may be created" } });
    for (const amount of [1, 0, 49.99, 499_900, "4998.99"]) {
      const response = await context.request.post(CREATE_INTENT, { data: { courseId: course.id, amount } });
      expect(await jsonOf(response, 400), `amount ${amount}`).toEqual({ message: AMOUNT_MISMATCH });
    }
    expect(ordersOf(student.id)).toEqual([]);

    await fakeStripe.clearRule(student.id);
    const intent = await startPayment(context.request, { courseId: course.id });
    expect((await stripe.paymentIntents.retrieve(intent.paymentIntentId)).amount).toBe(499_900);
    expect(ordersOf(student.id)).toHaveLength(1);
  });

  test("the coupon is applied on the server and counted only when paid", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    const coupon = makeCoupon({ percentOff: 25 });

    // The undiscounted price is now the wrong amount.
    const full = await context.request.post(CREATE_INTENT, { data: { courseId: course.id, couponCode: coupon.code, amount: 4999 } });
    expect(await jsonOf(full, 400)).toEqual({ message: AMOUNT_MISMATCH });
    const unknown = await context.request.post(CREATE_INTENT, { data: { courseId: course.id, couponCode: "NOSUCHCOUPON42" } });
    expect(await jsonOf(unknown, 400)).toEqual({ message: INVALID_COUPON });
    expect(ordersOf(student.id)).toEqual([]);

    const intent = await startPayment(context.request, { courseId: course.id, couponCode: coupon.code.toLowerCase(), amount: 3749.25 });
    expect(intent.amount).toBe("3749.25");
    const onStripe = await stripe.paymentIntents.retrieve(intent.paymentIntentId);
    expect(onStripe).toMatchObject({ amount: 374_925, currency: "inr", metadata: { userId: student.id, couponId: String(coupon.id) } });
    expect(ordersOf(student.id)).toEqual([
      expect.objectContaining({
        payment_status: "pending",
        amount_paise: 374_925,
        coupon_id: coupon.id,
        payment_intent_id: intent.paymentIntentId,
      }),
    ]);
    expect(couponRedemptions(coupon.id)).toBe(0);
  });

  test("two requests at once (a double click) make one intent and one order", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    // Slow Stripe down so that both requests are in flight together.
    await fakeStripe.setRule({ userId: student.id, delayMs: 400 });
    const [first, second] = await Promise.all([
      startPayment(context.request, { courseId: course.id }),
      startPayment(context.request, { courseId: course.id }),
    ]);
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
    expect(second.clientSecret).toBe(first.clientSecret);
    expect(ordersOf(student.id)).toEqual([
      expect.objectContaining({ payment_status: "pending", payment_intent_id: first.paymentIntentId, amount_paise: 499_900 }),
    ]);
  });

  test("409 for a student already enrolled, and no intent", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    const enrollment = addCompletedEnrollment(student.id, course.id, 499_900);
    const response = await context.request.post(CREATE_INTENT, { data: { courseId: course.id } });
    expect(await jsonOf(response, 409)).toEqual({ message: ALREADY_ENROLLED });
    expect(ordersOf(student.id).map((order) => order.id)).toEqual([enrollment]);
  });

  test("409 for a free order (a 100% coupon): no intent, coupon not counted", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    const coupon = makeCoupon({ percentOff: 100 });
    const response = await context.request.post(CREATE_INTENT, { data: { courseId: course.id, couponCode: coupon.code } });
    expect(await jsonOf(response, 409)).toEqual({ message: FREE_ORDER });
    expect(ordersOf(student.id)).toEqual([]);
    expect(couponRedemptions(coupon.id)).toBe(0);
  });

  test("502 when Stripe fails to create the intent, and no order is stored", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    await fakeStripe.setRule({ userId: student.id, failCreate: { status: 500, message: "boom" } });
    const response = await context.request.post(CREATE_INTENT, { data: { courseId: course.id } });
    expect(await jsonOf(response, 502)).toEqual({ message: SETUP_FAILED });
    expect(ordersOf(student.id)).toEqual([]);

    await fakeStripe.clearRule(student.id);
    await startPayment(context.request, { courseId: course.id });
    expect(ordersOf(student.id)).toEqual([expect.objectContaining({ payment_status: "pending" })]);
  });

  test("400 for another student's enrollment form (or one for another course); the student's own is kept with the order", async ({
    context,
    student,
  }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    const otherCourse = makeCourse({ pricePaise: 499_900 });
    const someoneElse = await createStudent();
    const theirForm = makeEnrollmentForm(someoneElse.id, course.id);
    const formForOtherCourse = makeEnrollmentForm(student.id, otherCourse.id);
    for (const enrollmentFormId of [theirForm, formForOtherCourse, 987_654_321]) {
      const response = await context.request.post(CREATE_INTENT, { data: { courseId: course.id, enrollmentFormId } });
      expect(await jsonOf(response, 400)).toEqual({ message: NOT_YOUR_FORM });
    }
    expect(ordersOf(student.id)).toEqual([]);
    expect(ordersOf(someoneElse.id)).toEqual([]);

    const ownForm = makeEnrollmentForm(student.id, course.id);
    const intent = await startPayment(context.request, { courseId: course.id, enrollmentFormId: ownForm });
    expect((await stripe.paymentIntents.retrieve(intent.paymentIntentId)).metadata.enrollmentFormId).toBe(String(ownForm));
    expect(ordersOf(student.id)).toEqual([
      expect.objectContaining({ enrollment_form_id: ownForm, payment_intent_id: intent.paymentIntentId }),
    ]);
  });
});

describe("POST /api/enroll-course", () => {
  test("201 after a card payment, once: replays answer 200; the coupon and form are settled once", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    const coupon = makeCoupon({ percentOff: 20, maxRedemptions: 10, redemptionCount: 2 });
    const form = makeEnrollmentForm(student.id, course.id);
    // No webhooks for this student: only the browser's report can enroll.
    await fakeStripe.suppressWebhooks(student.id);

    const intent = await startPayment(context.request, { courseId: course.id, couponCode: coupon.code, enrollmentFormId: form });
    expect(intent.amount).toBe("3999.20");
    expect((await payWithVisa(intent.paymentIntentId)).status).toBe("succeeded");
    const events = await fakeStripe.events({ paymentIntent: intent.paymentIntentId, type: "payment_intent.succeeded" });
    expect(events).toEqual([expect.objectContaining({ suppressed: true, deliveries: 0 })]);
    expect(ordersOf(student.id)).toEqual([expect.objectContaining({ payment_status: "pending" })]);

    const report = { courseId: course.id, paymentIntentId: intent.paymentIntentId };
    expect(await jsonOf(await context.request.post(ENROLL, { data: report }), 201)).toEqual({
      success: true,
      courseId: course.id,
      message: "Enrollment Successful!",
    });
    const completed = [
      expect.objectContaining({
        course_id: course.id,
        payment_status: "completed",
        payment_intent_id: intent.paymentIntentId,
        amount_paise: 399_920,
        coupon_id: coupon.id,
        enrollment_form_id: form,
      }),
    ];
    expect(ordersOf(student.id)).toEqual(completed);
    expect(couponRedemptions(coupon.id)).toBe(3);
    expect(enrollmentFormPayment(form)).toEqual({ payment_status: "completed", payment_intent_id: intent.paymentIntentId });

    for (let replay = 0; replay < 2; replay++) {
      expect(await jsonOf(await context.request.post(ENROLL, { data: report }), 200)).toEqual({
        success: true,
        courseId: course.id,
        message: ALREADY_ENROLLED,
      });
    }
    expect(ordersOf(student.id)).toEqual(completed);
    expect(couponRedemptions(coupon.id)).toBe(3);

    const [order] = ordersOf(student.id);
    const mine = await jsonOf(await context.request.get(MY_ENROLLMENTS), 200);
    expect(mine).toEqual([
      {
        id: order!.id,
        userId: student.id,
        courseId: course.id,
        courseTitle: course.title,
        enrolledAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        paymentStatus: "completed",
      },
    ]);
    // And paying twice is refused.
    const again = await context.request.post(CREATE_INTENT, { data: { courseId: course.id } });
    expect(await jsonOf(again, 409)).toEqual({ message: ALREADY_ENROLLED });
    await expectNothingRefunded(intent.paymentIntentId, 399_920);
  });

  test("GET /api/my-enrollments: 401 signed out, only completed orders when signed in", async ({ request, context, student }) => {
    expect(await jsonOf(await request.get(MY_ENROLLMENTS), 401)).toEqual({ message: "Unauthorized" });
    const course = makeCourse({ pricePaise: 499_900 });
    await startPayment(context.request, { courseId: course.id });
    expect(ordersOf(student.id)).toEqual([expect.objectContaining({ payment_status: "pending" })]);
    expect(await jsonOf(await context.request.get(MY_ENROLLMENTS), 200)).toEqual([]);
  });

  test("403 for another student's payment; nothing changes for either student", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    const coupon = makeCoupon({ percentOff: 10 });
    await fakeStripe.suppressWebhooks(student.id);
    const intent = await startPayment(context.request, { courseId: course.id, couponCode: coupon.code });
    await payWithVisa(intent.paymentIntentId);

    const thief = await studentClient(await createStudent({ firstName: "Vikram" }));
    try {
      for (const data of [
        { courseId: course.id, paymentIntentId: intent.paymentIntentId },
        { courseId: course.id, paymentIntentId: intent.paymentIntentId, couponCode: coupon.code },
      ]) {
        const response = await thief.client.post(ENROLL, { data });
        expect(await jsonOf(response, 403)).toEqual({ message: "This payment belongs to another account." });
      }
      expect(await jsonOf(await thief.client.get(MY_ENROLLMENTS), 200)).toEqual([]);
    } finally {
      await thief.client.dispose();
    }
    expect(ordersOf(thief.student.id)).toEqual([]);
    expect(ordersOf(student.id)).toEqual([
      expect.objectContaining({ payment_status: "pending", payment_intent_id: intent.paymentIntentId }),
    ]);
    expect(couponRedemptions(coupon.id)).toBe(0);

    // The payer's own report still enrolls them.
    const own = await context.request.post(ENROLL, { data: { courseId: course.id, paymentIntentId: intent.paymentIntentId } });
    expect(await jsonOf(own, 201)).toMatchObject({ success: true });
    expect(couponRedemptions(coupon.id)).toBe(1);
  });

  test("402 for an intent not paid yet; 400 for a payment made for another course", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    const otherCourse = makeCourse({ pricePaise: 499_900 });
    await fakeStripe.suppressWebhooks(student.id);
    const intent = await startPayment(context.request, { courseId: course.id });

    const unpaid = await context.request.post(ENROLL, { data: { courseId: course.id, paymentIntentId: intent.paymentIntentId } });
    expect(await jsonOf(unpaid, 402)).toEqual({ message: "The payment has not succeeded." });
    expect(ordersOf(student.id)).toEqual([expect.objectContaining({ payment_status: "pending" })]);

    await payWithVisa(intent.paymentIntentId);
    const elsewhere = await context.request.post(ENROLL, { data: { courseId: otherCourse.id, paymentIntentId: intent.paymentIntentId } });
    expect(await jsonOf(elsewhere, 400)).toEqual({ message: "The payment does not match this order." });
    expect(ordersOf(student.id)).toEqual([expect.objectContaining({ course_id: course.id, payment_status: "pending" })]);
  });

  test("a declined card: Stripe refuses, the webhook marks the order failed, and enrolling is refused with 402", async ({
    context,
    student,
  }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    const coupon = makeCoupon({ percentOff: 10 });
    const intent = await startPayment(context.request, { courseId: course.id, couponCode: coupon.code });
    await expect(stripe.paymentIntents.confirm(intent.paymentIntentId, { payment_method: "pm_card_chargeDeclined" })).rejects.toMatchObject(
      {
        type: "StripeCardError",
        code: "card_declined",
      },
    );
    await expect.poll(() => ordersOf(student.id).map((order) => order.payment_status), WEBHOOK_ARRIVAL).toEqual(["failed"]);

    const report = await context.request.post(ENROLL, { data: { courseId: course.id, paymentIntentId: intent.paymentIntentId } });
    expect(await jsonOf(report, 402)).toEqual({ message: "The payment has not succeeded." });
    expect(ordersOf(student.id)).toEqual([
      expect.objectContaining({ payment_status: "failed", payment_intent_id: intent.paymentIntentId }),
    ]);
    expect(couponRedemptions(coupon.id)).toBe(0);
    expect(await jsonOf(await context.request.get(MY_ENROLLMENTS), 200)).toEqual([]);

    // Another card on the same intent: the webhook completes the failed order.
    await payWithVisa(intent.paymentIntentId);
    await expect.poll(() => ordersOf(student.id).map((order) => order.payment_status), WEBHOOK_ARRIVAL).toEqual(["completed"]);
    expect(couponRedemptions(coupon.id)).toBe(1);
  });

  test("a second payment for a course already owned is refunded, not enrolled twice", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    const coupon = makeCoupon({ percentOff: 10 });
    await fakeStripe.suppressWebhooks(student.id);
    // Two tabs: one without the coupon, one with it, so two different intents.
    const first = await startPayment(context.request, { courseId: course.id });
    const second = await startPayment(context.request, { courseId: course.id, couponCode: coupon.code });
    expect(second.paymentIntentId).not.toBe(first.paymentIntentId);
    await payWithVisa(first.paymentIntentId);
    await payWithVisa(second.paymentIntentId);

    const enroll = (paymentIntentId: string) => context.request.post(ENROLL, { data: { courseId: course.id, paymentIntentId } });
    expect(await jsonOf(await enroll(first.paymentIntentId), 201)).toMatchObject({ message: "Enrollment Successful!" });
    expect(await jsonOf(await enroll(second.paymentIntentId), 200)).toMatchObject({ message: ALREADY_ENROLLED });
    const settled = [
      expect.objectContaining({ payment_intent_id: first.paymentIntentId, payment_status: "completed", amount_paise: 499_900 }),
      expect.objectContaining({ payment_intent_id: second.paymentIntentId, payment_status: "refunded", amount_paise: 449_910 }),
    ];
    expect(ordersOf(student.id)).toEqual(settled);
    expect(couponRedemptions(coupon.id)).toBe(0);
    // Stripe already returned the second payment in full.
    await expect(stripe.refunds.create({ payment_intent: second.paymentIntentId })).rejects.toMatchObject({
      code: "charge_already_refunded",
    });

    // Its webhook arriving late changes nothing.
    const [event] = await fakeStripe.events({ paymentIntent: second.paymentIntentId, type: "payment_intent.succeeded" });
    expect(await fakeStripe.resend(event!.id)).toEqual({ status: 200, error: null });
    expect(await jsonOf(await enroll(second.paymentIntentId), 200)).toMatchObject({ message: ALREADY_ENROLLED });
    expect(ordersOf(student.id)).toEqual(settled);
    expect(await jsonOf(await context.request.get(MY_ENROLLMENTS), 200)).toHaveLength(1);
  });

  test("404 for a payment intent this site never made; 400 for something that is not an intent id", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    const unknown = await context.request.post(ENROLL, { data: { courseId: course.id, paymentIntentId: "pi_3MadeUpIntent000000000" } });
    expect(await jsonOf(unknown, 404)).toEqual({ message: "No payment with that id was made on this site." });
    const garbage = await context.request.post(ENROLL, { data: { courseId: course.id, paymentIntentId: "cs_test_123" } });
    expect(await jsonOf(garbage, 400)).toMatchObject({ message: "paymentIntentId must be a PaymentIntent id" });
    expect(ordersOf(student.id)).toEqual([]);
  });

  test("a free course enrolls without a payment, once", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 0 });
    expect(await jsonOf(await context.request.post(ENROLL, { data: { courseId: course.id } }), 201)).toEqual({
      success: true,
      courseId: course.id,
      message: "Enrollment Successful!",
    });
    expect(await jsonOf(await context.request.post(ENROLL, { data: { courseId: course.id } }), 200)).toEqual({
      success: true,
      courseId: course.id,
      message: ALREADY_ENROLLED,
    });
    expect(ordersOf(student.id)).toEqual([
      expect.objectContaining({
        course_id: course.id,
        payment_status: "completed",
        amount_paise: 0,
        payment_intent_id: null,
        coupon_id: null,
      }),
    ]);
    expect(await jsonOf(await context.request.get(MY_ENROLLMENTS), 200)).toEqual([
      expect.objectContaining({ courseId: course.id, courseTitle: course.title, paymentStatus: "completed" }),
    ]);
  });

  test("a 100% coupon enrolls without a payment and is counted once", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    const coupon = makeCoupon({ percentOff: 100, maxRedemptions: 5 });
    const data = { courseId: course.id, couponCode: coupon.code.toLowerCase() };
    expect(await jsonOf(await context.request.post(ENROLL, { data }), 201)).toMatchObject({ success: true, courseId: course.id });
    expect(await jsonOf(await context.request.post(ENROLL, { data }), 200)).toMatchObject({ message: ALREADY_ENROLLED });
    expect(ordersOf(student.id)).toEqual([
      expect.objectContaining({ payment_status: "completed", amount_paise: 0, coupon_id: coupon.id, payment_intent_id: null }),
    ]);
    expect(couponRedemptions(coupon.id)).toBe(1);
  });

  test("402 for a paid course without a payment, and nothing stored", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    const coupon = makeCoupon({ percentOff: 99 });
    for (const data of [{ courseId: course.id }, { courseId: course.id, couponCode: coupon.code }]) {
      const response = await context.request.post(ENROLL, { data });
      expect(await jsonOf(response, 402)).toEqual({ message: "This course needs a payment: send its paymentIntentId." });
    }
    expect(ordersOf(student.id)).toEqual([]);
    expect(couponRedemptions(coupon.id)).toBe(0);
  });
});

describe("POST /api/stripe/webhook", () => {
  /** An unpaid intent of the student's (webhooks suppressed), and that intent as a "succeeded" event would carry it. */
  async function unpaidIntent(context: { request: HttpClient }, studentId: string) {
    const course = makeCourse({ pricePaise: 499_900 });
    await fakeStripe.suppressWebhooks(studentId);
    const intent = await startPayment(context.request, { courseId: course.id });
    const object = { ...(await stripe.paymentIntents.retrieve(intent.paymentIntentId)), status: "succeeded", amount_received: 499_900 };
    return { course, intent, payload: stripeEventPayload("payment_intent.succeeded", object) };
  }

  test("400 for a forged signature, and nothing changes; the same bytes genuinely signed are accepted", async ({
    request,
    context,
    student,
  }) => {
    const { intent, payload } = await unpaidIntent(context, student.id);
    for (const secret of ["whsec_not_the_apps_secret", "whsec_e2e_webhook_signing_secreT"]) {
      const forged = await request.post(WEBHOOK, { headers: webhookHeaders(payload, secret), data: Buffer.from(payload) });
      expect(await jsonOf(forged, 400)).toEqual({ message: "Invalid signature" });
    }
    // A signature of the wrong length, or none of Stripe's scheme, gets the very same answer.
    const t = Math.floor(Date.now() / 1000);
    for (const header of [`t=${t},v1=abc123`, `t=${t},v1=${"a".repeat(65)}`, `t=${t},v0=${"a".repeat(64)}`]) {
      const odd = await request.post(WEBHOOK, {
        headers: { ...webhookHeaders(payload), "stripe-signature": header },
        data: Buffer.from(payload),
      });
      expect(await jsonOf(odd, 400)).toEqual({ message: "Invalid signature" });
    }
    // A genuine signature over other bytes does not cover these.
    const tampered = await request.post(WEBHOOK, { headers: webhookHeaders(payload.replace("{", "{ ")), data: Buffer.from(payload) });
    expect(tampered.status()).toBe(400);
    expect(ordersOf(student.id)).toEqual([
      expect.objectContaining({ payment_status: "pending", payment_intent_id: intent.paymentIntentId }),
    ]);

    // Genuinely signed, but for another amount or currency than the order's: not enrolled.
    const intentObject = (JSON.parse(payload) as { data: { object: Record<string, unknown> } }).data.object;
    for (const change of [{ amount: 100, amount_received: 100 }, { currency: "usd" }]) {
      const other = stripeEventPayload("payment_intent.succeeded", { ...intentObject, ...change });
      const response = await request.post(WEBHOOK, { headers: webhookHeaders(other), data: Buffer.from(other) });
      expect(await jsonOf(response, 200)).toEqual({ received: true });
    }
    expect(ordersOf(student.id)).toEqual([
      expect.objectContaining({ payment_status: "pending", payment_intent_id: intent.paymentIntentId }),
    ]);

    const genuine = await request.post(WEBHOOK, { headers: webhookHeaders(payload), data: Buffer.from(payload) });
    expect(await jsonOf(genuine, 200)).toEqual({ received: true });
    expect(ordersOf(student.id)).toEqual([expect.objectContaining({ payment_status: "completed" })]);
  });

  test("400 without a signature, or with a signed body that is not an event; nothing changes", async ({ request, context, student }) => {
    const { intent, payload } = await unpaidIntent(context, student.id);
    const unsigned = await request.post(WEBHOOK, { headers: { "content-type": "application/json" }, data: Buffer.from(payload) });
    expect(await jsonOf(unsigned, 400)).toEqual({ message: "Missing Stripe-Signature header" });
    const notAnEvent = JSON.stringify({
      id: "evt_test_1",
      type: "payment_intent.succeeded",
      data: { object: { id: intent.paymentIntentId } },
    });
    const odd = await request.post(WEBHOOK, { headers: webhookHeaders(notAnEvent), data: Buffer.from(notAnEvent) });
    expect(await jsonOf(odd, 400)).toEqual({ message: "Unexpected event payload." });
    expect(ordersOf(student.id)).toEqual([
      expect.objectContaining({ payment_status: "pending", payment_intent_id: intent.paymentIntentId }),
    ]);
  });

  test("a genuine event replayed changes nothing twice", async ({ context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    const coupon = makeCoupon({ percentOff: 10 });
    const intent = await startPayment(context.request, { courseId: course.id, couponCode: coupon.code });
    await payWithVisa(intent.paymentIntentId);
    await expect.poll(() => ordersOf(student.id).map((order) => order.payment_status), WEBHOOK_ARRIVAL).toEqual(["completed"]);
    // The fake records the app's answer just after the app has stored the order.
    const delivered = () => fakeStripe.events({ paymentIntent: intent.paymentIntentId, type: "payment_intent.succeeded" });
    await expect
      .poll(delivered, WEBHOOK_ARRIVAL)
      .toEqual([expect.objectContaining({ suppressed: false, deliveredStatus: 200, deliveries: 1 })]);
    const [event] = await delivered();

    for (let replay = 0; replay < 2; replay++) expect(await fakeStripe.resend(event!.id)).toEqual({ status: 200, error: null });
    expect(await fakeStripe.events({ paymentIntent: intent.paymentIntentId, type: "payment_intent.succeeded" })).toEqual([
      expect.objectContaining({ id: event!.id, deliveredStatus: 200, deliveries: 3 }),
    ]);
    expect(ordersOf(student.id)).toEqual([
      expect.objectContaining({
        payment_status: "completed",
        amount_paise: 449_910,
        coupon_id: coupon.id,
        payment_intent_id: intent.paymentIntentId,
      }),
    ]);
    expect(couponRedemptions(coupon.id)).toBe(1);
    await expectNothingRefunded(intent.paymentIntentId, 449_910);
  });

  test("a payment_failed event arriving after the success leaves the order completed", async ({ request, context, student }) => {
    const course = makeCourse({ pricePaise: 499_900 });
    await fakeStripe.suppressWebhooks(student.id);
    const intent = await startPayment(context.request, { courseId: course.id });
    // First a declined card, then a good one: Stripe records both events, delivered later in reverse.
    await expect(stripe.paymentIntents.confirm(intent.paymentIntentId, { payment_method: "pm_card_chargeDeclined" })).rejects.toThrow();
    await payWithVisa(intent.paymentIntentId);
    const [failed] = await fakeStripe.events({ paymentIntent: intent.paymentIntentId, type: "payment_intent.payment_failed" });
    const [succeeded] = await fakeStripe.events({ paymentIntent: intent.paymentIntentId, type: "payment_intent.succeeded" });
    expect(ordersOf(student.id)).toEqual([expect.objectContaining({ payment_status: "pending" })]);

    expect(await fakeStripe.resend(succeeded!.id)).toEqual({ status: 200, error: null });
    expect(ordersOf(student.id)).toEqual([expect.objectContaining({ payment_status: "completed" })]);
    expect(await fakeStripe.resend(failed!.id)).toEqual({ status: 200, error: null });

    // And one the test builds and signs with the app's secret, about the very same intent.
    const payload = stripeEventPayload("payment_intent.payment_failed", {
      ...(await stripe.paymentIntents.retrieve(intent.paymentIntentId)),
      status: "requires_payment_method",
      last_payment_error: { message: "Your card was declined." },
    });
    expect(await jsonOf(await request.post(WEBHOOK, { headers: webhookHeaders(payload), data: Buffer.from(payload) }), 200)).toEqual({
      received: true,
    });
    expect(ordersOf(student.id)).toEqual([
      expect.objectContaining({ payment_status: "completed", payment_intent_id: intent.paymentIntentId, amount_paise: 499_900 }),
    ]);
  });

  test("405 for GET", async ({ request }) => {
    const response = await request.get(WEBHOOK);
    expect(response.status()).toBe(405);
    expect(response.headers()["allow"]).toBe("POST");
  });
});

test("the webhook alone enrolls a student whose browser never reports back", async ({ context, student }) => {
  const course = makeCourse({ pricePaise: 250_000 });
  const coupon = makeCoupon({ percentOff: 15 });
  const form = makeEnrollmentForm(student.id, course.id);
  const intent = await startPayment(context.request, { courseId: course.id, couponCode: coupon.code, enrollmentFormId: form });
  expect(intent.amount).toBe("2125.00");
  await payWithVisa(intent.paymentIntentId);

  await expect.poll(() => ordersOf(student.id).map((order) => order.payment_status), WEBHOOK_ARRIVAL).toEqual(["completed"]);
  expect(ordersOf(student.id)).toEqual([
    expect.objectContaining({
      payment_intent_id: intent.paymentIntentId,
      amount_paise: 212_500,
      coupon_id: coupon.id,
      enrollment_form_id: form,
    }),
  ]);
  expect(couponRedemptions(coupon.id)).toBe(1);
  expect(enrollmentFormPayment(form)).toEqual({ payment_status: "completed", payment_intent_id: intent.paymentIntentId });
  expect(await jsonOf(await context.request.get(MY_ENROLLMENTS), 200)).toEqual([
    expect.objectContaining({ courseId: course.id, paymentStatus: "completed" }),
  ]);
});
