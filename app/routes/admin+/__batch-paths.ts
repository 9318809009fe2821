/** A course's batches; each batch's edit dialog opens over it. */
export const batchesPath = (courseId: number) => `/admin/courses/${courseId}/batches`;

/** A batch's timetable; each session's dialog opens over it. */
export const timetablePath = (courseId: number, batchId: number) => `/admin/courses/${courseId}/batches/${batchId}/timetable`;

/** The batches the signed-in person teaches (a mentor's panel opens here). */
export const TEACHING_PATH = "/admin/teaching";

/** A batch as its teacher sees it: its sessions with their attendance, and its students. */
export const teachingBatchPath = (batchId: number) => `${TEACHING_PATH}/${batchId}`;

/** A session's attendance: marked by hand, or from the meeting's participant report. */
export const sessionAttendancePath = (batchId: number, sessionId: number) => `${teachingBatchPath(batchId)}/sessions/${sessionId}`;

/** The batch's attendance register as an .xlsx download. */
export const attendanceWorkbookPath = (batchId: number) => `${teachingBatchPath(batchId)}/attendance.xlsx`;
