import { SummaryRow } from "~/components/ui/summary-row";
import { CHECKOUT_NOTES } from "~/content/faq";
import { SEAT_HOLD_MINUTES } from "~/schemas/event-registration";
import type { OrderSummaryData } from "./__checkout.server";

/** The order as the server priced it: what the student will be charged. */
/** `refundNote`: the refund policy's summary from settings, the last of the notes. */
export function OrderSummary({ summary, refundNote }: { summary: OrderSummaryData; refundNote: string }) {
  return (
    <section aria-labelledby="order-summary-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="order-summary-title" className="text-xl font-bold text-navy-900">
        Order Summary
      </h2>
      <p className="mt-3 font-semibold text-navy-900">{summary.item.title}</p>
      {summary.item.type === "event" ? (
        <p className="text-sm text-slate-600">{`One seat. When you press Pay, it is held for you for ${SEAT_HOLD_MINUTES} minutes.`}</p>
      ) : null}
      <dl className="mt-4 divide-y divide-slate-200 text-sm">
        <SummaryRow label="Original price" value={summary.original} />
        <SummaryRow label={summary.discountLabel} value={summary.discount} />
        <SummaryRow label="Processing fee" value={summary.processingFee} />
        <SummaryRow label="Total" value={<span className="text-lg">{summary.total}</span>} />
      </dl>
      {summary.youSave ? <p className="mt-3 font-semibold text-emerald-800">{summary.youSave}</p> : null}
      <ul className="mt-4 space-y-1.5 text-sm text-slate-600">
        {[...CHECKOUT_NOTES, refundNote].map((note) => (
          <li key={note} className="flex gap-2">
            <span aria-hidden="true" className="text-emerald-700">
              ✓
            </span>
            <span>{note}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
