import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { JournalTrade } from "~/components/lab/journal-trade";
import { buttonClass } from "~/components/ui/button";
import { findJournalTrade } from "~/models/lab/journal.server";
import { saveTradeNotes } from "~/models/lab/paper-trade.server";
import { TradeNotesSchema } from "~/schemas/lab";
import { requireUser } from "~/services/accounts/sessions/student-session.server";
import { readFormData } from "~/utils/form-data.server";
import { instituteFrom } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { parseId } from "~/utils/validation";
import { notFound } from "./__classroom.server";
import { journalEntryView } from "~/services/lab/journal-entry.server";
import { journalPath, labPath } from "~/utils/lab-paths";

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
