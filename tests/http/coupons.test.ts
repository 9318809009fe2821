import {
  addCompletedEnrollment,
  adminApiClient,
  auditActionsOf,
  couponRedemptions,
  describe,
  expect,
  type HttpClient,
  type HttpResponse,
  makeCoupon,
  makeCourse,
  makeEnrollmentForm,
  ordersOf,
  queryTestDatabase,
  studentClient,
  test,
  uniqueTitle,
  withDatabase,
} from "./support/test";

// Coupons that take a fixed amount, with scopes and limits (decision 0029),
// over HTTP: the JSON endpoint and the checkout page (a plain form post, as
// without JavaScript) say which rule a coupon fails; the order's own
// transaction checks the rules again; the admin form saves an amount coupon
// with its scope and refuses bad input without changing anything.

const VALIDATE = "/api/validate-coupon";
const INVALID = "The coupon code is invalid or expired.";
const PER_STUDENT_ONCE =
  "This coupon is limited to 1 order per student, and you have already used it. A checkout left unfinished keeps it for 35 minutes.";

const course = (pricePaise: number, label = "Coupon Course") => makeCourse({ pricePaise, title: uniqueTitle(label) });

async function refusal(response: HttpResponse) {
  expect(response.status(), await response.text()).toBe(400);
  return (await response.json()).message;
}

describe("POST /api/validate-coupon", () => {
  test("an amount coupon takes its rupees off, and never below Free", async () => {
    const { client } = await studentClient();
    const basics = course(499_900);
    const small = course(30_000);
    const flat = makeCoupon({ amountOffPaise: 50_000 });
    const answer = await client.post(VALIDATE, { data: { couponCode: flat.code.toLowerCase(), courseId: basics.id } });
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ code: flat.code, kind: "amount", discount: null, discountAmount: "500.00", total: "4499.00" });
    const free = await client.post(VALIDATE, { data: { couponCode: flat.code, courseId: small.id } });
    expect(await free.json()).toMatchObject({ discountAmount: "300.00", total: "0.00" });
  });

  test("each rule a real coupon fails is said: scope, minimum order, per-student limit", async () => {
    const { client, student } = await studentClient();
    const basics = course(499_900, "Basics");
    const options = course(299_900, "Options");
    const scoped = makeCoupon({ amountOffPaise: 50_000, courseIds: [basics.id] });
    expect(await refusal(await client.post(VALIDATE, { data: { couponCode: scoped.code, courseId: options.id } }))).toBe(
      `This coupon does not apply to ${options.title}.`,
    );
    const minimum = makeCoupon({ percentOff: 10, minOrderPaise: 500_000 });
    expect(await refusal(await client.post(VALIDATE, { data: { couponCode: minimum.code, courseId: basics.id } }))).toBe(
      "This coupon needs an order of at least ₹5,000.",
    );
    const once = makeCoupon({ percentOff: 10, perStudentLimit: 1 });
    const earlier = course(100_000, "Earlier");
    const orderId = addCompletedEnrollment(student.id, earlier.id, 90_000);
    withDatabase((database) => database.prepare("UPDATE orders SET coupon_id = ? WHERE id = ?").run(once.id, orderId));
    expect(await refusal(await client.post(VALIDATE, { data: { couponCode: once.code, courseId: basics.id } }))).toBe(PER_STUDENT_ONCE);
    // Another student has not used it.
    const other = await studentClient();
    expect((await other.client.post(VALIDATE, { data: { couponCode: once.code, courseId: basics.id } })).status()).toBe(200);
    // Unknown codes keep the general refusal.
    expect(await refusal(await client.post(VALIDATE, { data: { couponCode: "NO-SUCH-CODE", courseId: basics.id } }))).toBe(INVALID);
  });
});

/** The checkout's payment step for the course, with the student's saved enrollment form. */
function paymentStep(studentId: string, courseId: number, coupon?: string) {
  const form = makeEnrollmentForm(studentId, courseId);
  const query = new URLSearchParams({ courseId: String(courseId), form: String(form) });
  if (coupon) query.set("coupon", coupon);
  return { page: `/checkout?${query}`, action: `/checkout?index&${query}` };
}

