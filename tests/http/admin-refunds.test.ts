import { setInvoicing, taxDocumentsOf } from "../support/invoicing";
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
} from "./support/test";

// The money side of the admin's page for one student (/admin/users/:id):
// recording a payment made outside the site (cash, bank transfer, UPI to the
// institute's VPA) as a paid order with its invoice and receipt mail, and the
// refusals that store nothing.

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
