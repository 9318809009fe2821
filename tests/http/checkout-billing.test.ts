import { setInvoicing } from "../support/invoicing";
import { afterAll, beforeAll, describe, expect, makeCourse, queryTestDatabase, studentClient, test } from "./support/test";

// The checkout's information step asks who the GST tax invoice is made out to
// while the institute issues invoices (a GSTIN in the settings), keeps the
// answer with the enrollment form, and offers it again next time; without a
// GSTIN it asks nothing of the kind (decision 0031).

const enrollment = (courseId: number) => ({
  name: "Asha Rao",
  whatsappNumber: "9876543210",
  state: "Karnataka",
  city: "Bengaluru",
  experienceLevel: "Beginner",
  courseOrEvent: `course:${courseId}`,
  sourceOfLead: "Instagram",
  consent: "on",
});
const billing = {
  "billing.name": "Asha Rao",
  "billing.businessName": "Rao Ventures",
  "billing.address": "12 MG Road",
  "billing.city": "Bengaluru",
  "billing.stateCode": "29",
  "billing.pin": "560001",
  "billing.gstin": "29aaacr1234a1z5",
};
const formsOf = (userId: string) =>
  queryTestDatabase<{ id: number; billing: string | null }>(
    "SELECT id, billing FROM enrollment_forms WHERE user_id = ? ORDER BY id",
    userId,
  );
const withoutScripts = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");

describe("with tax invoices on", () => {
  beforeAll(() => setInvoicing());
  afterAll(() => setInvoicing(null));

  test("the billing details are asked, stored with the form, and offered again at the next checkout", async () => {
    const course = makeCourse({ pricePaise: 499_900 });
    const { client, student } = await studentClient();
    const path = `/checkout/information?courseId=${course.id}`;
    const page = withoutScripts(await (await client.get(path)).text());
    for (const text of [
      "Billing details",
      "Name on the invoice",
      "PIN code",
      "GSTIN (optional, for a registered business)",
      'name="billing.stateCode"',
    ])
      expect(page).toContain(text);

    const saved = await client.post(path, { form: { ...enrollment(course.id), ...billing }, maxRedirects: 0 });
    expect(saved.status()).toBe(302);
    const [form] = formsOf(student.id);
    expect(saved.headers().location).toBe(`/checkout?courseId=${course.id}&form=${form!.id}`);
    expect(JSON.parse(form!.billing!)).toEqual({
      name: "Asha Rao",
      businessName: "Rao Ventures",
      address: "12 MG Road",
      city: "Bengaluru",
      stateCode: "29",
      pin: "560001",
      gstin: "29AAACR1234A1Z5",
    });

    const next = withoutScripts(
      await (await client.get(`/checkout/information?courseId=${makeCourse({ pricePaise: 100_000 }).id}`)).text(),
    );
    for (const value of ['value="12 MG Road"', 'value="560001"', 'value="29AAACR1234A1Z5"', 'value="Rao Ventures"'])
      expect(next).toContain(value);
  });

  test("a GSTIN of another state, a bad PIN or no billing details at all is refused on its field, and nothing is stored", async () => {
    const course = makeCourse({ pricePaise: 499_900 });
    const { client, student } = await studentClient();
    const path = `/checkout/information?courseId=${course.id}`;
    const cases: [Record<string, string>, string][] = [
      [{ ...billing, "billing.gstin": "27AAACR1234A1Z5" }, "The GSTIN&#x27;s first two digits must be your state&#x27;s code"],
      [{ ...billing, "billing.gstin": "29AAACR1234" }, "GSTIN must be 15 characters, like 29AAACP1234A1Z5"],
      [{ ...billing, "billing.pin": "56001" }, "PIN code must be 6 digits"],
      [{ ...billing, "billing.stateCode": "99" }, "Choose your state"],
      [{}, "Name for the invoice is required"],
    ];
    for (const [fields, message] of cases) {
      const refused = await client.post(path, { form: { ...enrollment(course.id), ...fields } });
      expect(refused.status(), message).toBe(400);
      expect(withoutScripts(await refused.text())).toContain(message);
    }
    expect(formsOf(student.id)).toEqual([]);
  });
});

test("without a GSTIN in the settings nothing of billing is asked, and the form saves without it", async () => {
  const course = makeCourse({ pricePaise: 499_900 });
  const { client, student } = await studentClient();
  const path = `/checkout/information?courseId=${course.id}`;
  expect(withoutScripts(await (await client.get(path)).text())).not.toContain("Billing details");
  expect((await client.post(path, { form: enrollment(course.id), maxRedirects: 0 })).status()).toBe(302);
  expect(formsOf(student.id)).toEqual([{ id: expect.any(Number), billing: null }]);
});
