/** A course's batches; each batch's edit dialog opens over it. */
export const batchesPath = (courseId: number) => `/admin/courses/${courseId}/batches`;

/** A batch's timetable; each session's dialog opens over it. */
export const timetablePath = (courseId: number, batchId: number) => `/admin/courses/${courseId}/batches/${batchId}/timetable`;

/** Cancelling a batch: the question, then the refunds (admins only: money). */
export const cancelBatchPath = (courseId: number, batchId: number) => `/admin/courses/${courseId}/batches/${batchId}/cancel`;

/** Moving one student of a batch to another batch of the course (admins only). */
export const moveStudentPath = (courseId: number, batchId: number, userId: string) =>
  `/admin/courses/${courseId}/batches/${batchId}/students/${encodeURIComponent(userId)}/move`;

/** Publishing a past session's recording as a lesson of the batch. */
export const recordingPath = (courseId: number, batchId: number, sessionId: number) =>
  `${timetablePath(courseId, batchId)}/${sessionId}/recording`;

/** The batches the signed-in person teaches (a mentor's panel opens here). */
export const TEACHING_PATH = "/admin/teaching";

/** A batch as its teacher sees it: its sessions with their attendance, and its students. */
export const teachingBatchPath = (batchId: number) => `${TEACHING_PATH}/${batchId}`;

/** A session's attendance: marked by hand, or from the meeting's participant report. */
export const sessionAttendancePath = (batchId: number, sessionId: number) => `${teachingBatchPath(batchId)}/sessions/${sessionId}`;

/** The batch's attendance register as an .xlsx download. */
export const attendanceWorkbookPath = (batchId: number) => `${teachingBatchPath(batchId)}/attendance.xlsx`;

/** The trade journals of a batch's students, for whoever teaches it to review. */
export const batchJournalsPath = (batchId: number) => `${teachingBatchPath(batchId)}/journals`;

/** One trade of a student's journal, with the mentor's comment form. */
export const journalReviewPath = (batchId: number, tradeId: number) => `${batchJournalsPath(batchId)}/${tradeId}`;