const applyCoupon = (client: HttpClient, action: string, couponCode: string) =>
  client.post(action, { form: { intent: "apply-coupon", couponCode }, maxRedirects: 0 });

describe("the checkout page without JavaScript", () => {
  test("an applied amount coupon shows the saving and the new total in whole rupees", async () => {
    const { client, student } = await studentClient();
    const basics = course(499_900, "Basics");
    const flat = makeCoupon({ amountOffPaise: 50_000, courseIds: [basics.id] });
    const { action } = paymentStep(student.id, basics.id);
    const applied = await applyCoupon(client, action, flat.code);
    expect(applied.status()).toBe(302);
    const page = await client.get(applied.headers().location ?? "");
    const html = await page.text();
    expect(html).toContain("You save ₹500");
    expect(html).toContain(`Discount (${flat.code})`);
    expect(html).toContain("₹4,499");
    expect(html).toContain("₹500 discount applied successfully.");
    expect(html).not.toMatch(/₹4,499\.00|₹4,999\.00/);
  });

  test("a coupon refused at Apply says why and leaves the price as it was", async () => {
    const { client, student } = await studentClient();
    const basics = course(499_900, "Basics");
    const options = course(299_900, "Options");
    const scoped = makeCoupon({ amountOffPaise: 50_000, courseIds: [basics.id] });
    const minimum = makeCoupon({ amountOffPaise: 50_000, minOrderPaise: 500_000 });
    const { action } = paymentStep(student.id, options.id);
    for (const [code, message] of [
      [scoped.code, `This coupon does not apply to ${options.title}.`],
      [minimum.code, "This coupon needs an order of at least ₹5,000."],
      ["NOPE-NOT-A-CODE", INVALID],
    ] as const) {
      const refused = await applyCoupon(client, action, code);
      expect(refused.status()).toBe(400);
      const html = await refused.text();
      expect(html).toContain(message);
      expect(html).not.toContain("You save");
    }
    expect(ordersOf(student.id, options.id)).toEqual([]);
  });

  test("a coupon in the address that does not apply is dropped, and the page says why", async () => {
    const { client, student } = await studentClient();
    const options = course(299_900, "Options");
    const minimum = makeCoupon({ percentOff: 20, minOrderPaise: 500_000 });
    const { page } = paymentStep(student.id, options.id, minimum.code);
    const html = await (await client.get(page)).text();
    expect(html).toContain("This coupon needs an order of at least ₹5,000.");
    expect(html).toContain("₹2,999");
    expect(html).not.toContain("You save");
  });

  test("two free orders at once with a one-per-student coupon: one enrolls, the other is refused with the limit, by the order's transaction if not before", async () => {
    const { client, student } = await studentClient();
    const first = course(40_000, "First");
    const second = course(40_000, "Second");
    const once = makeCoupon({ amountOffPaise: 50_000, perStudentLimit: 1 });
    const steps = [paymentStep(student.id, first.id, once.code), paymentStep(student.id, second.id, once.code)];
    // Both pages priced the coupon while it was unused.
    for (const step of steps) expect(await (await client.get(step.page)).text()).toContain("You save ₹400");
    const answers = await Promise.all(
      steps.map((step) => client.post(step.action, { form: { intent: "pay", terms: "on" }, maxRedirects: 0 })),
    );
    expect(answers.map((answer) => answer.status()).sort()).toEqual([302, 400]);
    const refused = answers.find((answer) => answer.status() === 400);
    expect(await refused?.text()).toContain(PER_STUDENT_ONCE);
    const completed = [...ordersOf(student.id, first.id), ...ordersOf(student.id, second.id)].filter(
      (order) => order.payment_status === "completed",
    );
    expect(completed).toHaveLength(1);
    expect(couponRedemptions(once.id)).toBe(1);
  });
});

/** A form body with repeated names, as checkboxes post it. */
const formBody = (entries: readonly (readonly [string, string])[]) => ({
  data: new URLSearchParams(entries.map(([name, value]) => [name, value])).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded" },
  maxRedirects: 0,
});

