import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog, DialogActions } from "~/components/admin/admin-dialog";
import { FormNotice } from "~/components/forms";
import { attendanceOfSession, markAttendance } from "~/models/batches/attendance.server";
import { findBatchSession } from "~/models/batches/batch-session.server";
import { ATTENDANCE_FIELD, readAttendanceMarks } from "~/schemas/attendance";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { formatIndiaDateTime, formatIndiaTime } from "~/utils/dates";
import { readFormData } from "~/utils/form-data.server";
import { timetablePath } from "../__batch-paths";
import { courseAndBatchOr404 } from "./__batch.server";
import { idOr404 } from "./__curriculum.server";

// A session's attendance: every student of the batch, with the time they
// pressed Join, marked present or absent (or left unmarked) with plain radio
// buttons, so it works without JavaScript. Personal data: admins only.

function routeParts(params: { id?: string; batchId?: string; sessionId?: string }) {
  const { course, batch } = courseAndBatchOr404(params);
  const session = findBatchSession(batch.id, idOr404(params.sessionId));
  if (!session) throw new Response("Not Found", { status: 404 });
  return { session, backTo: timetablePath(course.id, batch.id) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "registrations");
  const { session, backTo } = routeParts(params);
  return {
    backTo,
    session: { id: session.id, title: session.title, when: formatIndiaDateTime(session.startsAt) },
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
  const admin = await requireAdmin(request, "registrations");
  const { session, backTo } = routeParts(params);
  const marks = readAttendanceMarks(await readFormData(request));
  if (!marks) return data({ message: "This form could not be read. Reload the page and mark the attendance again." }, { status: 400 });
  const { saved } = markAttendance(session.id, marks);
  return redirectAfterAdminChange(admin, { entity: "batch_session", verb: "updated", id: session.id }, backTo, {
    title: "Attendance saved",
    description: `${saved} ${saved === 1 ? "mark" : "marks"} saved for “${session.title}”.`,
  });
}

const MARKS = [
  { value: "yes", label: "Present" },
  { value: "no", label: "Absent" },
  { value: "", label: "Not marked" },
];

export default function AttendanceDialog() {
  const { backTo, session, students } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminDialog id={`attendance-${session.id}`} title="Attendance" backTo={backTo} wide>
      <p className="mt-2 text-slate-700">
        <span className="font-semibold text-navy-900">{session.title}</span> · {session.when}
      </p>
      {actionData?.message ? (
        <div className="mt-4">
          <FormNotice title="Not saved">{actionData.message}</FormNotice>
        </div>
      ) : null}
      {students.length === 0 ? (
        <p className="mt-6 text-slate-700">This batch has no students yet.</p>
      ) : (
        <Form method="post" className="mt-6">
          <ul className="divide-y divide-slate-200">
            {students.map((student) => (
              <li key={student.userId} className="py-3">
                <fieldset className="flex flex-wrap items-center justify-between gap-3">
                  <legend className="float-left font-medium text-navy-900">
                    {student.name}
                    <span className="block text-sm font-normal text-slate-600">
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
    </AdminDialog>
  );
}
