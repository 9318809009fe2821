import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { saveBatchSession } from "~/models/batches/batch-session.server";
import { BatchSessionSchema, batchSessionInputOf } from "~/schemas/admin-batch";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { withClaimWarning } from "~/utils/claim-warning.server";
import { readFormData } from "~/utils/form-data.server";
import { timetablePath } from "../__batch-paths";
import { mentorChoices } from "./__batch-form.server";
import { courseAndBatchOr404 } from "./__batch.server";
import { SessionForm } from "./__session-form";
import { sessionRefusal } from "./__session-form.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "courses");
  const { course, batch } = courseAndBatchOr404(params);
  return { backTo: timetablePath(course.id, batch.id), mentors: mentorChoices() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const { course, batch } = courseAndBatchOr404(params);
  const submission = parseWithZod(await readFormData(request), { schema: BatchSessionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = saveBatchSession(batch.id, batchSessionInputOf(submission.value));
  if (!result.ok) return sessionRefusal(submission, result);
  return redirectAfterAdminChange(
    admin,
    { entity: "batch_session", verb: "created", id: result.session.id },
    timetablePath(course.id, batch.id),
    withClaimWarning({ title: "Session added", description: `“${result.session.title}” is on the timetable.` }, submission.value),
  );
}

export default function NewSessionDialog() {
  const { backTo, mentors } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminDialog id="new-session" title="Add Session" backTo={backTo} wide>
      <SessionForm
        id="new-session-form"
        defaultValue={{ duration: "90" }}
        lastResult={actionData?.result}
        mentors={mentors}
        cancelTo={backTo}
        submitLabel="Add Session"
        pendingLabel="Adding..."
      />
    </AdminDialog>
  );
}
