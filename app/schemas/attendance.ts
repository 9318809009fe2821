import { z } from "zod";
import { tooLargeMessage, UPLOAD_KINDS } from "./uploads";

// The attendance page of a live session. Its marks form has one radio group
// per student of the batch, named `attended:<account id>`, worth "yes", "no"
// or "" (not marked); the students are known only at run time, so that form
// is read field by field here rather than through a fixed object schema. Its
// other form uploads the meeting's participant report.

export const ATTENDANCE_FIELD = "attended:";

const AccountId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/);
const Mark = z.enum(["yes", "no", ""]);

export type AttendanceMarks = { userId: string; attended: boolean | null }[];

/** The marks a posted form holds; null when a field is not one of the form's (a forged or broken post). */
export function readAttendanceMarks(formData: FormData): AttendanceMarks | null {
  const marks: AttendanceMarks = [];
  for (const [name, value] of formData) {
    if (name === "intent") continue;
    if (!name.startsWith(ATTENDANCE_FIELD)) return null;
    const userId = AccountId.safeParse(name.slice(ATTENDANCE_FIELD.length));
    const mark = Mark.safeParse(value);
    if (!userId.success || !mark.success) return null;
    marks.push({ userId: userId.data, attended: mark.data === "" ? null : mark.data === "yes" });
  }
  return marks;
}

/** The form's other intent: a meeting's participant report marks present the students it lists. */
export const REPORT_INTENT = "report";

export const REPORT_FIELD_MESSAGES = {
  missing: "Choose the report's CSV file",
  tooLarge: tooLargeMessage("The report", "csv"),
} as const;

/** The participant report's upload: one CSV file, within its size. */
export const AttendanceReportSchema = z.object({
  intent: z.literal(REPORT_INTENT),
  report: z.preprocess(
    // A file input left empty posts a nameless, empty file: that is no report.
    (value) => (typeof File !== "undefined" && value instanceof File && value.size > 0 ? value : undefined),
    z
      .instanceof(File, { message: REPORT_FIELD_MESSAGES.missing })
      .refine((file) => file.size <= UPLOAD_KINDS.csv.maxBytes, REPORT_FIELD_MESSAGES.tooLarge),
  ),
});
