import { randomUUID } from "node:crypto";
import { readPdf } from "../support/pdf-text";
import {
  addCompletedEnrollment,
  describe,
  expect,
  makeCoupon,
  makeCourse,
  queryTestDatabase,
  SITE_ORIGIN,
  studentClient,
  test,
} from "./support/test";

// A student's orders and receipts (/account/orders and each completed order's
// receipt PDF), the mail an enrollment queues, and the acknowledgement a
// contact message gets. Mail is read where it waits: the outbox.

type QueuedMail = { kind: string; subject: string; text_body: string };
const mailTo = (email: string, kind: string) =>
  queryTestDatabase<QueuedMail>("SELECT kind, subject, text_body FROM outbox_messages WHERE to_address = ? AND kind = ?", email, kind);

const orderNumber = (id: number) => `TMA-${String(id).padStart(6, "0")}`;

describe("enrolling with a 100% coupon", () => {
  test("queues one enrollment mail with the course link and a Free receipt; the orders page lists it; the receipt reads back", async () => {
    const course = makeCourse({ pricePaise: 499_900 });
    const coupon = makeCoupon({ percentOff: 100 });
    const { client, student } = await studentClient();

    for (const status of [201, 200])
      expect((await client.post("/api/enroll-course", { data: { courseId: course.id, couponCode: coupon.code } })).status()).toBe(status);

    const [order] = queryTestDatabase<{ id: number }>("SELECT id FROM orders WHERE user_id = ? AND course_id = ?", student.id, course.id);
    const number = orderNumber(order!.id);
    const mails = mailTo(student.email, "order-confirmation");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`You are enrolled in ${course.title} (order ${number})`);
    for (const line of [
      `${SITE_ORIGIN}/learn/${course.id}`,
      `Order number: ${number}`,
      "Course price: ₹4,999",
      `Coupon: ${coupon.code} (100% off)`,
      "Amount paid: Free",
      "This is a payment receipt, not a tax invoice.",
    ])
      expect(mails[0]!.text_body).toContain(line);

    const page = await client.get("/account/orders");
    expect(page.status()).toBe(200);
    const html = await page.text();
    for (const text of [course.title, number, "Free", coupon.code, "Completed", " IST", `/account/orders/${order!.id}/receipt`])
      expect(html).toContain(text);

    const receipt = await client.get(`/account/orders/${order!.id}/receipt`);
    expect(receipt.status()).toBe(200);
    expect(receipt.headers()["content-type"]).toBe("application/pdf");
    expect(receipt.headers()["content-disposition"]).toBe(`attachment; filename="receipt-${number}.pdf"`);
    expect(receipt.headers()["cache-control"]).toBe("private, no-store");
    const pdf = await readPdf(await receipt.body());
    for (const text of ["Payment receipt", number, course.title, "Free", student.email]) expect(pdf.text).toContain(text);
  });
});

describe("the orders page and receipts", () => {
  test("a paid order shows its amount in rupees, on the page and the receipt", async () => {
    const course = makeCourse({ pricePaise: 1_234_500 });
    const { client, student } = await studentClient();
    const orderId = addCompletedEnrollment(student.id, course.id, 1_234_500);

    expect(await (await client.get("/account/orders")).text()).toContain("₹12,345");
    const pdf = await readPdf(await (await client.get(`/account/orders/${orderId}/receipt`)).body());
    expect(pdf.text).toContain("₹12,345");
    expect(pdf.text).toContain(orderNumber(orderId));
  });

  test("a student with no orders is pointed to the courses", async () => {
    const { client } = await studentClient();
    const html = await (await client.get("/account/orders")).text();
    expect(html).toContain("You have not ordered a course yet.");
    expect(html).not.toContain("Download receipt");
  });

  test("a visitor who is not signed in is sent to sign in and back", async ({ request }) => {
    const { student } = await studentClient();
    const orderId = addCompletedEnrollment(student.id, makeCourse({ pricePaise: 0 }).id);
    for (const path of ["/account/orders", `/account/orders/${orderId}/receipt`]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
    }
  });

  test("another student's receipt, an unpaid order's, or none at all is 404, and shows nothing of the owner", async () => {
    const course = makeCourse({ pricePaise: 250_000 });
    const { client: owner, student } = await studentClient();
    const paid = addCompletedEnrollment(student.id, course.id, 250_000);
    const pending = Number(
      queryTestDatabase<{ id: number }>(
        "INSERT INTO orders (user_id, course_id, payment_status, amount_paise) VALUES (?, ?, 'pending', 1) RETURNING id",
        student.id,
        makeCourse({ pricePaise: 1 }).id,
      )[0]!.id,
    );
    const { client: other } = await studentClient();

    const stolen = await other.get(`/account/orders/${paid}/receipt`);
    expect(stolen.status()).toBe(404);
    expect(stolen.headers()["content-type"]).not.toContain("pdf");
    expect(await stolen.text()).not.toContain(student.email);
    expect(await (await other.get("/account/orders")).text()).not.toContain(course.title);
    for (const path of [`/account/orders/${pending}/receipt`, "/account/orders/999999/receipt", "/account/orders/not-an-order/receipt"])
      expect((await owner.get(path)).status(), path).toBe(404);
  });
});

describe("the contact acknowledgement", () => {
  const contact = (email: string) => ({
    name: "Priya Sharma",
    email,
    subject: `Batch timings ${randomUUID().slice(0, 8)}`,
    message: "When does the next batch start?",
    consent: true,
  });

  test("the contact page queues it to the sender, without their subject; a refused post queues nothing", async ({ request }) => {
    const sent = contact(`ack-${randomUUID().slice(0, 8)}@example.com`);
    expect((await request.post("/contact", { form: sent, maxRedirects: 0 })).status()).toBe(302);
    const [mail, ...more] = mailTo(sent.email, "contact-acknowledgement");
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("We have received your message to TradeMaster Academy");
    expect(`${mail!.subject}${mail!.text_body}`).not.toContain(sent.subject);
    expect(mail!.text_body).toContain("within 24 hours");
    expect(mail!.text_body).toContain(`${SITE_ORIGIN}/contact`);

    const refused = contact(`refused-${randomUUID().slice(0, 8)}@example.com`);
    expect((await request.post("/contact", { form: { ...refused, message: "" } })).status()).toBe(400);
    expect((await request.post("/api/contact", { data: { ...refused, subject: " " } })).status()).toBe(400);
    expect(mailTo(refused.email, "contact-acknowledgement")).toEqual([]);
  });

  test("POST /api/contact queues it too", async ({ request }) => {
    const sent = contact(`api-ack-${randomUUID().slice(0, 8)}@example.com`);
    expect((await request.post("/api/contact", { data: sent })).status()).toBe(201);
    expect(mailTo(sent.email, "contact-acknowledgement")).toEqual([
      expect.objectContaining({ subject: "We have received your message to TradeMaster Academy" }),
    ]);
  });
});
