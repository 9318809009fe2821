import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GoogleAnalyticsCard } from "~/components/admin/google-analytics-card";
import { adminStats } from "~/models/site/admin-stats.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { getEnv } from "~/utils/env.server";
import { formatAmount } from "~/utils/money";
import { canAccess } from "~/utils/permissions";
import { pageMeta } from "~/utils/seo";
import { countOf } from "~/utils/plural";

// The Dashboard tab: revenue, enrollments, active courses,
// average rating, the first 5 courses' performance and Google Analytics status.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Admin Dashboard", description: "Admin panel.", path: "/admin", noindex: true });

const COURSE_ROWS = 5;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  // A content manager's panel starts at their first tab.
  if (!canAccess(admin.role, "dashboard")) throw redirect("/admin/courses");
  const stats = adminStats(COURSE_ROWS);
  const gaTrackingId = getEnv().GA_TRACKING_ID ?? null;
  return {
    cards: [
      { label: "Total Revenue", value: formatAmount(stats.totalRevenuePaise) },
      { label: "Total Enrollments", value: stats.totalEnrollments.toLocaleString("en-IN") },
      { label: "Active Courses", value: stats.activeCourses.toLocaleString("en-IN") },
      { label: "Avg Rating", value: stats.averageRating.toFixed(1) },
    ],
    courses: stats.courseAnalytics.map((course) => ({
      id: course.id,
      title: course.title,
      enrollments: course.enrollmentCount,
      revenue: formatAmount(course.revenuePaise),
      isActive: course.isActive,
    })),
    gaTrackingId,
  };
}

export default function AdminDashboard() {
  const { cards, courses, gaTrackingId } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-8">
      <h1 className="text-2xl font-bold text-navy-900">Dashboard</h1>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <li key={card.label} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <p className="text-sm text-slate-600">{card.label}</p>
            <p className="mt-1 text-2xl font-bold text-navy-900">{card.value}</p>
          </li>
        ))}
      </ul>

      <section aria-labelledby="course-performance" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="course-performance" className="text-xl font-bold text-navy-900">
          Course Performance
        </h2>
        {courses.length === 0 ? (
          <p className="mt-4 text-slate-600">No course data available</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200">
            {courses.map((course) => (
              <li key={course.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-semibold text-navy-900">{course.title}</p>
                  <p className="text-sm text-slate-600">
                    {countOf(course.enrollments, "enrollment")} · {course.revenue}
                  </p>
                </div>
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${course.isActive ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-800"}`}
                >
                  {course.isActive ? "Active" : "Inactive"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <GoogleAnalyticsCard trackingId={gaTrackingId} />
    </div>
  );
}
