import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { adminStats, monthlyAdmissions } from "~/models/site/admin-stats.server";
import { requireApiAdmin } from "~/services/accounts/sessions/admin-session.server";
import { apiJson, methodNotAllowed } from "~/utils/api.server";
import { getEnv } from "~/utils/env.server";

/**
 * GET /api/admin/analytics (admins only):
 * `{ totalRevenue, totalEnrollments, activeCourses, averageRating,
 * courseAnalytics: [{ id, title, enrollmentCount, revenue, isActive }],
 * googleAnalyticsConnected, gaTrackingId, monthly: [{ month, admissions, revenue }] }`.
 * Revenue and enrollments count completed payments only; amounts are rupees
 * (4999.5); `monthly` is the last 12 months in India time ("2026-11"), oldest
 * first. 401 without an admin session, 403 for a content manager, 405 other methods.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request, "analytics");
  const stats = adminStats();
  const gaTrackingId = getEnv().GA_TRACKING_ID ?? null;
  return apiJson({
    totalRevenue: rupees(stats.totalRevenuePaise),
    totalEnrollments: stats.totalEnrollments,
    activeCourses: stats.activeCourses,
    averageRating: Math.round(stats.averageRating * 100) / 100,
    courseAnalytics: stats.courseAnalytics.map((course) => ({
      id: course.id,
      title: course.title,
      enrollmentCount: course.enrollmentCount,
      revenue: rupees(course.revenuePaise),
      isActive: course.isActive,
    })),
    googleAnalyticsConnected: gaTrackingId !== null,
    gaTrackingId,
    monthly: monthlyAdmissions().map((figure) => ({
      month: figure.month,
      admissions: figure.admissions,
      revenue: rupees(figure.revenuePaise),
    })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request, "analytics");
  return methodNotAllowed(["GET"]);
}

const rupees = (paise: number) => paise / 100;
