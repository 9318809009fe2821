import { redirect } from "@remix-run/node";
import { lessonAccess, opensLesson, type ClassroomViewer, type LessonAccess } from "~/models/classroom/classroom-access.server";
import { findCourse } from "~/models/courses/course.server";
import { findLesson, listCurriculum, type Lesson, type LessonSummary } from "~/models/classroom/curriculum.server";
import { courseProgress } from "~/models/classroom/lesson-progress.server";
import { lessonLockFor, lockedUntil, studentTimeline } from "~/models/classroom/lesson-release.server";
import type { LessonState } from "~/components/curriculum-outline";
import { getOptionalAdmin } from "~/services/accounts/sessions/admin-session.server";
import { currentPath, getUserId, loginPath } from "~/services/accounts/sessions/student-session.server";
import { formatShortDate } from "~/utils/dates";
import { redirectWithToast } from "~/utils/toast.server";
import { parseId } from "~/utils/validation";

// The door of every classroom URL (outline, lesson, file, join link): who is
// asking, and whether classroom-access.server.ts lets them in. Anonymous
// visitors are sent to sign in and back; other students to the course page.

export const NOT_ENROLLED_TOAST = {
  type: "destructive" as const,
  title: "This lesson is for enrolled students",
  description: "Enrol in the course to open its lessons. Free preview lessons are marked on this page.",
};

/**
 * The student if one is signed in; an admin (any role) when no student is, or
 * when the signed-in student could not open the course anyway ("Preview as student").
 */
async function classroomViewer(request: Request, course: { courseId: number; isFreePreview: boolean }): Promise<ClassroomViewer> {
  const userId = await getUserId(request);
  const student: ClassroomViewer | null = userId ? { kind: "student", userId } : null;
  if (student && opensLesson(lessonAccess(student, course))) return student;
  const admin = await getOptionalAdmin(request);
  if (admin) return { kind: "admin", adminId: admin.id };
  return student ?? { kind: "anonymous" };
}

export type ClassroomDoor = { viewer: ClassroomViewer; access: LessonAccess; userId: string | null };

/** Lets the viewer through or throws the redirect their access calls for. */
export async function requireClassroomAccess(
  request: Request,
  target: { courseId: number; isFreePreview: boolean },
  { enrolledOnly = false }: { enrolledOnly?: boolean } = {},
): Promise<ClassroomDoor> {
  const viewer = await classroomViewer(request, target);
  const access = lessonAccess(viewer, enrolledOnly ? { ...target, isFreePreview: false } : target);
  if (access === "sign-in") throw redirect(loginPath(currentPath(request)));
  if (!opensLesson(access)) throw await redirectWithToast(`/courses/${target.courseId}`, NOT_ENROLLED_TOAST);
  return { viewer, access, userId: viewer.kind === "student" ? viewer.userId : null };
}

const notFound = () => new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** The course of a classroom URL (active or not: enrolled students keep their access), or 404. */
export function courseOr404(rawId: string | undefined) {
  const course = findCourse(rawId ?? "");
  if (!course) throw notFound();
  return { id: course.id, title: course.title };
}

/** The lesson of a classroom URL, which must belong to its course, or 404. */
export function lessonOr404(courseId: number, rawLessonId: string | undefined): Lesson {
  const lessonId = parseId(rawLessonId);
  const lesson = lessonId === null ? null : findLesson(courseId, lessonId);
  if (!lesson) throw notFound();
  return lesson;
}

export { notFound };

/**
 * Whether the door's viewer may open this lesson now (drip release): 404 for
 * a batch's own lesson to anyone outside that batch; the instant it opens
 * while it is locked for an enrolled student; null when it is open. An admin
 * previewing sees every lesson open.
 */
export function lessonLock(door: ClassroomDoor, lesson: Lesson, now = new Date()): Date | null {
  if (door.access === "admin") return null;
  if (door.access !== "enrolled" || !door.userId) {
    if (lesson.batchId !== null) throw notFound();
    return null;
  }
  const lock = lessonLockFor(door.userId, lesson, now);
  if (lock === "hidden") throw notFound();
  return lock;
}

/** "Opens on Dec 5, 2026 (midnight IST)": what a locked lesson says, on the page, in the outline and to a download. */
export const opensLabel = (opensAt: Date) => `Opens on ${formatShortDate(opensAt)}`;

/** A locked lesson's file or join link: refused with the day it opens. */
export const lockedResponse = (opensAt: Date) =>
  new Response(`This lesson is not open yet. ${opensLabel(opensAt)} (India time).`, {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

export type OutlineLesson = LessonSummary & { state: LessonState; opensAt: Date | null };
export type OutlineSection = { id: number; title: string; lessons: OutlineLesson[] };

export const lessonPath = (courseId: number, lessonId: number) => `/learn/${courseId}/${lessonId}`;

/**
 * The curriculum with the student's state in each lesson (none for an admin
 * or a preview), the course's progress and the lesson "Resume" leads to.
 */
/** "3 of 11 lessons complete"; with optional lessons in the outline, the count says it is of the required ones. */
function progressLabel(done: number, required: number, lessonCount: number): string {
  const optional = lessonCount - required;
  if (optional <= 0) return `${done} of ${required} lessons complete`;
  return `${done} of ${required} required lessons complete (${optional} optional)`;
}

export function classroomOutline(courseId: number, door: Pick<ClassroomDoor, "access" | "userId">, now = new Date()) {
  const userId = door.access === "enrolled" ? door.userId : null;
  const timeline = userId ? studentTimeline(userId, courseId) : null;
  const curriculum = listCurriculum(courseId, door.access === "admin" ? "every-batch" : { batchId: timeline?.batchId ?? null });
  const progress = userId ? courseProgress(userId, courseId) : null;
  const sections: OutlineSection[] = curriculum.map((section) => ({
    ...section,
    lessons: section.lessons.map((lesson) => {
      const progressed = progress?.lessons.get(lesson.id);
      const opensAt = timeline ? lockedUntil(lesson, timeline, now, Boolean(progressed?.completed)) : null;
      const state: LessonState = opensAt ? "locked" : progressed?.completed ? "complete" : progressed?.started ? "started" : "not-started";
      return { ...lesson, state, opensAt };
    }),
  }));
  const ordered = sections.flatMap((section) => section.lessons);
  const resume = ordered.find((lesson) => lesson.state !== "complete" && lesson.state !== "locked") ?? null;
  const requiredDone = progress?.requiredDone ?? 0;
  const requiredTotal = progress?.requiredTotal ?? ordered.filter((lesson) => lesson.isRequired).length;
  return {
    sections,
    ordered,
    percent: progress?.percent ?? 0,
    requiredDone,
    requiredTotal,
    progressLabel: progressLabel(requiredDone, requiredTotal, ordered.length),
    resumeLessonId: resume?.id ?? ordered[0]?.id ?? null,
    started: ordered.some((lesson) => lesson.state === "started" || lesson.state === "complete"),
  };
}
