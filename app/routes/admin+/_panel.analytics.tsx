import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmptyState, StatusBadge } from "~/components/admin/admin-page";
import { AdmissionsChart } from "~/components/admin/admissions-chart";
import { GoogleAnalyticsCard } from "~/components/admin/google-analytics-card";
import { adminStats, monthlyAdmissions } from "~/models/site/admin-stats.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { getEnv } from "~/utils/env.server";
import { formatAmount } from "~/utils/money";
import { pageMeta } from "~/utils/seo";

// The Analytics tab (admins only): the Google Analytics card,
// then Admission Analytics: total admissions and revenue, a chart and table of
// the last 12 months (India time), and every course's admissions. Admissions
// are paid (completed) enrollments; pending and failed payments do not count.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Analytics", description: "Admin panel: admissions analytics.", path: "/admin/analytics", noindex: true });

const count = new Intl.NumberFormat("en-IN");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "analytics");
  const stats = adminStats();
  // Most admissions first.
  const courses = [...stats.courseAnalytics]
    .sort((a, b) => b.enrollmentCount - a.enrollmentCount || b.revenuePaise - a.revenuePaise || a.id - b.id)
    .map((course) => ({
      id: course.id,
      title: course.title,
      admissions: count.format(course.enrollmentCount),
      revenue: formatAmount(course.revenuePaise),
      isActive: course.isActive,
    }));
  return {
    gaTrackingId: getEnv().GA_TRACKING_ID ?? null,
    totals: [
      { label: "Total Admissions", value: count.format(stats.totalEnrollments) },
      { label: "Total Revenue", value: formatAmount(stats.totalRevenuePaise) },
    ],
    hasAdmissions: stats.totalEnrollments > 0,
    monthly: monthlyAdmissions(),
    courses,
  };
}

const CARD = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6";
// A figure cell; on a phone it shows its column's name above it.
const CELL =
  "py-2 pr-3 tabular-nums max-sm:p-0 max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]";

export default function AdminAnalytics() {
  const { gaTrackingId, totals, hasAdmissions, monthly, courses } = useLoaderData<typeof loader>();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <h1 className="text-2xl font-bold text-navy-900">Analytics</h1>
      <GoogleAnalyticsCard trackingId={gaTrackingId} />

      <section aria-labelledby="admission-analytics" className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <div>
          <h2 id="admission-analytics" className="text-xl font-bold text-navy-900">
            Admission Analytics
          </h2>
          <p className="mt-1 text-slate-700">
            Admissions are paid course enrollments; pending and failed payments are not counted. Months are in India time.
          </p>
        </div>

        <ul className="grid gap-4 sm:grid-cols-2">
          {totals.map((card) => (
            <li key={card.label} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <p className="text-sm text-slate-600">{card.label}</p>
              <p className="mt-1 text-2xl font-bold text-navy-900">{card.value}</p>
            </li>
          ))}
        </ul>

        <section aria-labelledby="admissions-by-month" className={CARD}>
          <h3 id="admissions-by-month" className="mb-4 text-lg font-bold text-navy-900">
            Admissions and revenue by month
          </h3>
          <AdmissionsChart figures={monthly} />
        </section>

        <section aria-labelledby="admissions-by-course" className={CARD}>
          <h3 id="admissions-by-course" className="mb-4 text-lg font-bold text-navy-900">
            Admissions by course
          </h3>
          {!hasAdmissions || courses.length === 0 ? (
            <EmptyState title="No admissions yet" hint="A course's admissions and revenue show here once a student completes payment." />
          ) : (
            <div className="overflow-x-auto" role="region" aria-labelledby="course-table-caption" tabIndex={0}>
              {/* On a phone each row stacks: the title, then its labelled figures side by side. */}
              <table className="w-full text-left text-sm">
                <caption id="course-table-caption" className="sr-only">
                  Admissions, revenue and status of each course
                </caption>
                <thead className="text-slate-700 max-sm:sr-only">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      Course
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-semibold">
                      Admissions
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-semibold">
                      Revenue
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      Status
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 max-sm:block">
                  {courses.map((course) => (
                    <tr key={course.id} className="max-sm:grid max-sm:grid-cols-3 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:py-3">
                      <th scope="row" className="py-2 pr-3 font-semibold break-words text-navy-900 max-sm:col-span-3 max-sm:p-0">
                        {course.title}
                      </th>
                      <td data-label="Admissions" className={`${CELL} sm:text-right`}>
                        {course.admissions}
                      </td>
                      <td data-label="Revenue" className={`${CELL} whitespace-nowrap sm:text-right`}>
                        {course.revenue}
                      </td>
                      <td data-label="Status" className={CELL}>
                        <StatusBadge on={course.isActive} onLabel="Active" offLabel="Inactive" />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </section>
    </div>
  );
}
