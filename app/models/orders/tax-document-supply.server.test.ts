// Where a sale is supplied, how its tax is split and what the invoice carries,
// read back from the PDF of invoices issued through the real order path
// against an in-memory database.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { courses, orders, events, siteSettings, users, type BillingDetails } from "../../../db/schema";
import { db } from "~/utils/db.server";
import { taxDocumentPdf } from "~/services/pdf/tax-invoice.server";
import { readPdf } from "../../../tests/support/pdf-text";
import { registeredSeller } from "../../../tests/support/invoicing";
import { reserveOrder } from "./order.server";
import { findTaxDocument, issueInvoiceForOrder } from "./tax-document.server";
import { STRIPE_CARD } from "../../../tests/support/unit-orders";

// The seller is in Maharashtra (27).
const KARNATAKA: BillingDetails = { name: "Asha Rao", address: "12 MG Road", city: "Bengaluru", stateCode: "29", pin: "560001" };
const TAMIL_NADU_GSTIN: BillingDetails = {
  name: "Kavya Iyer",
  address: "8 Anna Salai",
  city: "Chennai",
  stateCode: "33",
  pin: "600002",
  businessName: "Iyer Capital",
  gstin: "33AAACI1234A1Z5",
};

type Delivery = { deliveryMode: "online" | "venue"; venueStateCode: string | null };
const ONLINE: Delivery = { deliveryMode: "online", venueStateCode: null };
const IN_DELHI: Delivery = { deliveryMode: "venue", venueStateCode: "07" };

function setInvoicing(extra: Record<string, unknown> = {}) {
  db.delete(siteSettings).where(eq(siteSettings.section, "invoicing")).run();
  db.insert(siteSettings)
    .values({ section: "invoicing", value: { ...registeredSeller, ...extra } })
    .run();
}

let serial = 0;

/** A course or event sold as `delivery`, and a student's order for it with `billing`, invoiced now. */
function invoiceFor(item: "course" | "event", delivery: Delivery, billing: BillingDetails, amountPaise = 499_900) {
  serial += 1;
  const user = db
    .insert(users)
    .values({ email: `supply${serial}@example.com`, firstName: billing.name, adultConfirmedAt: new Date() })
    .returning()
    .get();
  const courseId =
    item === "course"
      ? db
          .insert(courses)
          .values({
            title: `Workshop ${serial}`,
            shortDescription: "s",
            description: "d",
            duration: "2 days",
            pricePaise: amountPaise,
            ...delivery,
          })
          .returning()
          .get().id
      : null;
  const eventId =
    item === "event"
      ? db
          .insert(events)
          .values({
            title: `Trading Meetup ${serial}`,
            description: "d",
            eventDate: new Date("2027-01-10T05:00:00Z"),
            pricePaise: amountPaise,
            ...delivery,
          })
          .returning()
          .get().id
      : null;
  const reserved = reserveOrder({ userId: user.id, courseId, eventId, amountPaise, couponId: null, enrollmentFormId: null }, STRIPE_CARD);
  if (!reserved.ok) throw new Error("not reserved");
  const orderId = reserved.order.id;
  db.update(orders).set({ billing }).where(eq(orders.id, orderId)).run();
  // The admin edits what was sold after the order: the invoice follows the order's copy.
  if (courseId !== null) db.update(courses).set(ONLINE).where(eq(courses.id, courseId)).run();
  if (eventId !== null) db.update(events).set(ONLINE).where(eq(events.id, eventId)).run();
  const issued = db.transaction((tx) => issueInvoiceForOrder(tx, orderId), { behavior: "immediate" });
  if (!issued) throw new Error("no invoice");
  return { orderId, document: findTaxDocument(issued.id)! };
}

const pdfText = async (document: Parameters<typeof taxDocumentPdf>[0]) => (await readPdf(await taxDocumentPdf(document))).text;

beforeEach(() => setInvoicing());

