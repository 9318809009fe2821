import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/admin/admin-page";
import { listBatchJournals } from "~/models/lab/journal.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { formatIndiaDateTime } from "~/utils/dates";
import { formatProfit } from "~/utils/money";
import { pageMeta } from "~/utils/seo";
import { journalReviewPath, teachingBatchPath } from "../__batch-paths";
import { taughtBatchOr404 } from "./__teaching.server";

// The practice lab's trades of a batch's students, newest first, for whoever
// teaches the batch to review and comment on. A journal is private to its
// student and their mentors: no ranking, no totals across students (SEBI).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "teaching");
  const batch = taughtBatchOr404(admin, params);
  return {
    batch: { id: batch.id, name: batch.name, courseTitle: batch.courseTitle },
    trades: listBatchJournals(batch.id, batch.courseId).map((trade) => ({
      href: journalReviewPath(batch.id, trade.id),
      student: trade.studentName,
      title: trade.exerciseTitle,
      summary: `${trade.side === "buy" ? "Buy" : "Sell"} ${trade.quantity}${trade.setup ? ` · ${trade.setup}` : ""}`,
      outcome: trade.pnlPaise === null ? "Open" : formatProfit(trade.pnlPaise),
      placed: formatIndiaDateTime(trade.createdAt),
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, {
    title: data ? `Journals: ${data.batch.name}` : "Journals",
    description: "Admin panel: the trade journals of a batch's students.",
    path: "/admin/teaching",
    noindex: true,
  });

export default function BatchJournals() {
  const { batch, trades } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={teachingBatchPath(batch.id)} className="font-medium text-teal-800 underline">
          ← {batch.name}
        </Link>
      </nav>
      <h1 className="text-2xl font-bold text-navy-900">Trade journals: {batch.name}</h1>
      <p className="text-slate-700">{batch.courseTitle} · the practice lab's paper trades of this batch's students, newest first.</p>
      {trades.length === 0 ? (
        <EmptyState title="No trades yet" hint="Trades appear here as the batch's students practise in the lab." />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {trades.map((trade) => (
            <li key={trade.href} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <span>
                <Link to={trade.href} className="font-semibold text-navy-900 underline">
                  {trade.student}: {trade.title}
                </Link>
                <span className="block text-sm text-slate-600">
                  {trade.summary} · {trade.placed}
                </span>
              </span>
              <span className="font-semibold">{trade.outcome}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
