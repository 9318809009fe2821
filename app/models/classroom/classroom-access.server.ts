import { isEnrolled } from "../orders/order.server";

// Who may open a course's lessons, files and join links. Checked on every
// request (and again inside the transaction that records progress), so a
// refunded or revoked enrollment loses access at once.

/** Who is asking: a signed-in student, a signed-in admin (any role), or nobody. */
export type ClassroomViewer = { kind: "student"; userId: string } | { kind: "admin"; adminId: number } | { kind: "anonymous" };

export type LessonAccess =
  /** An admin previewing or checking the course. */
  | "admin"
  /** A student with a paid enrollment. */
  | "enrolled"
  /** A free preview lesson, open to anyone; nothing is recorded. */
  | "preview"
  /** Nobody is signed in: send them to sign in. */
  | "sign-in"
  /** A student without an enrollment in this course: send them to the course page. */
  | "not-enrolled";

/** What `viewer` may do with a lesson of `courseId` (a whole course when `isFreePreview` is false). */
export function lessonAccess(viewer: ClassroomViewer, lesson: { courseId: number; isFreePreview: boolean }): LessonAccess {
  if (viewer.kind === "admin") return "admin";
  if (viewer.kind === "student" && isEnrolled(viewer.userId, lesson.courseId)) return "enrolled";
  if (lesson.isFreePreview) return "preview";
  return viewer.kind === "anonymous" ? "sign-in" : "not-enrolled";
}

/** Whether the access lets the viewer open the lesson at all. */
export const opensLesson = (access: LessonAccess) => access === "admin" || access === "enrolled" || access === "preview";
