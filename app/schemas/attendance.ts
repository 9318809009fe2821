import { z } from "zod";

// The attendance form of a live session: one radio group per student of the
// batch, named `attended:<account id>`, worth "yes", "no" or "" (not marked).
// The students are known only at run time, so the form is read field by
// field here rather than through a fixed object schema.

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
