import { countActiveCourses } from "~/models/courses/course.server";
import { countStudentEnrollments, listStudentEnrollments } from "~/models/orders/enrollment.server";
import { eventStats, listUpcomingEvents } from "~/models/events/event.server";
import { listStudentCertificates } from "~/models/classroom/certificate.server";
import { progressByCourse } from "~/models/classroom/lesson-progress.server";
import type { PublicUser } from "~/models/accounts/user.server";
import { formatIsoDateInIndia, formatShortDate } from "~/utils/dates";
import { toEventCards } from "./__event-card.server";
import { certificateDownloadPath } from "~/utils/certificate-links";

/** The dashboard shows three enrollments and three events. */
const DASHBOARD_LIST_LIMIT = 3;

export function dashboardData(user: PublicUser) {
  const now = new Date();
  const progress = progressByCourse(user.id);
  const certified = new Set(listStudentCertificates(user.id).map((certificate) => certificate.courseId));
  return {
    firstName: user.firstName,
    email: user.email,
    enrolledCount: countStudentEnrollments(user.id),
    courseCount: countActiveCourses(),
    eventCount: eventStats(now).upcoming,
    enrollments: listStudentEnrollments(user.id, DASHBOARD_LIST_LIMIT).map((enrollment) => ({
      id: enrollment.id,
      courseId: enrollment.courseId,
      title: enrollment.courseTitle,
      level: enrollment.courseLevel,
      duration: enrollment.courseDuration,
      isoDate: formatIsoDateInIndia(enrollment.enrolledAt),
      dateLabel: formatShortDate(enrollment.enrolledAt),
      progressPercent: progress.get(enrollment.courseId) ?? 0,
      certificateHref: certified.has(enrollment.courseId) ? certificateDownloadPath(enrollment.courseId) : null,
    })),
    events: toEventCards(listUpcomingEvents(DASHBOARD_LIST_LIMIT, now), user.id),
  };
}

export type DashboardData = ReturnType<typeof dashboardData>;
