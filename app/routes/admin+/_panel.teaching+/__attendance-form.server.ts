import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { PublicAdmin } from "~/models/accounts/admin.server";
import { markPresentFromReport, markSessionAttendance, type AttendanceWrite, type TaughtSession } from "~/models/batches/teaching.server";
import { AttendanceReportSchema, readAttendanceMarks, REPORT_FIELD_MESSAGES, REPORT_INTENT } from "~/schemas/attendance";
import { readParticipantReport, reportName, type ParticipantReport } from "~/services/attendance-reports/participant-report.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { readMultipartForm } from "~/services/images/uploads.server";
import { UNREADABLE_FORM_MESSAGE } from "~/utils/form-data.server";
import { itemIntentOf } from "~/utils/form-intent.server";
import { countOf } from "~/utils/plural";
import { sessionAttendancePath, teachingBatchPath } from "../__batch-paths";

// The attendance page's action: the marks form (no intent) or the participant
// report's upload (intent "report"). Either is written in one transaction that
// checks again that the session is the signed-in person's to mark, audited,
// and answered with a toast; a bad post changes nothing and says why.

const UNREADABLE_MARKS = "This form could not be read. Reload the page and mark the attendance again.";
const CANCELLED = "This session was cancelled: there is no attendance to mark. Nothing was saved.";

/** The addresses a toast lists at the most: it travels in a cookie, so a long list is cut short and counted. */
const LISTED_CHARACTERS = 600;

/** A refused write: a session gone from the person's scope meanwhile is 404 like any other; a cancelled one says so. */
function refused(outcome: Extract<AttendanceWrite<unknown>, { ok: false }>) {
  if (outcome.reason === "not-found") throw new Response("Not Found", { status: 404 });
  return data({ message: CANCELLED }, { status: 409 });
}

/** "a@x.in, b@y.in and 3 more": the first addresses that fit, then how many were left out. */
export function listedAddresses(emails: string[]): string {
  const shown: string[] = [];
  let length = 0;
  for (const email of emails) {
    if (shown.length > 0 && length + email.length > LISTED_CHARACTERS) break;
    shown.push(email);
    length += email.length + 2;
  }
  const rest = emails.length - shown.length;
  return rest > 0 ? `${shown.join(", ")} and ${rest} more` : shown.join(", ");
}

function reportToast(report: ParticipantReport, markedPresent: number, unmatched: string[]) {
  const notes = [
    unmatched.length === 0
      ? "Every address in the report is a student's of this batch."
      : `Not students of this batch (not marked): ${listedAddresses(unmatched)}.`,
    report.rowsWithoutEmail > 0 ? `${countOf(report.rowsWithoutEmail, "row")} had no email address.` : "",
  ];
  return {
    type: unmatched.length === 0 ? ("default" as const) : ("warning" as const),
    title: `${countOf(markedPresent, "student")} marked present from the ${reportName(report.format)}`,
    description: notes.filter(Boolean).join(" "),
  };
}

export async function saveAttendanceForm(request: Request, admin: PublicAdmin, batch: { id: number }, session: TaughtSession) {
  // Said before the post is read; the transaction that writes checks it again.
  if (session.cancelledAt) return data({ message: CANCELLED }, { status: 409 });
  const multipart = await readMultipartForm(request, { report: "csv" });
  if (!multipart.ok)
    return multipart.reason === "too-large"
      ? data({ message: `${REPORT_FIELD_MESSAGES.tooLarge}. Nothing was changed.` }, { status: 413 })
      : data({ message: UNREADABLE_FORM_MESSAGE }, { status: 400 });
  const { formData } = multipart;
  const change = { entity: "session_attendance", verb: "updated", id: session.id } as const;

  if (itemIntentOf(formData, ["save", REPORT_INTENT]) === REPORT_INTENT) {
    const submission = parseWithZod(formData, { schema: AttendanceReportSchema });
    if (submission.status !== "success") return data({ report: submission.reply() }, { status: 400 });
    const reading = await readParticipantReport(new Uint8Array(await submission.value.report.arrayBuffer()));
    if (!reading.ok) return data({ report: submission.reply({ fieldErrors: { report: [reading.message] } }) }, { status: 400 });
    const outcome = markPresentFromReport(admin, batch.id, session.id, reading.report.emails);
    if (!outcome.ok) return refused(outcome);
    return redirectAfterAdminChange(
      admin,
      change,
      sessionAttendancePath(batch.id, session.id),
      reportToast(reading.report, outcome.markedPresent, outcome.unmatched),
    );
  }

  const marks = readAttendanceMarks(formData);
  if (!marks) return data({ message: UNREADABLE_MARKS }, { status: 400 });
  const outcome = markSessionAttendance(admin, batch.id, session.id, marks);
  if (!outcome.ok) return refused(outcome);
  return redirectAfterAdminChange(admin, change, teachingBatchPath(batch.id), {
    title: "Attendance saved",
    description: `${countOf(outcome.saved, "mark")} saved for “${session.title}”.`,
  });
}
