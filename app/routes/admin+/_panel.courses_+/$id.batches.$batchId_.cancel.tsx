import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog, DialogActions, FormErrors } from "~/components/admin/admin-dialog";
import { TextareaField } from "~/components/forms";
import { previewCancellation } from "~/models/batches/batch-cancel.server";
import { BatchCancelSchema } from "~/schemas/admin-batch";
import { cancelBatch } from "~/services/payments/batch-cancellation.server";
import { readFormData } from "~/utils/form-data.server";
import { formatAmount } from "~/utils/money";
import { countOf } from "~/utils/plural";
import { redirectWithToast } from "~/utils/toast.server";
import { useSchemaForm } from "~/utils/use-schema-form";
import { batchesPath } from "../__batch-paths";
import { courseAndBatchOr404, requireBatchMoneyAdmin } from "./__batch.server";

// Cancelling a batch (decision 0062): the question, with what it will do,
// and the post that does it. The institute calls the batch off, so each
// student is refunded in full; its classes still to come are cancelled, its
// waitlist ends, and everyone is told by mail. Money is involved, so admins
// only. Pressing it again does nothing more, except retry a refund the
// payment provider did not make the first time.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireBatchMoneyAdmin(request);
  const { course, batch } = courseAndBatchOr404(params);
  const preview = previewCancellation(batch.id);
  return {
    backTo: batchesPath(course.id),
    batch: { id: batch.id, name: batch.name },
    cancelled: preview.cancelled,
    students: preview.students,
    lines: [
      `${countOf(preview.students, "student")} leave the batch.`,
      preview.providerOrders > 0
        ? `${formatAmount(preview.providerPaise)} is refunded in full through the payment provider, on ${countOf(preview.providerOrders, "order")}, each with its credit note.`
        : null,
      preview.offlineOrders > 0
        ? `${formatAmount(preview.offlinePaise)} was paid to the institute directly, on ${countOf(preview.offlineOrders, "order")}: return it by hand and record each refund on the student's page.`
        : null,
      `${countOf(preview.sessionsToCome, "session")} still to come ${preview.sessionsToCome === 1 ? "is" : "are"} cancelled.`,
      `${countOf(preview.waitlisted, "person", "people")} on the waitlist ${preview.waitlisted === 1 ? "is" : "are"} taken off it.`,
      "Everyone is told by mail what they get back. The batch is no longer offered on the course page.",
    ].filter((line): line is string => line !== null),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireBatchMoneyAdmin(request);
  const { course, batch } = courseAndBatchOr404(params);
  const formData = await readFormData(request);
  // Pressed again with nothing left to settle: nothing to ask, nothing to do.
  const preview = previewCancellation(batch.id);
  if (preview.cancelled && preview.students === 0)
    return redirectWithToast(batchesPath(course.id), { title: "Already cancelled", description: `“${batch.name}” is cancelled already.` });
  const submission = parseWithZod(formData, { schema: BatchCancelSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await cancelBatch(course.id, batch.id, { admin, reason: submission.value.reason });
  if (!result.ok) throw new Response("Not Found", { status: 404 });
  const done = [
    result.refunded > 0 ? `${countOf(result.refunded, "student")} refunded in full.` : null,
    result.toReturnByHand > 0
      ? `${countOf(result.toReturnByHand, "student")} paid the institute directly: return their money and record it on their pages.`
      : null,
    result.failed.length > 0
      ? `${countOf(result.failed.length, "refund")} not made (${result.failed[0]}). Cancel the batch again to try again.`
      : null,
  ].filter(Boolean);
  return redirectWithToast(batchesPath(course.id), {
    title: result.firstTime ? "Batch cancelled" : "Already cancelled",
    description: [`“${result.name}” is cancelled.`, ...done].join(" "),
    ...(result.failed.length > 0 ? { type: "warning" as const } : {}),
    ...(result.firstTime ? { analyticsEvent: "batch_cancelled" } : {}),
  });
}

export default function CancelBatchDialog() {
  const { backTo, batch, cancelled, students, lines } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(BatchCancelSchema, { id: `cancel-batch-${batch.id}-form`, lastResult: actionData?.result });
  const retry = cancelled && students > 0;
  return (
    <AdminDialog id={`cancel-batch-${batch.id}`} title="Cancel Batch" backTo={backTo}>
      <p className="mt-4 text-slate-800">
        {cancelled
          ? retry
            ? `“${batch.name}” is cancelled, but ${countOf(students, "student")} still ${students === 1 ? "has" : "have"} a seat: a refund was not made. Cancel again to try again.`
            : `“${batch.name}” is cancelled already. There is nothing left to do.`
          : `Cancel “${batch.name}”? The institute is calling it off, so every student gets back all they paid.`}
      </p>
      {!cancelled || retry ? (
        <>
          <ul className="mt-3 grid list-disc gap-1 pl-5 text-sm text-slate-700">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-x-4">
            <FormErrors errors={form.errors} id={form.errorId} />
            <TextareaField field={fields.reason} label="Reason (kept in the audit log)" required wide rows={2} />
            <p className="text-sm text-slate-600">This cannot be undone.</p>
            <DialogActions cancelTo={backTo} label="Cancel Batch" pendingLabel="Cancelling..." danger />
          </Form>
        </>
      ) : null}
    </AdminDialog>
  );
}
