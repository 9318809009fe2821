import { parseWithZod } from "@conform-to/zod";
import { getFormProps } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormErrors } from "~/components/admin/admin-dialog";
import { TextareaField } from "~/components/forms";
import { JournalTrade } from "~/components/lab/journal-trade";
import { buttonClass } from "~/components/ui/button";
import type { PublicAdmin } from "~/models/accounts/admin.server";
import { teachesStudent } from "~/models/batches/teaching.server";
import { addJournalComment, findJournalTrade } from "~/models/lab/journal.server";
import { journalEntryView } from "~/services/lab/journal-entry.server";
import { JournalCommentSchema } from "~/schemas/lab";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { useSchemaForm } from "~/utils/use-schema-form";
import { parseId } from "~/utils/validation";
import { batchJournalsPath, journalReviewPath } from "../__batch-paths";
import { taughtBatchOr404 } from "./__teaching.server";

// One trade of a student's journal, for a mentor who teaches the student in
// the trade's course: the same view the student has, and a comment form. The
// student is mailed a link to it. Anyone else's trade is not found.

const notFound = () => new Response("Not Found", { status: 404 });

function reviewedTrade(admin: PublicAdmin, params: { batchId?: string; tradeId?: string }) {
  const batch = taughtBatchOr404(admin, params);
  const tradeId = parseId(params.tradeId ?? "");
  const entry = tradeId === null ? null : findJournalTrade(tradeId);
  if (!entry || entry.courseId !== batch.courseId || !teachesStudent(admin, entry.userId, entry.courseId)) throw notFound();
  return { batch, entry };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "teaching");
  const { batch, entry } = reviewedTrade(admin, params);
  return { batch: { id: batch.id, name: batch.name }, trade: journalEntryView(entry) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "teaching");
  const { batch, entry } = reviewedTrade(admin, params);
  const submission = parseWithZod(await readFormData(request), { schema: JournalCommentSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (!addJournalComment(entry.id, admin, submission.value.body).ok) throw notFound();
  return redirectWithToast(journalReviewPath(batch.id, entry.id), {
    title: "Comment added",
    description: "The student has been sent a link to read it.",
  });
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded }) =>
  pageMeta(matches, {
    title: loaded ? `Trade: ${loaded.trade.exercise.title}` : "Trade",
    description: "Admin panel: a trade in a student's journal.",
    path: "/admin/teaching",
    noindex: true,
  });

export default function JournalReview() {
  const { batch, trade } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(JournalCommentSchema, { id: "journal-comment", lastResult: actionData?.result });
  return (
    <div className="grid max-w-3xl gap-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={batchJournalsPath(batch.id)} className="font-medium text-teal-800 underline">
          ← Trade journals: {batch.name}
        </Link>
      </nav>
      <h1 className="text-2xl font-bold text-navy-900">{trade.exercise.title}</h1>
      <JournalTrade trade={trade} />
      {trade.notes ? (
        <section aria-labelledby="notes-heading">
          <h2 id="notes-heading" className="text-lg font-bold text-navy-900">
            The student's notes
          </h2>
          <p className="mt-1 whitespace-pre-line">{trade.notes}</p>
        </section>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextareaField field={fields.body} label="Your comment" required wide rows={5} />
        <button type="submit" className={buttonClass("primary", "justify-self-start")}>
          Add Comment
        </button>
      </Form>
    </div>
  );
}
