import { attendanceOfBatch, type AttendanceState } from "~/models/batches/attendance.server";
import { formatIsoDateInIndia, formatShortDate } from "~/utils/dates";
import { temporaryWorkbookDownload } from "./stored-files.server";
import { anySheet, number, text, type Sheet } from "./workbook-writer.server";

// A batch's attendance register as an .xlsx, for whoever teaches it: one row
// per student of the batch, one column per session (cancelled ones left out)
// headed by its day in India and its title, each cell Present, Absent, Joined
// (pressed Join, not marked since) or blank, and the sessions each student was
// present at. Written by the shared writer and kept nowhere: it is personal
// data, downloaded by the one who asked.

const STATE_LABELS: Record<NonNullable<AttendanceState>, string> = { present: "Present", absent: "Absent", joined: "Joined" };

type StudentRow = { name: string; email: string; states: Map<number, AttendanceState> };

function attendanceSheet(batchId: number): Sheet<StudentRow> {
  const { sessions, students } = attendanceOfBatch(batchId);
  const presentAt = (row: StudentRow) => [...row.states.values()].filter((state) => state === "present").length;
  return {
    name: "Attendance",
    // One batch's students: a few hundred rows at the most, read at once.
    rows: async function* () {
      yield* students;
    },
    columns: [
      text<StudentRow>("Student", 28, (row) => row.name || row.email),
      text<StudentRow>("Email", 32, (row) => row.email),
      ...sessions.map((session) =>
        text<StudentRow>(`${formatShortDate(session.startsAt)} · ${session.title}`, 18, (row) => {
          const state = row.states.get(session.id);
          return state ? STATE_LABELS[state] : null;
        }),
      ),
      number<StudentRow>(`Present (of ${sessions.length})`, 14, presentAt),
    ],
  };
}

/** The batch's attendance as a download named for the batch and the day in India. */
export function batchAttendanceDownload(batchId: number, now = new Date()): Promise<Response> {
  return temporaryWorkbookDownload([anySheet(attendanceSheet(batchId))], `attendance-batch-${batchId}-${formatIsoDateInIndia(now)}.xlsx`);
}
