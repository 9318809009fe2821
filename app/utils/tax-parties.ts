import type { BillingDetails, TaxParty } from "../../db/schema";
import type { InvoicingSettings } from "~/schemas/site-settings";
import { indianStateName } from "~/utils/indian-states";

// The seller and the buyer as a tax document prints them, copied onto it when
// it is issued (a document never changes afterwards).

/** The seller, from the Invoicing settings. */
export function sellerParty(settings: InvoicingSettings & { gstin: string }): TaxParty {
  return {
    name: settings.legalName,
    address: `${settings.address}, ${settings.city}`,
    stateCode: settings.stateCode,
    stateName: indianStateName(settings.stateCode) ?? settings.stateCode,
    pin: settings.pin,
    gstin: settings.gstin,
  };
}

/** The buyer, from the billing details given at checkout. */
export function billedParty(billing: BillingDetails): TaxParty {
  return {
    name: billing.name,
    address: `${billing.address}, ${billing.city}`,
    stateCode: billing.stateCode,
    stateName: indianStateName(billing.stateCode) ?? billing.stateCode,
    pin: billing.pin,
    gstin: billing.gstin ?? null,
    businessName: billing.businessName ?? null,
  };
}
