import { billingOnRecord, setInvoicing, taxDocumentsOf } from "../support/invoicing";
import {
  adminApiClient,
  beforeAll,
  createStudent,
  describe,
  expect,
  makeCourse,
  ordersOf,
  queryTestDatabase,
  test,
  uniqueTitle,
} from "./support/test";

// Who the tax invoice of a payment recorded at the institute is made out to
// (decision 0034): the student's billing details on record, shown on the
// form; with none on record the form asks for them, and a post without them
// is refused and stores nothing. The seller is in Maharashtra (27).

/** The billing fields as a browser posts them when nobody filled them in. */
const BLANK_BILLING = Object.fromEntries(
  ["name", "businessName", "address", "city", "stateCode", "pin", "gstin"].map((part) => [`billing.${part}`, ""]),
);

/** Whether the browser itself refuses to post the form while this field is empty (no JavaScript needed). */
const browserRequires = (markup: string, name: string) => {
  const tag = new RegExp(`<(?:input|select)[^>]*name="${name.replace(".", "\\.")}"[^>]*>`).exec(markup)?.[0];
  if (!tag) throw new Error(`no field ${name}`);
  return /\srequired(=""|\s|>)/.test(tag);
};

const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
const withoutScripts = (markup: string) => markup.replace(/<script[\s\S]*?<\/script>/g, "");

const mailTo = (address: string) => queryTestDatabase("SELECT id FROM outbox_messages WHERE to_address = ?", address);
const orderBilling = (orderId: number) =>
  JSON.parse(queryTestDatabase<{ billing: string }>("SELECT billing FROM orders WHERE id = ?", orderId)[0]!.billing) as Record<
    string,
    string
  >;

async function arrange() {
  const student = await createStudent({ firstName: "Asha", lastName: "Rao" });
  const { client } = await adminApiClient("admin");
  const course = makeCourse({ pricePaise: 999_900, title: uniqueTitle("At the desk") });
  const payment = {
    intent: "offline-payment",
    courseId: String(course.id),
    amount: "",
    method: "cash",
    reference: "",
    receivedOn: today(),
    reason: "Paid at the desk",
  };
  return { student, client, course, payment, page: `/admin/users/${student.id}` };
}

beforeAll(() => setInvoicing());

describe("the offline payment form and the invoice's buyer", () => {
  test("no billing details on record: the form asks, a post without them is refused and stores nothing, with them the invoice names them", async () => {
    const { student, client, course, payment, page } = await arrange();
    const shown = withoutScripts(await (await client.get(page)).text());
    expect(shown).toContain("This student has no billing details on record.");
    for (const name of ["billing.name", "billing.address", "billing.city", "billing.stateCode", "billing.pin", "billing.gstin"])
      expect(shown).toContain(`name="${name}"`);
    expect(browserRequires(shown, "billing.name")).toBe(true);
    expect(browserRequires(shown, "billing.stateCode")).toBe(true);

    const refused = await client.post(page, { form: { ...payment, ...BLANK_BILLING } });
    expect(refused.status()).toBe(400);
    const message = withoutScripts(await refused.text());
    expect(message).toContain("This student has no billing details on record, and the tax invoice must name its buyer");
    expect(message).toContain("PIN code must be 6 digits");
    expect(ordersOf(student.id, course.id)).toEqual([]);
    expect(mailTo(student.email)).toEqual([]);

    const billing = {
      "billing.name": "Asha Rao",
      "billing.address": "12 MG Road",
      "billing.city": "Bengaluru",
      "billing.stateCode": "29",
      "billing.pin": "560001",
    };
    const posted = await client.post(page, { form: { ...payment, ...billing }, maxRedirects: 0 });
    expect(posted.status()).toBe(302);
    const [order] = ordersOf(student.id, course.id);
    expect(orderBilling(order!.id)).toEqual({ name: "Asha Rao", address: "12 MG Road", city: "Bengaluru", stateCode: "29", pin: "560001" });
    const [invoice] = taxDocumentsOf(order!.id);
    expect(invoice).toMatchObject({ place_of_supply: "29", cgst_paise: 0, sgst_paise: 0 });
    expect(JSON.parse(invoice!.buyer)).toMatchObject({ address: "12 MG Road, Bengaluru", stateName: "Karnataka", pin: "560001" });
  });

  test("billing details on record: the form names them and the invoice goes to Karnataka (IGST), not the institute's state", async () => {
    const { student, client, course, payment, page } = await arrange();
    billingOnRecord(student.id);
    const shown = withoutScripts(await (await client.get(page)).text());
    expect(shown).toContain("Asha Rao, 12 MG Road, Bengaluru, Karnataka 560001");
    expect(shown).not.toContain("This student has no billing details on record.");
    expect(shown).toContain("Make the invoice out to other details");
    // Left closed, the other details must not stop the post without JavaScript.
    for (const name of ["billing.name", "billing.address", "billing.city", "billing.stateCode", "billing.pin"])
      expect(browserRequires(shown, name)).toBe(false);

    // The other details' fields are posted blank when the admin leaves them closed.
    const posted = await client.post(page, { form: { ...payment, ...BLANK_BILLING }, maxRedirects: 0 });
    expect(posted.status()).toBe(302);
    const [order] = ordersOf(student.id, course.id);
    const [invoice] = taxDocumentsOf(order!.id);
    expect(invoice).toMatchObject({ place_of_supply: "29", cgst_paise: 0, sgst_paise: 0 });
    expect(invoice!.igst_paise).toBeGreaterThan(0);
    expect(JSON.parse(invoice!.buyer)).toMatchObject({
      name: "Asha Rao",
      address: "12 MG Road, Bengaluru",
      stateCode: "29",
      stateName: "Karnataka",
      pin: "560001",
    });
  });

  test("half-filled billing details are refused with the missing fields named, and store nothing", async () => {
    const { student, client, course, payment, page } = await arrange();
    billingOnRecord(student.id);
    const refused = await client.post(page, { form: { ...payment, "billing.name": "Asha Rao", "billing.stateCode": "29" } });
    expect(refused.status()).toBe(400);
    const message = withoutScripts(await refused.text());
    expect(message).toContain("Address is required");
    expect(message).toContain("PIN code must be 6 digits");
    expect(ordersOf(student.id, course.id)).toEqual([]);
  });
});
