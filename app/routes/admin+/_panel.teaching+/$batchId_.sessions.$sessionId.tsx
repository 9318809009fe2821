import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DialogActions } from "~/components/admin/admin-dialog";
import { FileField, FormNotice } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { attendanceOfSession } from "~/models/batches/attendance.server";
import { ATTENDANCE_FIELD, AttendanceReportSchema, REPORT_INTENT } from "~/schemas/attendance";
import { UPLOAD_KINDS } from "~/schemas/uploads";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { ATTENDANCE_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { formatIndiaDateTime, formatIndiaTime } from "~/utils/dates";
import { pageMeta } from "~/utils/seo";
import { useSchemaForm } from "~/utils/use-schema-form";
import { teachingBatchPath, TEACHING_PATH } from "../__batch-paths";
import { saveAttendanceForm } from "./__attendance-form.server";
import { taughtSessionOr404 } from "./__teaching.server";

// A session's attendance, for whoever teaches its batch: every student of the
// batch with the time they pressed Join, marked present or absent (or left
// unmarked) with plain radio buttons, so it works without JavaScript and on a
// phone; or marked present from the meeting's participant report (Zoom's or
// Google Meet's CSV), matched to the students by address.

export const handle: BodyLimitsHandle = { bodyLimits: ATTENDANCE_BODY_LIMITS };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "teaching");
  const { batch, session } = taughtSessionOr404(admin, params);
  return {
    batch: { id: batch.id, name: batch.name, courseTitle: batch.courseTitle },
    session: { id: session.id, title: session.title, when: formatIndiaDateTime(session.startsAt), cancelled: session.cancelledAt !== null },
    students: attendanceOfSession(session.id).map((row) => ({
      userId: row.userId,
      name: row.name || row.email,
      email: row.email,
      joined: row.joinedAt ? formatIndiaTime(row.joinedAt) : null,
      mark: row.attended === null ? "" : row.attended ? "yes" : "no",
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "teaching");
  const { batch, session } = taughtSessionOr404(admin, params);
  return saveAttendanceForm(request, admin, batch, session);
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded }) =>
  pageMeta(matches, {
    title: loaded ? `Attendance: ${loaded.session.title}` : "Attendance",
    description: "Admin panel: a session's attendance.",
    path: TEACHING_PATH,
    noindex: true,
  });

const MARKS = [
  { value: "yes", label: "Present" },
  { value: "no", label: "Absent" },
  { value: "", label: "Not marked" },
];

const REPORT_HINT = `Zoom's participant report or Google Meet's attendance report, as a .csv file up to ${UPLOAD_KINDS.csv.maxBytes / (1024 * 1024)} MB. The students whose email address it lists are marked present; nobody else is changed.`;

function ReportForm() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(AttendanceReportSchema, {
    id: "participant-report",
    lastResult: actionData && "report" in actionData ? actionData.report : null,
  });
  return (
    <section aria-labelledby="report-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="report-heading" className="text-lg font-semibold text-navy-900">
        Mark present from the meeting's report
      </h2>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-3 grid gap-2">
        <input type="hidden" name="intent" value={REPORT_INTENT} />
        <FileField field={fields.report} label="Participant report (CSV)" accept={UPLOAD_KINDS.csv.accept} hint={REPORT_HINT} />
        <div>
          <button type="submit" className={buttonClass("secondary")}>
            Upload Report
          </button>
        </div>
      </Form>
    </section>
  );
}

export default function AttendancePage() {
  const { batch, session, students } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const backTo = teachingBatchPath(batch.id);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="text-sm font-medium text-slate-600">
            {batch.courseTitle} · {batch.name}
          </p>
          <h1 className="text-2xl font-bold text-navy-900">Attendance: {session.title}</h1>
          <p className="text-slate-700">{session.when}</p>
        </div>
        <Link to={backTo} className={buttonClass("outline")}>
          Back to the batch
        </Link>
      </div>
      {actionData && "message" in actionData ? <FormNotice title="Not saved">{actionData.message}</FormNotice> : null}
      {session.cancelled ? (
        <p className="text-slate-700">This session was cancelled: there is no attendance to mark.</p>
      ) : (
        <>
          <ReportForm />
          {students.length === 0 ? (
            <p className="text-slate-700">This batch has no students yet.</p>
          ) : (
            <Form method="post" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
              <h2 className="text-lg font-semibold text-navy-900">Mark by hand</h2>
              <ul className="mt-2 divide-y divide-slate-200">
                {students.map((student) => (
                  // Keyed by the stored mark too: a report uploaded from this page changes marks the radios were drawn with
                  // (defaultChecked is read once), so a changed row is drawn anew rather than left showing the old mark.
                  <li key={`${student.userId}:${student.mark}`} className="py-3">
                    <fieldset className="flex flex-wrap items-center justify-between gap-3">
                      <legend className="float-left font-medium text-navy-900">
                        {student.name}
                        <span className="block text-sm font-normal break-all text-slate-600">
                          {student.email} · {student.joined ? `Joined at ${student.joined}` : "Did not press Join"}
                        </span>
                      </legend>
                      <span className="flex flex-wrap gap-4">
                        {MARKS.map((mark) => (
                          <label key={mark.value} className="flex min-h-11 items-center gap-2 text-sm">
                            <input
                              type="radio"
                              name={`${ATTENDANCE_FIELD}${student.userId}`}
                              value={mark.value}
                              defaultChecked={student.mark === mark.value}
                              className="size-5"
                            />
                            {mark.label}
                          </label>
                        ))}
                      </span>
                    </fieldset>
                  </li>
                ))}
              </ul>
              <DialogActions cancelTo={backTo} label="Save Attendance" pendingLabel="Saving..." />
            </Form>
          )}
        </>
      )}
    </div>
  );
}
