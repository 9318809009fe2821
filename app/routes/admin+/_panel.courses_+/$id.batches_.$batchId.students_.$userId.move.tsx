import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog, DialogActions, FormErrors } from "~/components/admin/admin-dialog";
import { SelectField, TextareaField } from "~/components/forms";
import { findSeatedStudent, listMoveChoices, moveStudentToBatch, type BatchMove } from "~/models/batches/batch-move.server";
import { BatchMoveSchema } from "~/schemas/admin-batch";
import { formatShortCalendarDay } from "~/utils/dates";
import { readFormData } from "~/utils/form-data.server";
import { countOf } from "~/utils/plural";
import { pageMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { useSchemaForm } from "~/utils/use-schema-form";
import { teachingBatchPath } from "../__batch-paths";
import { courseAndBatchOr404, requireBatchMoneyAdmin } from "./__batch.server";

// Moving one student of a batch to another batch of the same course
// (decision 0062): the batches offered are those not called off, not over,
// with a seat free; the model checks that again inside the transaction that
// moves the seat. When the new batch is supplied in another place, the move
// credits the invoice and issues a new one. The student is mailed. Admins
// only: it reads the roster's personal data and may issue tax documents.

function routeParts(params: { id?: string; batchId?: string; userId?: string }) {
  const { course, batch } = courseAndBatchOr404(params);
  const student = findSeatedStudent(batch.id, params.userId ?? "");
  if (!student) throw new Response("Not Found", { status: 404 });
  return { course, batch, student, backTo: teachingBatchPath(batch.id) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireBatchMoneyAdmin(request);
  const { course, batch, student, backTo } = routeParts(params);
  const choices = listMoveChoices(course.id, batch.id, student.userId).map((choice) => ({
    value: String(choice.id),
    label: `${choice.name} (${formatShortCalendarDay(choice.startsOn)} – ${formatShortCalendarDay(choice.endsOn)}, ${choice.where}, ${
      choice.seatsLeft === null ? "no seat limit" : `${countOf(choice.seatsLeft, "seat")} left`
    })`,
  }));
  return { backTo, course: { title: course.title }, batch: { id: batch.id, name: batch.name }, student, choices };
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded }) =>
  pageMeta(matches, {
    title: loaded ? `Move ${loaded.student.name}` : "Move a student",
    description: "Admin panel: move a student to another batch.",
    path: "/admin/courses",
    noindex: true,
  });

const REFUSALS: Record<Exclude<BatchMove, { ok: true }>["reason"], string> = {
  "not-seated": "This student is no longer in this batch. Reload the roster.",
  "not-found": "That batch is not one of this course's. Choose from the list.",
  "same-batch": "The student is in that batch already. Choose another.",
  closed: "That batch is cancelled or over. Choose another.",
  full: "That batch has no seat free now. Choose another.",
};

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireBatchMoneyAdmin(request);
  const { course, batch, student, backTo } = routeParts(params);
  const submission = parseWithZod(await readFormData(request), { schema: BatchMoveSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { toBatchId, reason } = submission.value;
  const moved = moveStudentToBatch(course.id, batch.id, student.userId, toBatchId, { admin, reason });
  if (!moved.ok) return data({ result: submission.reply({ fieldErrors: { toBatchId: [REFUSALS[moved.reason]] } }) }, { status: 409 });
  const documents = moved.documents
    ? ` The place of supply changed: credit note ${moved.documents.creditNote} and invoice ${moved.documents.invoice} were issued.`
    : "";
  return redirectWithToast(backTo, {
    title: "Student moved",
    description: `${student.name} is now in ${moved.toName} and has been mailed.${documents}`,
    analyticsEvent: "batch_student_moved",
  });
}

export default function MoveStudentDialog() {
  const { backTo, course, batch, student, choices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(BatchMoveSchema, { id: `move-${batch.id}-form`, lastResult: actionData?.result });
  return (
    <AdminDialog id={`move-${batch.id}`} title="Move to Another Batch" backTo={backTo}>
      <p className="mt-4 text-slate-800">
        {`Move ${student.name} (${student.email}) from ${batch.name} to another batch of ${course.title}. The price paid stays as it was. If the new batch is taught in another place, the invoice is credited and issued again with the new place of supply.`}
      </p>
      {choices.length === 0 ? (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          No other batch of this course can take them now: each is cancelled, over or full.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-x-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <SelectField field={fields.toBatchId} label="Move to" required wide placeholder="Choose a batch" options={choices} />
        <TextareaField field={fields.reason} label="Reason (kept in the audit log)" required wide rows={2} />
        <DialogActions cancelTo={backTo} label="Move Student" pendingLabel="Moving..." />
      </Form>
    </AdminDialog>
  );
}
