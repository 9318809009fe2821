import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listJournal } from "~/models/lab/journal.server";
import { requireUser } from "~/services/accounts/sessions/student-session.server";
import { formatIndiaDateTime } from "~/utils/dates";
import { formatProfit } from "~/utils/money";
import { instituteFrom } from "~/utils/seo";
import { journalPath } from "~/utils/lab-paths";

// The student's trade journal: every paper trade of the practice lab, newest
// first. Theirs and their mentors' alone: no rankings, no prizes (SEBI).

export async function loader({ request }: LoaderFunctionArgs) {
  const { id: userId } = await requireUser(request);
  return {
    trades: listJournal(userId).map((trade) => ({
      id: trade.id,
      title: trade.exerciseTitle,
      course: trade.courseTitle,
      summary: `${trade.side === "buy" ? "Buy" : "Sell"} ${trade.quantity}${trade.setup ? ` · ${trade.setup}` : ""}`,
      profit: trade.pnlPaise === null ? "Open" : formatProfit(trade.pnlPaise),
      placed: formatIndiaDateTime(trade.createdAt),
    })),
  };
}

export const meta: MetaFunction = ({ matches }) => [
  { title: `Trade journal | ${instituteFrom(matches).name}` },
  { name: "robots", content: "noindex" },
];

export default function TradeJournal() {
  const { trades } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">Trade journal</h1>
      <p className="mt-2 text-slate-700">Every paper trade you placed in the practice lab. Only you and your mentors see it.</p>
      {trades.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-4 text-slate-700 ring-1 ring-slate-200">
          No trades yet: open a replay from a course and place one.
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200">
          {trades.map((trade) => (
            <li key={trade.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <span>
                <Link to={journalPath(trade.id)} className="font-semibold text-navy-900 underline underline-offset-4">
                  {trade.title}
                </Link>
                <span className="block text-sm text-slate-600">
                  {trade.course} · {trade.summary} · {trade.placed}
                </span>
              </span>
              <span className="font-semibold">{trade.profit}</span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
