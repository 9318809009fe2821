import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog, DialogActions, FormErrors } from "~/components/admin/admin-dialog";
import { ChoiceList } from "~/components/admin/choice-list";
import { CheckboxField, TextField } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { publishSessionRecording, RECORDINGS_SECTION, sessionIsOver } from "~/models/batches/session-recording.server";
import { RecordingSchema } from "~/schemas/admin-batch";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { discardLessonFiles, readLessonMultipart } from "~/services/classroom/lesson-files.server";
import { LESSON_UPLOAD_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { formatIndiaDateTime } from "~/utils/dates";
import { useSchemaForm } from "~/utils/use-schema-form";
import { curriculumPath } from "../__curriculum-paths";
import { courseBatchAndSessionOr404 } from "./__batch.server";
import { LessonFileInput } from "./__lesson-form";

// Publishing a class's recording once it is over (decision 0062): a video
// lesson that only the batch's students see, in the course's "Class
// recordings" section, linked from the session. The video is uploaded the way
// a lesson's is (streamed to disk, checked by content, served behind the
// enrolment check), or played from Vimeo restricted to this site's domain;
// never from YouTube (decision 0024).

// A video of up to 500 MB, streamed to disk as it arrives (decision 0014).
export const handle: BodyLimitsHandle = { bodyLimits: LESSON_UPLOAD_BODY_LIMITS };

/** Whether a recording can be published now, or why not. */
const recordingState = (session: {
  recordingLessonId: number | null;
  cancelledAt: Date | null;
  startsAt: Date;
  durationMinutes: number;
}) =>
  session.recordingLessonId !== null
    ? "published"
    : session.cancelledAt !== null
      ? "cancelled"
      : sessionIsOver(session)
        ? "open"
        : "not-over";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "courses");
  const { course, session, backTo } = courseBatchAndSessionOr404(params);
  const state = recordingState(session);
  return {
    backTo,
    session: { id: session.id, title: session.title, when: formatIndiaDateTime(session.startsAt) },
    state,
    lessonPath: session.recordingLessonId === null ? null : `${curriculumPath(course.id)}/${session.recordingLessonId}`,
    section: RECORDINGS_SECTION,
  };
}

const REFUSALS = {
  "not-found": "This session is no longer on the timetable. Reload the page.",
  cancelled: "This session was cancelled: it has no recording.",
  "not-over": "This class is not over yet: publish its recording after it ends.",
  published: "This session's recording is published already: edit its lesson instead.",
} as const;

const refuse = (error: Record<string, string[]>, status: number) => {
  const result: SubmissionResult<string[]> = { status: "error", error };
  return data({ result }, { status });
};

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const { course, batch, session, backTo } = courseBatchAndSessionOr404(params);
  const multipart = await readLessonMultipart(request, { videoFile: "video" });
  const file = multipart.ok ? (multipart.files.videoFile ?? null) : null;
  const giveUp = async <T,>(answer: T) => {
    if (file) await discardLessonFiles([file.storedName]);
    return answer;
  };
  // Told first, whatever was sent: a session that cannot take a recording now (its page shows no form).
  const state = recordingState(session);
  if (state !== "open") return giveUp(refuse({ "": ["Not published", REFUSALS[state]] }, 409));
  if (!multipart.ok) return refuse({ [multipart.field ?? ""]: [multipart.message] }, 400);
  const submission = parseWithZod(multipart.formData, { schema: RecordingSchema });
  if (submission.status !== "success") return giveUp(data({ result: submission.reply() }, { status: 400 }));
  const input = submission.value;
  if (input.videoSource === "upload" && !file)
    return giveUp(data({ result: submission.reply({ fieldErrors: { videoFile: ["Choose the video file to upload"] } }) }, { status: 400 }));
  // A Vimeo recording keeps no file: one sent with it is not stored.
  const kept = input.videoSource === "upload" ? file : null;
  if (file && !kept) await discardLessonFiles([file.storedName]);
  const published = publishSessionRecording(course.id, batch.id, session.id, input, kept);
  if (!published.ok) {
    if (kept) await discardLessonFiles([kept.storedName]);
    return data({ result: submission.reply({ formErrors: ["Not published", REFUSALS[published.reason]] }) }, { status: 409 });
  }
  return redirectAfterAdminChange(admin, { entity: "lesson", verb: "published", id: published.lessonId }, backTo, {
    title: "Recording published",
    description: `“${input.title}” is in “${RECORDINGS_SECTION}”, for this batch's students only.`,
  });
}

const SOURCES = [
  { value: "upload", label: "Uploaded file (the batch's students only)" },
  { value: "vimeo", label: "Vimeo, embedding restricted to this site" },
];

export default function RecordingDialog() {
  const { backTo, session, state, lessonPath, section } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(RecordingSchema, {
    id: `recording-${session.id}-form`,
    lastResult: actionData?.result,
    defaultValue: { title: `Recording: ${session.title}`, videoSource: "upload" },
  });
  return (
    <AdminDialog id={`recording-${session.id}`} title="Publish Recording" backTo={backTo} wide>
      <p className="mt-4 text-slate-800">
        “{session.title}”, {session.when}.
      </p>
      {state === "open" ? (
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 grid gap-x-4 sm:grid-cols-2">
          <FormErrors errors={form.errors} id={form.errorId} />
          <p className="mb-3 text-sm text-slate-600 sm:col-span-2">
            The recording becomes a video lesson in “{section}”, seen only by this batch's students. Upload the file, or use a Vimeo video
            whose embedding is restricted to this site's domain: an unlisted YouTube or Vimeo link plays for anyone who has it.
          </p>
          <TextField field={fields.title} label="Lesson title" required wide maxLength={200} />
          <ChoiceList field={fields.videoSource} legend="Plays from" type="radio" choices={SOURCES} wide />
          <LessonFileInput field={fields.videoFile} kind="video" label="Video file (MP4 or WebM)" />
          <TextField field={fields.videoUrl} label="Vimeo link (Vimeo only)" type="text" inputMode="url" wide />
          <CheckboxField
            field={fields.vimeoDomainOnly}
            label="Its embedding is restricted to this site's domain in Vimeo (Vimeo only)"
            hint="Vimeo's privacy setting “Where can this be embedded?”: specific domains."
          />
          <div className="sm:col-span-2">
            <DialogActions cancelTo={backTo} label="Publish Recording" pendingLabel="Publishing..." />
          </div>
        </Form>
      ) : (
        <>
          <div className="mt-4">
            <FormErrors errors={form.errors} id={form.errorId} />
          </div>
          <p className="text-slate-800">
            {state === "published"
              ? "Its recording is published."
              : state === "cancelled"
                ? "This session was cancelled: it has no recording."
                : "This class is not over yet: publish its recording after it ends."}
          </p>
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            {lessonPath ? (
              <Link to={lessonPath} className={buttonClass("outline")}>
                Edit the recording's lesson
              </Link>
            ) : null}
            <Link to={backTo} preventScrollReset className={buttonClass("outline")}>
              Back
            </Link>
          </div>
        </>
      )}
    </AdminDialog>
  );
}
