import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { saveBatch } from "~/models/batches/batch.server";
import { BatchSchema, batchInputOf } from "~/schemas/admin-batch";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { readFormData } from "~/utils/form-data.server";
import { formatPrice } from "~/utils/money";
import { canAccess } from "~/utils/permissions";
import { batchesPath } from "../__batch-paths";
import { BatchForm } from "./__batch-form";
import { batchRefusal, mentorChoices } from "./__batch-form.server";
import { courseOr404 } from "./__curriculum.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const course = courseOr404(params.id);
  return {
    backTo: batchesPath(course.id),
    mentors: mentorChoices(),
    canSetPrices: canAccess(admin.role, "pricing"),
    coursePriceLabel: formatPrice(course.pricePaise),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const course = courseOr404(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: BatchSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = saveBatch(admin.role, course.id, batchInputOf(submission.value, canAccess(admin.role, "pricing")));
  if (!result.ok) return batchRefusal(submission, result);
  return redirectAfterAdminChange(admin, { entity: "batch", verb: "created", id: result.batch.id }, batchesPath(course.id), {
    title: "Batch added",
    description: `“${result.batch.name}” is saved. Add its sessions on its timetable.`,
  });
}

export default function NewBatchDialog() {
  const { backTo, mentors, canSetPrices, coursePriceLabel } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminDialog id="new-batch" title="Add Batch" backTo={backTo} wide>
      <BatchForm
        id="new-batch-form"
        defaultValue={{ delivery: "online" }}
        lastResult={actionData?.result}
        mentors={mentors}
        canSetPrices={canSetPrices}
        coursePriceLabel={coursePriceLabel}
        cancelTo={backTo}
        submitLabel="Create Batch"
        pendingLabel="Creating..."
      />
    </AdminDialog>
  );
}
