import type { JournalEntryView } from "~/services/lab/journal-entry.server";
import { formatMarketPrice } from "~/utils/price-units";
import { CandleChart } from "./candle-chart";

// One trade of a journal as the student's page and the mentor's review both
// show it: what it was, the chart around it, the outcome and the comments.

const EXITS = {
  stop: "stop-loss reached",
  target: "target reached",
  closed: "closed by the student",
  "replay-end": "closed when the replay ended",
} as const;

/** The trade's facts, its chart and the comments: the student's page and the mentor's review show the same. */
export function JournalTrade({ trade }: { trade: JournalEntryView }) {
  return (
    <>
      <p className="mt-2 text-slate-700">
        {trade.instrument ?? "A blind replay: the instrument shows when the replay ends."}
        {trade.generated ? <strong className="ml-2">Generated for the demo, not market prices.</strong> : null}
      </p>
      <CandleChart
        candles={trade.candles}
        label={`The chart around the trade: ${trade.candles.length} candles.`}
        priceLabel={(units) => `₹${formatMarketPrice(units, trade.tickUnits)}`}
        marks={trade.marks}
      />
      <dl className="mt-4 grid gap-x-6 gap-y-2 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600">Trade</dt>
          <dd className="font-semibold">
            {trade.side === "buy" ? "Buy" : "Sell"} {trade.quantity} at {trade.entry}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Stop-loss · target</dt>
          <dd>
            {trade.stopLoss ?? "none"} · {trade.target ?? "none"}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Outcome</dt>
          <dd className="font-semibold">
            {trade.exit && trade.exitReason ? `${trade.profit}: exit ${trade.exit}, ${EXITS[trade.exitReason]}` : "Still open"}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Setup</dt>
          <dd>{trade.setup ?? "None named"}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm text-slate-600">Why</dt>
          <dd className="whitespace-pre-line">{trade.reason}</dd>
        </div>
      </dl>
      <section aria-labelledby="comments-heading" className="mt-6">
        <h2 id="comments-heading" className="text-lg font-bold text-navy-900">
          Mentor's comments
        </h2>
        {trade.comments.length === 0 ? (
          <p className="mt-2 text-slate-700">No comments yet.</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {trade.comments.map((comment) => (
              <li key={comment.id} className="rounded-xl bg-teal-50 p-3 ring-1 ring-teal-200">
                <p className="text-sm text-slate-700">
                  {comment.authorName} · {comment.createdAt}
                </p>
                <p className="mt-1 whitespace-pre-line">{comment.body}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
