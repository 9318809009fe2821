import { withDatabase } from "./database";

// The Invoicing settings a test needs: a GST-registered seller in Maharashtra
// (state code 27), or the default unregistered institute again.

export const TEST_SELLER_GSTIN = "27AAAPL1234C1Z5";

export const registeredSeller = {
  legalName: "TradeMaster Academy Private Limited",
  address: "2nd Floor, 14 Market Road",
  city: "Pune",
  stateCode: "27",
  pin: "411001",
  gstin: TEST_SELLER_GSTIN,
  gstRatePercent: 18,
  sac: "999293",
  invoicePrefix: "TMA",
  creditNotePrefix: "TCN",
};

/** Stores the invoicing section as an admin would save it; `null` removes it (unregistered, the default). */
export function setInvoicing(value: Record<string, unknown> | null = registeredSeller, databasePath?: string): void {
  withDatabase((database) => {
    if (value === null) database.prepare("DELETE FROM site_settings WHERE section = 'invoicing'").run();
    else
      database
        .prepare(
          `INSERT INTO site_settings (section, value, updated_at) VALUES ('invoicing', ?, ?)
           ON CONFLICT (section) DO UPDATE SET value = excluded.value`,
        )
        .run(JSON.stringify(value), Date.now());
  }, databasePath);
}

export type StoredTaxDocument = {
  id: number;
  kind: string;
  number: string;
  financial_year: string;
  sequence: number;
  order_id: number;
  credited_document_id: number | null;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
  place_of_supply: string;
  seller: string;
  buyer: string;
};

/** The tax documents stored for an order (or all of them), oldest first. */
export function taxDocumentsOf(orderId?: number, databasePath?: string): StoredTaxDocument[] {
  return withDatabase(
    (database) =>
      database
        .prepare(`SELECT * FROM tax_documents ${orderId === undefined ? "" : "WHERE order_id = ?"} ORDER BY id`)
        .all(...(orderId === undefined ? [] : [orderId])) as StoredTaxDocument[],
    databasePath,
  );
}

type Sqlite = {
  prepare(sql: string): { run(...values: unknown[]): { lastInsertRowid: number | bigint }; get(...values: unknown[]): unknown };
};

/**
 * A tax invoice for an order (or, with `credits`, a credit note reducing that
 * invoice), stored as the site would issue it: ₹4,999 by default, to a buyer
 * in Karnataka from a seller in Maharashtra (IGST), in series of their own
 * ("TST" and "TSC", financial year 00-01) so they never take a number of the site's.
 */
export function insertTestInvoice(
  database: Sqlite,
  orderId: number,
  { totalPaise = 499_900, credits }: { totalPaise?: number; credits?: number } = {},
): { id: number; number: string } {
  const kind = credits === undefined ? "invoice" : "credit_note";
  const { last } = database
    .prepare("SELECT coalesce(max(sequence), 0) AS last FROM tax_documents WHERE kind = ? AND financial_year = '00-01'")
    .get(kind) as { last: number };
  const sequence = last + 1;
  const number = `${kind === "invoice" ? "TST" : "TSC"}/00-01/${String(sequence).padStart(6, "0")}`;
  const taxable = Math.round((totalPaise * 100) / 118);
  const seller = {
    ...registeredSeller,
    name: registeredSeller.legalName,
    address: "2nd Floor, 14 Market Road, Pune",
    stateName: "Maharashtra",
  };
  const buyer = { name: "Asha Rao", address: "12 MG Road, Bengaluru", stateCode: "29", stateName: "Karnataka", pin: "560001" };
  const id = Number(
    database
      .prepare(
        `INSERT INTO tax_documents (kind, number, financial_year, sequence, order_id, credited_document_id, issued_at, seller, buyer,
                                    place_of_supply, sac, description, gst_rate_bps, taxable_paise, igst_paise, total_paise)
         VALUES (?, ?, '00-01', ?, ?, ?, ?, ?, ?, '29', '999293', 'Course fee', 1800, ?, ?, ?)`,
      )
      .run(
        kind,
        number,
        sequence,
        orderId,
        credits ?? null,
        Date.now(),
        JSON.stringify(seller),
        JSON.stringify(buyer),
        taxable,
        totalPaise - taxable,
        totalPaise,
      ).lastInsertRowid,
  );
  return { id, number };
}

export type TestBilling = { name: string; address: string; city: string; stateCode: string; pin: string; businessName?: string };

/** A buyer in Karnataka (29), across the state line from the test seller. */
export const KARNATAKA_BILLING: TestBilling = {
  name: "Asha Rao",
  address: "12 MG Road",
  city: "Bengaluru",
  stateCode: "29",
  pin: "560001",
};

/** Billing details on record for the student: an enrollment form they saved at an earlier checkout, with its billing. */
export function billingOnRecord(userId: string, billing: TestBilling = KARNATAKA_BILLING, databasePath?: string): void {
  withDatabase((database) => {
    const course = database.prepare("SELECT id FROM courses ORDER BY id LIMIT 1").get() as { id: number };
    database
      .prepare(
        `INSERT INTO enrollment_forms (user_id, name, whatsapp_number, state, city, experience_level, course_or_event_id,
                                       course_or_event_type, source_of_lead, billing)
         VALUES (?, ?, '9876543210', 'Karnataka', ?, 'Beginner', ?, 'course', 'Website', ?)`,
      )
      .run(userId, billing.name, billing.city, course.id, JSON.stringify(billing));
  }, databasePath);
}
