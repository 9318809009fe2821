import { setInvoicing } from "../support/invoicing";
import { siteWithFakeStripe } from "./support/payment-fakes";
import {
  afterAll,
  beforeAll,
  describe,
  expect,
  makeCourse,
  makeEnrollmentForm,
  ordersOf,
  queryTestDatabase,
  studentClient,
  test,
} from "./support/test";

// While the institute issues GST tax invoices, an order is paid only with
// the buyer's billing name, address, state and PIN on record (CGST rule 46
// requires them on the invoice): the JSON doors take them with the
// enrollment form and refuse a payment without them, as the page does.

await siteWithFakeStripe();

const BILLING_NEEDED =
  "Your tax invoice needs your billing details: send billing (name, address, city, stateCode, pin) with POST /api/enrollment-forms, then pass its id as enrollmentFormId.";

const lead = (courseId: number) => ({
  name: "Asha Rao",
  whatsappNumber: "9876543210",
  state: "Karnataka",
  city: "Bengaluru",
  experienceLevel: "Beginner",
  courseOrEventId: courseId,
  courseOrEventType: "course",
  sourceOfLead: "Instagram",
  consent: true,
});
const billing = { name: "Asha Rao", address: "12 MG Road", city: "Bengaluru", stateCode: "29", pin: "560001" };

const orderBilling = (userId: string) =>
  queryTestDatabase<{ billing: string | null }>("SELECT billing FROM orders WHERE user_id = ? ORDER BY id", userId).map((row) =>
    row.billing === null ? null : (JSON.parse(row.billing) as unknown),
  );

describe("with tax invoices on", () => {
  beforeAll(() => setInvoicing());
  afterAll(() => setInvoicing(null));

  test("a payment without billing details is refused with 400 on both JSON doors, and nothing is stored", async () => {
    const course = makeCourse({ pricePaise: 499_900 });
    const { client, student } = await studentClient();
    const withoutForm = await client.post("/api/create-payment-intent", { data: { courseId: course.id } });
    expect(withoutForm.status()).toBe(400);
    expect(await withoutForm.json()).toEqual({ message: BILLING_NEEDED });
    const formWithoutBilling = makeEnrollmentForm(student.id, course.id);
    const started = await client.post("/api/payments/start", { data: { courseId: course.id, enrollmentFormId: formWithoutBilling } });
    expect(started.status()).toBe(400);
    expect(await started.json()).toEqual({ message: BILLING_NEEDED });
    expect(ordersOf(student.id)).toEqual([]);
  });

  test("billing sent with the enrollment form is checked, stored, and copied onto the order", async () => {
    const course = makeCourse({ pricePaise: 499_900 });
    const { client, student } = await studentClient();
    const badPin = await client.post("/api/enrollment-forms", { data: { ...lead(course.id), billing: { ...billing, pin: "12" } } });
    expect(badPin.status()).toBe(400);
    expect(await badPin.json()).toMatchObject({ errors: { "billing.pin": ["PIN code must be 6 digits"] } });

    const saved = await client.post("/api/enrollment-forms", { data: { ...lead(course.id), billing } });
    expect(saved.status()).toBe(201);
    const { id } = (await saved.json()) as { id: number };
    const started = await client.post("/api/create-payment-intent", { data: { courseId: course.id, enrollmentFormId: id } });
    expect(started.status(), await started.text()).toBe(200);
    expect(orderBilling(student.id)).toEqual([billing]);
  });

  test("the page sends a student whose form has no billing details back to the information step", async () => {
    const course = makeCourse({ pricePaise: 499_900 });
    const { client, student } = await studentClient();
    const form = makeEnrollmentForm(student.id, course.id);
    const pay = await client.post(`/checkout?index&courseId=${course.id}&form=${form}`, {
      form: { intent: "pay", terms: "on" },
      maxRedirects: 0,
    });
    expect(pay.status()).toBe(303);
    expect(pay.headers().location).toBe(`/checkout/information?courseId=${course.id}`);
    expect(ordersOf(student.id)).toEqual([]);
  });
});
