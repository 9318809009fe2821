/** A course's batches; each batch's edit dialog opens over it. */
export const batchesPath = (courseId: number) => `/admin/courses/${courseId}/batches`;

/** A batch's timetable; each session's dialog opens over it. */
export const timetablePath = (courseId: number, batchId: number) => `/admin/courses/${courseId}/batches/${batchId}/timetable`;

/** A batch's students (admins only: personal data). */
export const rosterPath = (courseId: number, batchId: number) => `/admin/courses/${courseId}/batches/${batchId}/roster`;

/** Cancelling a batch: the question, then the refunds (admins only: money). */
export const cancelBatchPath = (courseId: number, batchId: number) => `/admin/courses/${courseId}/batches/${batchId}/cancel`;

/** Moving one student of a batch to another batch of the course (admins only). */
export const moveStudentPath = (courseId: number, batchId: number, userId: string) =>
  `/admin/courses/${courseId}/batches/${batchId}/students/${encodeURIComponent(userId)}/move`;

/** Publishing a past session's recording as a lesson of the batch. */
export const recordingPath = (courseId: number, batchId: number, sessionId: number) =>
  `${timetablePath(courseId, batchId)}/${sessionId}/recording`;