describe("place of supply, read back from the invoice", () => {
  test("a buyer who gives a GSTIN: their registered location, even for training at a venue", async () => {
    const { document } = invoiceFor("course", IN_DELHI, TAMIL_NADU_GSTIN);
    const text = await pdfText(document);
    expect(text).toContain("Place of supply: Tamil Nadu (code 33)");
    expect(text).toContain("IGST @ 18%");
  });

  test("an unregistered buyer of an online course: the address on record", async () => {
    const { document } = invoiceFor("course", ONLINE, KARNATAKA);
    const text = await pdfText(document);
    expect(text).toContain("Place of supply: Karnataka (code 29)");
    expect(text).toContain("IGST @ 18%");
  });

  test("an unregistered buyer of training at a venue: where it is performed, not the buyer's state", async () => {
    const { document } = invoiceFor("course", IN_DELHI, KARNATAKA);
    const text = await pdfText(document);
    expect(text).toContain("Place of supply: Delhi (code 07)");
    expect(text).toContain("State: Karnataka (code 29) · PIN 560001");
  });

  test("admission to an event: where it is held, even for a registered buyer; in the seller's state that is CGST + SGST", async () => {
    const inDelhi = await pdfText(invoiceFor("event", IN_DELHI, TAMIL_NADU_GSTIN).document);
    expect(inDelhi).toContain("Place of supply: Delhi (code 07)");
    const inPune = await pdfText(invoiceFor("event", { deliveryMode: "venue", venueStateCode: "27" }, KARNATAKA).document);
    expect(inPune).toContain("Place of supply: Maharashtra (code 27)");
    expect(inPune).toContain("CGST @ 9%");
    expect(inPune).not.toContain("IGST");
  });
});

describe("what an invoice issued now carries", () => {
  test("an odd paisa of tax: equal CGST and SGST and a round-off line, adding up to the total", async () => {
    // ₹1,000.03 at 18%: taxable ₹847.48, tax ₹152.55 → ₹76.27 + ₹76.27 + ₹0.01.
    const { document } = invoiceFor("course", ONLINE, { ...KARNATAKA, stateCode: "27", city: "Pune", pin: "411004" }, 100_003);
    expect(document).toMatchObject({ taxablePaise: 84_748, cgstPaise: 7_627, sgstPaise: 7_627, roundOffPaise: 1, totalPaise: 100_003 });
    const text = await pdfText(document);
    expect(text).toContain("₹76.27");
    expect(text).toContain("Round-off");
    expect(text).toContain("₹0.01");
  });

  test("the Invoice note is copied when issued and printed; a later change leaves the reprint identical", async () => {
    setInvoicing({ invoiceNote: "Fees once paid are refundable only as our refund policy says." });
    const { document } = invoiceFor("course", ONLINE, KARNATAKA);
    const before = await taxDocumentPdf(document);
    expect((await readPdf(before)).text).toContain("Fees once paid are refundable only as our refund policy says.");
    setInvoicing({ invoiceNote: "A different note." });
    const after = await taxDocumentPdf(findTaxDocument(document.id)!);
    expect(Buffer.compare(before, after)).toBe(0);
  });

  test("an order that carries no billing details of its own (an app's checkout without a form) names the student's on record", async () => {
    // The student's earlier order carries their billing details; an app then checks out without a form.
    const { document: earlier } = invoiceFor("course", ONLINE, KARNATAKA);
    const courseId = db
      .insert(courses)
      .values({ title: "Options", shortDescription: "s", description: "d", duration: "2 days", pricePaise: 299_900 })
      .returning()
      .get().id;
    const userId = db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, earlier.orderId)).get()!.userId;
    const reserved = reserveOrder(
      { userId, courseId, eventId: null, amountPaise: 299_900, couponId: null, enrollmentFormId: null },
      STRIPE_CARD,
    );
    if (!reserved.ok) throw new Error("not reserved");
    const issued = db.transaction((tx) => issueInvoiceForOrder(tx, reserved.order.id), { behavior: "immediate" })!;
    const text = await pdfText(findTaxDocument(issued.id)!);
    expect(text).toContain("Asha Rao");
    expect(text).toContain("12 MG Road, Bengaluru");
    expect(text).toContain("State: Karnataka (code 29) · PIN 560001");
    expect(text).toContain("Place of supply: Karnataka (code 29)");
  });
});
