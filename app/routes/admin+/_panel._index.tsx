import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GoogleAnalyticsCard } from "~/components/admin/google-analytics-card";
import { adminStats } from "~/models/site/admin-stats.server";
import { nextSessions, orderTally, waitingCounts } from "~/models/site/admin-glance.server";
import { adminHome, requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { getEnv } from "~/utils/env.server";
import { formatAmount } from "~/utils/money";
import { canAccess } from "~/utils/permissions";
import { pageMeta } from "~/utils/seo";
import { countOf } from "~/utils/plural";
import { formatEventWhen, startOfIndiaToday, startOfIndiaWeek } from "~/utils/dates";

// The Dashboard tab: first what the owner opens it for (today's and this week's
// orders and money, what waits for someone, the next live sessions), then the
// all-time revenue, enrollments, active courses, average rating, the first 5
// courses' performance and Google Analytics status.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Admin Dashboard", description: "Admin panel.", path: "/admin", noindex: true });

const COURSE_ROWS = 5;
const NEXT_SESSIONS = 4;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  // A content manager's or a mentor's panel starts at their first tab.
  if (!canAccess(admin.role, "dashboard")) throw redirect(adminHome(admin));
  const stats = adminStats(COURSE_ROWS);
  const gaTrackingId = getEnv().GA_TRACKING_ID ?? null;
  const now = new Date();
  const weekStart = startOfIndiaWeek(now);
  const today = orderTally(startOfIndiaToday(now), now);
  const week = orderTally(weekStart, now);
  const waiting = waitingCounts(weekStart);
  return {
    glance: [
      { label: "Orders today", value: today.orders.toLocaleString("en-IN"), detail: formatAmount(today.revenuePaise) },
      { label: "Orders this week", value: week.orders.toLocaleString("en-IN"), detail: formatAmount(week.revenuePaise) },
    ],
    waiting: [
      { label: "New enrollment forms this week", value: waiting.newLeads, to: "/admin/users/enrollment-forms" },
      { label: "Unread messages", value: waiting.unreadMessages, to: "/admin/inbox" },
      { label: "Mails that failed", value: waiting.failedMails, to: "/admin/outbox" },
      { label: "Open payment disputes (answer them in the payment provider's dashboard)", value: waiting.openDisputes, to: null },
    ],
    sessions: nextSessions(now, NEXT_SESSIONS).map((session) => ({
      key: `${session.kind}-${session.id}`,
      title: session.title,
      when: formatEventWhen(session.startsAt),
      whenIso: session.startsAt.toISOString(),
      detail:
        session.kind === "event"
          ? session.seatLimit === null
            ? `${countOf(session.seatsTaken ?? 0, "registration")}`
            : `${session.seatsTaken ?? 0} of ${session.seatLimit} seats taken`
          : `Live class · ${session.courseTitle}`,
      to:
        session.kind === "event"
          ? `/admin/events/${session.id}/registrations`
          : `/admin/courses/${session.courseId}/curriculum/${session.id}`,
    })),
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
  const { glance, waiting, sessions, cards, courses, gaTrackingId } = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-8">
      <h1 className="text-2xl font-bold text-navy-900">Dashboard</h1>
      <section aria-labelledby="at-a-glance" className="grid gap-4 lg:grid-cols-3">
        <h2 id="at-a-glance" className="sr-only">
          At a glance
        </h2>
        <div className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h3 className="font-bold text-navy-900">Orders (IST)</h3>
          <dl className="grid grid-cols-2 gap-4">
            {glance.map((item) => (
              <div key={item.label}>
                <dt className="text-sm text-slate-600">{item.label}</dt>
                <dd className="text-2xl font-bold text-navy-900">{item.value}</dd>
                <dd className="text-sm text-slate-700">{item.detail}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h3 className="font-bold text-navy-900">Waiting for you</h3>
          <ul className="mt-2 grid gap-1">
            {waiting.map((item) => (
              <li key={item.label} className="flex min-h-11 items-center justify-between gap-3 text-sm">
                {item.to ? (
                  <Link to={item.to} className="font-medium text-teal-800 underline underline-offset-4">
                    {item.label}
                  </Link>
                ) : (
                  <span className="text-slate-700">{item.label}</span>
                )}
                <span className={`font-bold ${item.value > 0 ? "text-red-800" : "text-slate-600"}`}>{item.value}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h3 className="font-bold text-navy-900">Next live sessions</h3>
          {sessions.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No events or live classes scheduled.</p>
          ) : (
            <ul className="mt-2 grid gap-3">
              {sessions.map((session) => (
                <li key={session.key} className="text-sm">
                  <Link to={session.to} className="font-semibold text-navy-900 underline-offset-4 hover:underline">
                    {session.title}
                  </Link>
                  <p className="text-slate-600">
                    <time dateTime={session.whenIso}>{session.when}</time> · {session.detail}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
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
