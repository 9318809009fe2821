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
