/** The curriculum editor of a course; its lessons and sections open under it. */
export const curriculumPath = (courseId: number) => `/admin/courses/${courseId}/curriculum`;
