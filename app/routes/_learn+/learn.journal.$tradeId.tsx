import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CandleChart } from "~/components/lab/candle-chart";
import { buttonClass } from "~/components/ui/button";
import { findJournalTrade } from "~/models/lab/journal.server";
import { saveTradeNotes } from "~/models/lab/paper-trade.server";
import { TradeNotesSchema } from "~/schemas/lab";
import { requireUser } from "~/services/accounts/sessions/student-session.server";
import { readFormData } from "~/utils/form-data.server";
import { formatMarketPrice } from "~/utils/price-units";
import { instituteFrom } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { parseId } from "~/utils/validation";
import { notFound } from "./__classroom.server";
import { journalEntryView, journalPath } from "./__journal.server";
import { labPath } from "./__lab.server";

// One trade in the student's journal: the chart around it, the setup and
// reason, the outcome in paise, the student's notes (a form) and their
// mentors' comments. Anyone else's trade is not found.

async function ownTrade(request: Request, rawId: string | undefined) {
  const { id: userId } = await requireUser(request);
  const tradeId = parseId(rawId);
  const entry = tradeId === null ? null : findJournalTrade(tradeId);
  if (!entry || entry.userId !== userId) throw notFound();
  return { userId, entry };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { entry } = await ownTrade(request, params.tradeId);
  return journalEntryView(entry);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { userId, entry } = await ownTrade(request, params.tradeId);
  const submission = parseWithZod(await readFormData(request), { schema: TradeNotesSchema });
  if (submission.status !== "success") return data({ error: submission.error?.notes?.[0] ?? "The notes could not be saved." }, 400);
  saveTradeNotes(entry.id, userId, submission.value.notes ?? "");
  return redirectWithToast(journalPath(entry.id), { title: "Notes saved", description: "Your mentors see them with the trade." });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: `${data ? `${data.exercise.title} · Trade journal` : "Trade journal"} | ${instituteFrom(matches).name}` },
  { name: "robots", content: "noindex" },
];

const EXITS = {
  stop: "stop-loss reached",
  target: "target reached",
  closed: "closed by the student",
  "replay-end": "closed when the replay ended",
} as const;

/** The trade's facts, its chart and the comments: the student's page and the mentor's review show the same. */
export function JournalTrade({ trade }: { trade: ReturnType<typeof journalEntryView> }) {
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

export default function JournalTradePage() {
  const trade = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/learn/journal" className="font-medium text-teal-800 underline-offset-4 hover:underline">
          <span aria-hidden="true">← </span>Trade journal
        </Link>
      </nav>
      <h1 className="mt-4 text-2xl font-bold text-navy-900">{trade.exercise.title}</h1>
      <p className="text-sm text-slate-600">
        Placed {trade.placed} ·{" "}
        <Link to={labPath(trade.courseId, trade.exercise.id)} className="text-teal-800 underline underline-offset-4">
          Back to the replay
        </Link>
      </p>
      <JournalTrade trade={trade} />
      <Form method="post" className="mt-6 grid gap-2">
        <label htmlFor="notes" className="font-semibold text-navy-900">
          Your notes
        </label>
        <textarea
          id="notes"
          name="notes"
          defaultValue={trade.notes}
          rows={5}
          maxLength={5000}
          className="rounded-lg border border-slate-300 p-3"
        />
        {actionData?.error ? (
          <p role="alert" className="text-sm text-red-700">
            {actionData.error}
          </p>
        ) : null}
        <button type="submit" className={buttonClass("primary", "justify-self-start")}>
          Save notes
        </button>
      </Form>
    </article>
  );
}