type StoredCoupon = {
  id: number;
  kind: string;
  percent_off: number | null;
  amount_off_paise: number | null;
  min_order_paise: number | null;
  per_student_limit: number | null;
};
const storedCoupon = (code: string) =>
  queryTestDatabase<StoredCoupon>(
    "SELECT id, kind, percent_off, amount_off_paise, min_order_paise, per_student_limit FROM coupons WHERE code = ?",
    code,
  )[0];
const scopeOf = (couponId: number) =>
  queryTestDatabase<{ target_type: string; target_id: number }>(
    "SELECT target_type, target_id FROM coupon_targets WHERE coupon_id = ? ORDER BY target_type, target_id",
    couponId,
  );

describe("the admin coupon form", () => {
  test("creates and edits an amount coupon limited to chosen courses, and the list says its rules in words", async () => {
    const { client, admin } = await adminApiClient("admin");
    const basics = course(499_900, "Basics");
    const options = course(299_900, "Options");
    const code = `FLAT${Date.now()}`;
    const created = await client.post(
      "/admin/coupons/new",
      formBody([
        ["code", code],
        ["kind", "amount"],
        ["amountOff", "500"],
        ["minOrder", "2,000"],
        ["perStudentLimit", "1"],
        ["courseIds", String(basics.id)],
        ["isActive", "on"],
      ]),
    );
    expect(created.status()).toBe(302);
    const stored = storedCoupon(code);
    expect(stored).toMatchObject({
      kind: "amount",
      percent_off: null,
      amount_off_paise: 50_000,
      min_order_paise: 200_000,
      per_student_limit: 1,
    });
    expect(scopeOf(stored?.id ?? 0)).toEqual([{ target_type: "course", target_id: basics.id }]);
    expect(await (await client.get("/admin/coupons")).text()).toContain(`₹500 off · min ₹2,000 · 1 per student · ${basics.title}`);

    const edited = await client.post(
      `/admin/coupons/${stored?.id}`,
      formBody([
        ["intent", "save"],
        ["code", code],
        ["kind", "amount"],
        ["amountOff", "750"],
        ["courseIds", String(basics.id)],
        ["courseIds", String(options.id)],
        ["isActive", "on"],
      ]),
    );
    expect(edited.status()).toBe(302);
    expect(storedCoupon(code)).toMatchObject({ amount_off_paise: 75_000, min_order_paise: null, per_student_limit: null });
    expect(scopeOf(stored?.id ?? 0)).toEqual(
      [basics.id, options.id].sort((a, b) => a - b).map((id) => ({ target_type: "course", target_id: id })),
    );
    expect(auditActionsOf(admin).map((row) => row.action)).toEqual(["coupon_created", "coupon_updated"]);
  });

  test("bad input gets a message on each field and changes nothing", async () => {
    const { client, admin } = await adminApiClient("admin");
    const code = `BAD${Date.now()}`;
    for (const [entries, message] of [
      [[["kind", "amount"]], "Amount off is required"],
      [
        [
          ["kind", "amount"],
          ["amountOff", "five hundred"],
        ],
        "Amount off must be an amount in rupees, like 4999 or 4999.50",
      ],
      [[["kind", "percent"]], "Percent off is required"],
      [[["kind", "gift"]], "Choose a percent off or an amount off in rupees"],
      [
        [
          ["kind", "amount"],
          ["amountOff", "500"],
          ["minOrder", "-1"],
        ],
        "Minimum order cannot be negative",
      ],
      [
        [
          ["kind", "amount"],
          ["amountOff", "500"],
          ["perStudentLimit", "0"],
        ],
        "Limit per student must be at least 1",
      ],
      [
        [
          ["kind", "amount"],
          ["amountOff", "500"],
          ["courseIds", "basics"],
        ],
        "Choose courses from the list",
      ],
      [
        [
          ["kind", "amount"],
          ["amountOff", "500"],
          ["courseIds", "999999999"],
        ],
        "A chosen course no longer exists. Reload the page and choose again.",
      ],
    ] as const) {
      const response = await client.post("/admin/coupons/new", formBody([["code", code], ...entries]));
      expect([400, 409], JSON.stringify(entries)).toContain(response.status());
      expect(await response.text()).toContain(message);
    }
    expect(storedCoupon(code)).toBeUndefined();
    expect(auditActionsOf(admin)).toEqual([]);
  });
});
