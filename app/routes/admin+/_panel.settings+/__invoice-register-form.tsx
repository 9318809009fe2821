import { Form } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/forms";

// Below the Invoicing card's settings: the month's register of invoices and
// credit notes for the accountant. A plain post that answers with the file,
// so it downloads with or without JavaScript and the page stays.

export function InvoiceRegisterForm({ month }: { month: string }) {
  return (
    <section aria-labelledby="invoice-register-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="invoice-register-heading" className="text-xl font-bold text-navy-900">
        Invoice register
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Every tax invoice and credit note issued in a month, with buyer, GSTIN, place of supply, taxable value, CGST, SGST, IGST and totals,
        as an Excel file for your accountant.
      </p>
      <Form method="post" action="/admin/settings/invoice-register" reloadDocument className="mt-4 flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Month
          <input type="month" name="month" defaultValue={month} required className={inputClass} />
        </label>
        <button type="submit" className={buttonClass("primary")}>
          Download invoice register
        </button>
      </Form>
    </section>
  );
}
