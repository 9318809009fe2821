import { listUpcomingLiveLessons } from "~/models/classroom/curriculum.server";
import { findStudentCertificate } from "~/models/classroom/certificate.server";
import { listStudentRegistrations } from "~/models/events/student-event-registration.server";
import { listStudentEnrollments } from "~/models/orders/enrollment.server";
import { nextSessionsOfStudent } from "~/models/batches/live-session.server";
import { certificateDownloadPath } from "~/utils/certificate-links";
import { formatEventWhen } from "~/utils/dates";
import { classroomOutline, lessonPath } from "./__classroom.server";
import { liveSessionPath } from "~/utils/live-session-path";

/** How many live classes and events the classroom's home lists. */
const UPCOMING_LIMIT = 6;

export type UpcomingSession = {
  key: string;
  kind: string;
  title: string;
  context: string;
  whenLabel: string;
  whenIso: string;
  href: string;
};

/** The classroom's home for one student: each course with its progress and where to go on, then what is coming up live. */
export function myClassroom(userId: string, now: Date) {
  const courses = listStudentEnrollments(userId).map((enrollment) => {
    const outline = classroomOutline(enrollment.courseId, { userId, access: "enrolled" }, now);
    const certificate = findStudentCertificate(userId, enrollment.courseId);
    return {
      courseId: enrollment.courseId,
      title: enrollment.courseTitle,
      level: enrollment.courseLevel,
      percent: outline.percent,
      progressLabel: outline.progressLabel,
      finished: outline.requiredTotal > 0 && outline.requiredDone === outline.requiredTotal,
      continueLabel: outline.started ? "Continue" : "Start the course",
      continueHref:
        outline.resumeLessonId === null ? `/learn/${enrollment.courseId}` : lessonPath(enrollment.courseId, outline.resumeLessonId),
      certificateHref: certificate && !certificate.revokedAt ? certificateDownloadPath(enrollment.courseId) : null,
    };
  });
  const liveClasses: (UpcomingSession & { at: number })[] = listUpcomingLiveLessons(userId, now, UPCOMING_LIMIT).map((lesson) => ({
    key: `lesson-${lesson.lessonId}`,
    kind: "Live class",
    title: lesson.title,
    context: lesson.courseTitle,
    whenLabel: formatEventWhen(lesson.startsAt),
    whenIso: lesson.startsAt.toISOString(),
    href: lessonPath(lesson.courseId, lesson.lessonId),
    at: lesson.startsAt.getTime(),
  }));
  const events = listStudentRegistrations(userId)
    .filter((event) => event.eventDate.getTime() + event.durationMinutes * 60_000 >= now.getTime())
    .map((event) => ({
      key: `event-${event.id}`,
      kind: event.eventType,
      title: event.title,
      context: "You are registered",
      whenLabel: formatEventWhen(event.eventDate),
      whenIso: event.eventDate.toISOString(),
      href: "/account/events",
      at: event.eventDate.getTime(),
    }));
  const upcoming = [...liveClasses, ...events]
    .sort((a, b) => a.at - b.at)
    .slice(0, UPCOMING_LIMIT)
    .map(({ at: _at, ...session }) => session);
  // Each batch the student is in, with its next class first (decision 0059).
  const batches = nextSessionsOfStudent(userId, now).map((batch) => ({
    batchId: batch.batchId,
    batchName: batch.batchName,
    courseTitle: batch.courseTitle,
    next: batch.session && {
      title: batch.session.title,
      whenLabel: formatEventWhen(batch.session.startsAt),
      whenIso: batch.session.startsAt.toISOString(),
      href: liveSessionPath(batch.courseId, batch.session.id),
    },
  }));
  return { batches, courses, upcoming };
}
