import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog, ConfirmDeleteDialog } from "~/components/admin/admin-dialog";
import { deleteBatch, saveBatch } from "~/models/batches/batch.server";
import { BatchSchema, batchInputOf } from "~/schemas/admin-batch";
import { deliveryValueOf } from "~/schemas/delivery";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { readItemForm } from "~/utils/form-intent.server";
import { asksToConfirmDelete } from "~/utils/admin-routes";
import { formatPrice, paiseToDecimalString } from "~/utils/money";
import { canAccess } from "~/utils/permissions";
import { batchesPath } from "../__batch-paths";
import { BatchForm } from "./__batch-form";
import { batchRefusal, mentorChoices } from "./__batch-form.server";
import { courseAndBatchOr404 } from "./__batch.server";

// One batch: its edit form; with ?confirm=delete the question before deleting
// it. A batch with students (or an order for it) is never deleted: it keeps
// their seats and invoices.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const { course, batch } = courseAndBatchOr404(params);
  return {
    backTo: batchesPath(course.id),
    confirmDelete: asksToConfirmDelete(request),
    batch: { id: batch.id, name: batch.name },
    defaults: {
      name: batch.name,
      startsOn: batch.startsOn,
      endsOn: batch.endsOn,
      delivery: deliveryValueOf(batch),
      venue: batch.venue ?? "",
      seats: batch.seats === null ? "" : String(batch.seats),
      price: batch.pricePaise === null ? "" : paiseToDecimalString(batch.pricePaise),
      leadMentorId: batch.leadMentorId === null ? "" : String(batch.leadMentorId),
    },
    mentors: mentorChoices(),
    canSetPrices: canAccess(admin.role, "pricing"),
    coursePriceLabel: formatPrice(course.pricePaise),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const { course, batch } = courseAndBatchOr404(params);
  const backTo = batchesPath(course.id);
  const { formData, intent } = await readItemForm(request, ["save", "delete"]);
  if (intent === "delete") {
    const deleted = deleteBatch(course.id, batch.id);
    if (!deleted.ok && deleted.reason === "not-found") throw new Response("Not Found", { status: 404 });
    if (!deleted.ok)
      return data(
        { message: `“${batch.name}” has students or orders, so it cannot be deleted. Cancel the batch instead.` },
        { status: 409 },
      );
    return redirectAfterAdminChange(admin, { entity: "batch", verb: "deleted", id: batch.id }, backTo, {
      title: "Batch deleted",
      description: `“${deleted.name}” and its timetable have been deleted.`,
    });
  }
  const submission = parseWithZod(formData, { schema: BatchSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = saveBatch(admin.role, course.id, batchInputOf(submission.value, canAccess(admin.role, "pricing")), batch.id);
  if (!result.ok) return batchRefusal(submission, result);
  return redirectAfterAdminChange(admin, { entity: "batch", verb: "updated", id: batch.id }, backTo, {
    title: "Batch saved",
    description: `“${result.batch.name}” is saved.`,
  });
}

export default function BatchDialog() {
  const { backTo, confirmDelete, batch, defaults, mentors, canSetPrices, coursePriceLabel } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const refusal = actionData && "message" in actionData ? actionData.message : undefined;
  if (confirmDelete || refusal)
    return (
      <ConfirmDeleteDialog
        id={`delete-batch-${batch.id}`}
        backTo={backTo}
        question={`Are you sure you want to delete "${batch.name}"? Its timetable is deleted with it.`}
        history={refusal ? { reason: refusal } : null}
      />
    );
  return (
    <AdminDialog id={`batch-${batch.id}`} title="Edit Batch" backTo={backTo} wide>
      <BatchForm
        id={`batch-${batch.id}-form`}
        defaultValue={defaults}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        mentors={mentors}
        canSetPrices={canSetPrices}
        coursePriceLabel={coursePriceLabel}
        cancelTo={backTo}
        submitLabel="Save Batch"
        pendingLabel="Saving..."
      />
    </AdminDialog>
  );
}
