import { eq, inArray } from "drizzle-orm";
import { siteSettings } from "../../../db/schema";
import { SETTINGS_DEFAULTS, SETTINGS_SCHEMAS, type SettingsOf, type SettingsSection } from "~/schemas/site-settings";
import { db, type Transaction } from "~/utils/db.server";
import { recordAdminAction } from "./audit-log.server";
import type { PublicAdmin } from "../accounts/admin.server";

type Reader = Pick<typeof db, "select">;

/**
 * A section as an admin last saved it, or its defaults when never saved (or
 * stored in a shape its schema no longer accepts). Pass the transaction when
 * the setting decides what that transaction writes (mail to queue, an
 * invoice's seller), so both see the same row.
 */
export function readSettings<Section extends SettingsSection>(section: Section, database: Reader = db): SettingsOf<Section> {
  const row = database.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.section, section)).get();
  if (!row) return SETTINGS_DEFAULTS[section];
  const parsed = SETTINGS_SCHEMAS[section].safeParse(row.value);
  return parsed.success ? (parsed.data as SettingsOf<Section>) : SETTINGS_DEFAULTS[section];
}

/** Stores a section the form has checked, with an audit row naming the admin, in one transaction. */
export function saveSettings<Section extends SettingsSection>(
  section: Section,
  value: SettingsOf<Section>,
  admin: Pick<PublicAdmin, "adminId">,
  now = new Date(),
): void {
  db.transaction((tx: Transaction) => {
    tx.insert(siteSettings)
      .values({ section, value, updatedAt: now, updatedBy: admin.adminId })
      .onConflictDoUpdate({ target: siteSettings.section, set: { value, updatedAt: now, updatedBy: admin.adminId } })
      .run();
    recordAdminAction(admin, "settings_updated", { type: "settings", id: section }, { database: tx });
  });
}

/** When an admin last saved these sections (the latest of them), or null when none was ever saved. */
export function settingsLastSaved(sections: SettingsSection[], database: Reader = db): Date | null {
  const rows = database
    .select({ updatedAt: siteSettings.updatedAt })
    .from(siteSettings)
    .where(inArray(siteSettings.section, sections))
    .all();
  return rows.reduce<Date | null>((latest, row) => (latest && latest >= row.updatedAt ? latest : row.updatedAt), null);
}

/** Whether the institute is GST-registered (a GSTIN in the Invoicing settings), and so issues tax invoices (decision 0031). */
export function issuesTaxInvoices(database: Reader = db): boolean {
  return Boolean(readSettings("invoicing", database).gstin);
}

/**
 * Whether shown prices include GST: the institute is registered (a GSTIN in the
 * Invoicing settings), so the price a student pays carries tax and says so
 * ("incl. GST"). Unregistered, it charges none and says nothing.
 */
export const pricesIncludeGst = issuesTaxInvoices;
