import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog, DialogActions } from "~/components/admin/admin-dialog";
import { cancelBatchSession, saveBatchSession } from "~/models/batches/batch-session.server";
import { BatchSessionSchema, batchSessionInputOf } from "~/schemas/admin-batch";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { readItemForm } from "~/utils/form-intent.server";
import { withClaimWarning } from "~/utils/claim-warning.server";
import { formatIndiaDateTime, formatIsoDateInIndia, formatIsoTimeInIndia } from "~/utils/dates";
import { buttonClass } from "~/components/ui/button";
import { sessionIsOver } from "~/models/batches/session-recording.server";
import { recordingPath } from "../__batch-paths";
import { mentorChoices } from "./__batch-form.server";
import { courseBatchAndSessionOr404 } from "./__batch.server";
import { SessionForm } from "./__session-form";
import { sessionRefusal } from "./__session-form.server";

// One session of a timetable: its edit form; with ?confirm=cancel the question
// before calling it off. A cancelled session stays on the timetable, marked,
// and cannot be changed. A move, a new length or place, or a cancellation is
// mailed to the batch's students (the model queues it with the change).

/** What the admin is told of the students' mail. */
const toldLine = (told: number) =>
  told === 0 ? "" : ` ${told === 1 ? "Its student is" : `Its ${told} students are`} told by mail, with the updated calendar entry.`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "courses");
  const { course, batch, session, backTo } = courseBatchAndSessionOr404(params);
  // Once the class is over, its recording can be published as a lesson of the batch.
  const recording =
    session.cancelledAt === null && sessionIsOver(session)
      ? { to: recordingPath(course.id, batch.id, session.id), published: session.recordingLessonId !== null }
      : null;
  return {
    backTo,
    recording,
    confirmCancel: new URL(request.url).searchParams.get("confirm") === "cancel" && session.cancelledAt === null,
    session: { id: session.id, title: session.title, when: formatIndiaDateTime(session.startsAt) },
    defaults: {
      title: session.title,
      description: session.description,
      date: formatIsoDateInIndia(session.startsAt),
      time: formatIsoTimeInIndia(session.startsAt),
      duration: String(session.durationMinutes),
      mentorId: session.mentorId === null ? "" : String(session.mentorId),
      joinUrl: session.joinUrl ?? "",
      room: session.room ?? "",
      ...(session.pricesAtLeast30DaysOld ? { pricesAtLeast30DaysOld: "on" as const } : {}),
    },
    mentors: mentorChoices(),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const { batch, session, backTo } = courseBatchAndSessionOr404(params);
  const { formData, intent } = await readItemForm(request, ["save", "cancel"]);
  if (intent === "cancel") {
    const cancelled = cancelBatchSession(batch.id, session.id);
    if (!cancelled.ok && cancelled.reason === "not-found") throw new Response("Not Found", { status: 404 });
    return redirectAfterAdminChange(admin, { entity: "batch_session", verb: "cancelled", id: session.id }, backTo, {
      title: cancelled.ok ? "Session cancelled" : "Already cancelled",
      description: `“${session.title}” on ${formatIndiaDateTime(session.startsAt)} is cancelled.${toldLine(cancelled.ok ? cancelled.studentsTold : 0)}`,
    });
  }
  const submission = parseWithZod(formData, { schema: BatchSessionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = saveBatchSession(batch.id, batchSessionInputOf(submission.value), session.id);
  if (!result.ok) return sessionRefusal(submission, result);
  return redirectAfterAdminChange(
    admin,
    { entity: "batch_session", verb: "updated", id: session.id },
    backTo,
    withClaimWarning(
      { title: "Session saved", description: `“${result.session.title}” is saved.${toldLine(result.studentsTold)}` },
      submission.value,
    ),
  );
}

export default function SessionDialog() {
  const { backTo, confirmCancel, session, defaults, mentors, recording } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (confirmCancel)
    return (
      <AdminDialog id={`cancel-session-${session.id}`} title="Cancel Session" backTo={backTo}>
        <p className="mt-4 text-slate-800">
          Cancel “{session.title}” on {session.when}? It stays on the timetable, marked cancelled.
        </p>
        <Form method="post">
          <DialogActions cancelTo={backTo} label="Cancel Session" pendingLabel="Cancelling..." danger name="intent" value="cancel" />
        </Form>
      </AdminDialog>
    );
  return (
    <AdminDialog id={`session-${session.id}`} title="Edit Session" backTo={backTo} wide>
      {recording ? (
        <p className="mt-2">
          <Link to={recording.to} preventScrollReset className={buttonClass("outline", "min-h-9 px-3 text-sm")}>
            {recording.published ? "Recording published" : "Publish recording"}
          </Link>
        </p>
      ) : null}
      <SessionForm
        id={`session-${session.id}-form`}
        defaultValue={defaults}
        lastResult={actionData?.result}
        mentors={mentors}
        cancelTo={backTo}
        submitLabel="Save Session"
        pendingLabel="Saving..."
      />
    </AdminDialog>
  );
}
