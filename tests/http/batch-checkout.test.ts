import { razorpayOrderOf, siteWithFakeRazorpay } from "./support/payment-fakes";
import {
  describe,
  expect,
  type HttpClient,
  makeEnrollmentForm,
  queryTestDatabase,
  studentClient,
  test,
  uniqueTitle,
  withDatabase,
} from "./support/test";

// A course bought in a batch, with Razorpay taking the money: the course page
// offers each upcoming batch, checkout names the batch and charges its price,
// Pay holds the batch's seat for 15 minutes, and the captured payment seats
// the student in it, with the batch's place of supply on the order.

const { razorpay, control } = await siteWithFakeRazorpay();
const WEBHOOK_ARRIVAL = { timeout: 10_000 };

const COURSE = queryTestDatabase<{ id: number; title: string }>("SELECT id, title FROM courses WHERE pacing = 'both' LIMIT 1")[0]!;
const DAY = 86_400_000;

/** A batch of the demo batch course starting in `startsIn` days, in person in Maharashtra. */
function makeBatch({ seats = 1, startsIn = 10, pricePaise = 450_000 }: { seats?: number; startsIn?: number; pricePaise?: number } = {}) {
  const day = (offset: number) => new Date(Date.now() + (startsIn + offset) * DAY + 5.5 * 3_600_000).toISOString().slice(0, 10);
  const name = uniqueTitle("Batch");
  const id = withDatabase((database) =>
    Number(
      database
        .prepare(
          "INSERT INTO batches (course_id, name, starts_on, ends_on, delivery_mode, venue_state_code, venue, seats, price_paise) VALUES (?, ?, ?, ?, 'venue', '27', 'Pune', ?, ?)",
        )
        .run(COURSE.id, name, day(0), day(20), seats, pricePaise).lastInsertRowid,
    ),
  );
  return { id, name };
}

type OrderRow = {
  id: number;
  payment_status: string;
  batch_id: number | null;
  amount_paise: number;
  delivery_mode: string;
  venue_state_code: string | null;
};
const orderOf = (providerOrderId: string) =>
  queryTestDatabase<OrderRow>(
    "SELECT id, payment_status, batch_id, amount_paise, delivery_mode, venue_state_code FROM orders WHERE provider_order_id = ?",
    providerOrderId,
  )[0];
const seatedIn = (batchId: number) =>
  queryTestDatabase<{ user_id: string; order_id: number }>("SELECT user_id, order_id FROM batch_students WHERE batch_id = ?", batchId);
const visible = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replaceAll("&#x27;", "'")
    .replace(/\s+/g, " ");

async function buyer() {
  const { client, student } = await studentClient();
  return { client, student, form: makeEnrollmentForm(student.id, COURSE.id) };
}

async function pressPay(client: HttpClient, batchId: number, form: number) {
  return client.post(`/checkout?index&courseId=${COURSE.id}&batch=${batchId}&form=${form}`, { form: { intent: "pay", terms: "on" } });
}

describe("choosing a batch", () => {
  test("the course page links each open batch to checkout; checkout names the batch and charges its price", async () => {
    const batch = makeBatch();
    const { client, form } = await buyer();
    const page = await (await client.get(`/courses/${COURSE.id}`)).text();
    expect(page).toContain(`href="/checkout?courseId=${COURSE.id}&amp;batch=${batch.id}"`);
    const checkout = visible(await (await client.get(`/checkout?courseId=${COURSE.id}&batch=${batch.id}&form=${form}`)).text());
    expect(checkout).toContain(`${COURSE.title}: ${batch.name}`);
    expect(checkout).toContain("₹4,500");
  });

  test("a batch that has begun, one of another course, or a malformed one is not for sale", async () => {
    const begun = makeBatch({ startsIn: -3 });
    const { client } = await buyer();
    for (const search of [`batch=${begun.id}`, "batch=999999", "batch=abc"]) {
      expect((await client.get(`/checkout?courseId=${COURSE.id}&${search}`)).status(), search).toBe(404);
    }
  });
});

describe("paying for a course in a batch", () => {
  test("Pay holds the last seat: the next student hears the batch is full; the capture seats the first, supplied where the batch is taught", async () => {
    const batch = makeBatch({ seats: 1 });
    const first = await buyer();
    const orderId = await razorpayOrderOf(await pressPay(first.client, batch.id, first.form));
    expect(orderOf(orderId)).toMatchObject({
      payment_status: "pending",
      batch_id: batch.id,
      amount_paise: 450_000,
      delivery_mode: "venue",
      venue_state_code: "27",
    });
    expect(await razorpay.orders.fetch(orderId)).toMatchObject({ amount: 450_000 });

    const second = await buyer();
    const refused = await pressPay(second.client, batch.id, second.form);
    expect(refused.status()).toBe(409);
    expect(visible(await refused.text())).toContain("Every seat in this batch is booked or held by someone paying.");

    await control.pay(orderId);
    await expect.poll(() => orderOf(orderId)?.payment_status, WEBHOOK_ARRIVAL).toBe("completed");
    expect(seatedIn(batch.id)).toEqual([{ user_id: first.student.id, order_id: orderOf(orderId)!.id }]);
    // The course page now says the batch is full.
    expect(visible(await (await second.client.get(`/courses/${COURSE.id}`)).text())).toMatch(new RegExp(`${batch.name} [^₹]* Full ₹4,500`));
  });
});
