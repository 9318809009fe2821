import {
  adminApiClient,
  couponRedemptions,
  describe,
  expect,
  type HttpClient,
  makeCoupon,
  makeCourse,
  makeEnrollmentForm,
  queryTestDatabase,
  studentClient,
  test,
  uniqueTitle,
  withDatabase,
} from "./support/test";

// Coupons scoped to a batch (decision 0062): the admin's coupon form lists
// the batches under their course; checkout applies such a coupon only to the
// course bought in that batch, and the order's own transaction checks its
// redemption limit, so two students paying at once cannot both take the last.

/** A course taught in batches, with two batches still to begin. */
function courseWithBatches() {
  const course = makeCourse({ pricePaise: 600_000, title: uniqueTitle("Scoped") });
  const [evenings, weekends] = withDatabase((database) => {
    database.prepare("UPDATE courses SET pacing = 'both' WHERE id = ?").run(course.id);
    const add = (name: string) =>
      Number(
        database
          .prepare(
            "INSERT INTO batches (course_id, name, starts_on, ends_on, seats, price_paise) VALUES (?, ?, '2031-01-06', '2031-02-28', 30, 450000)",
          )
          .run(course.id, name).lastInsertRowid,
      );
    return [add("Evenings"), add("Weekends")];
  });
  return { course, evenings: evenings!, weekends: weekends! };
}

function checkoutOf(studentId: string, courseId: number, batchId?: number) {
  const query = new URLSearchParams({ courseId: String(courseId), form: String(makeEnrollmentForm(studentId, courseId)) });
  if (batchId !== undefined) query.set("batch", String(batchId));
  return { page: `/checkout?${query}`, action: `/checkout?index&${query}` };
}

const applyCoupon = (client: HttpClient, action: string, couponCode: string) =>
  client.post(action, { form: { intent: "apply-coupon", couponCode }, maxRedirects: 0 });

const visible = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replaceAll("&#x27;", "'")
    .replace(/\s+/g, " ");

describe("a coupon scoped to a batch", () => {
  test("the admin's form lists batches under their course and stores the batch as the coupon's scope", async () => {
    const { course, evenings } = courseWithBatches();
    const { client } = await adminApiClient("admin");
    const form = visible(await (await client.get("/admin/coupons/new")).text());
    expect(form).toContain("Batches it applies to");
    expect(form).toContain(`${course.title} Evenings Weekends`);

    const code = `EVE${Date.now()}`;
    const created = await client.post("/admin/coupons/new", {
      form: { code, kind: "percent", percentOff: "10", batchIds: String(evenings), isActive: "on" },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);
    const [coupon] = queryTestDatabase<{ id: number }>("SELECT id FROM coupons WHERE code = ?", code);
    expect(queryTestDatabase("SELECT target_type, target_id FROM coupon_targets WHERE coupon_id = ?", coupon!.id)).toEqual([
      { target_type: "batch", target_id: evenings },
    ]);
    expect(visible(await (await client.get("/admin/coupons")).text())).toContain(`10% off · ${course.title}: Evenings`);

    // A batch that no longer exists is refused, and nothing is stored.
    const refused = await client.post("/admin/coupons/new", {
      form: { code: `${code}X`, kind: "percent", percentOff: "10", batchIds: "999999", isActive: "on" },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain("A chosen batch no longer exists.");
    expect(queryTestDatabase("SELECT id FROM coupons WHERE code = ?", `${code}X`)).toEqual([]);
  });

  test("checkout applies it to the course in that batch only: another batch or the course alone is told it does not apply", async () => {
    const { course, evenings, weekends } = courseWithBatches();
    const coupon = makeCoupon({ percentOff: 10, batchIds: [evenings] });
    const { client, student } = await studentClient();

    const applied = await applyCoupon(client, checkoutOf(student.id, course.id, evenings).action, coupon.code);
    expect(applied.status()).toBe(302);
    const page = visible(await (await client.get(applied.headers().location ?? "")).text());
    expect(page).toContain("You save ₹450");
    expect(page).toContain("₹4,050");

    const otherBatch = await applyCoupon(client, checkoutOf(student.id, course.id, weekends).action, coupon.code);
    expect(otherBatch.status()).toBe(400);
    expect(visible(await otherBatch.text())).toContain(`This coupon does not apply to ${course.title}: Weekends.`);
    const selfPaced = await applyCoupon(client, checkoutOf(student.id, course.id).action, coupon.code);
    expect(selfPaced.status()).toBe(400);
    expect(visible(await selfPaced.text())).toContain(`This coupon does not apply to ${course.title}.`);

    // A coupon for the whole course applies in any of its batches.
    const courseWide = makeCoupon({ percentOff: 10, courseIds: [course.id] });
    expect((await applyCoupon(client, checkoutOf(student.id, course.id, weekends).action, courseWide.code)).status()).toBe(302);
  });

  test("its last redemption goes to one of two students paying at once: the order's transaction checks the limit", async () => {
    const { course, evenings } = courseWithBatches();
    const coupon = makeCoupon({ percentOff: 100, batchIds: [evenings], maxRedemptions: 1 });
    const buyers = await Promise.all([studentClient(), studentClient()]);
    const steps = buyers.map(({ student }) => checkoutOf(student.id, course.id, evenings));
    // Both pages priced the coupon while it was unused.
    for (const [index, { client }] of buyers.entries()) {
      const page = `${steps[index]!.page}&coupon=${coupon.code}`;
      expect(visible(await (await client.get(page)).text())).toContain("You save ₹4,500");
    }
    const answers = await Promise.all(
      buyers.map(({ client }, index) =>
        client.post(`${steps[index]!.action}&coupon=${coupon.code}`, { form: { intent: "pay", terms: "on" }, maxRedirects: 0 }),
      ),
    );
    expect(answers.map((answer) => answer.status()).sort()).toEqual([302, 400]);
    const completed = queryTestDatabase<{ batch_id: number; amount_paise: number }>(
      "SELECT batch_id, amount_paise FROM orders WHERE course_id = ? AND payment_status = 'completed'",
      course.id,
    );
    expect(completed).toEqual([{ batch_id: evenings, amount_paise: 0 }]);
    expect(couponRedemptions(coupon.id)).toBe(1);
    expect(queryTestDatabase("SELECT user_id FROM batch_students WHERE batch_id = ?", evenings)).toHaveLength(1);
  });
});
