/** A course's batches; each batch's edit dialog opens over it. */
export const batchesPath = (courseId: number) => `/admin/courses/${courseId}/batches`;

/** A batch's timetable; each session's dialog opens over it. */
export const timetablePath = (courseId: number, batchId: number) => `/admin/courses/${courseId}/batches/${batchId}/timetable`;

/** A batch's students (admins only: personal data). */
export const rosterPath = (courseId: number, batchId: number) => `/admin/courses/${courseId}/batches/${batchId}/roster`;
