import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ProgressBar } from "~/components/progress-bar";
import { Badge, levelTone } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import type { DashboardData } from "./__dashboard.server";
import { CompactEventCard } from "./__event-card";

/** The signed-in home: the Dashboard. */
export function Dashboard({ data }: { data: DashboardData }) {
  return (
    <div className="bg-slate-50">
      <section className="bg-navy-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <h1 className="text-3xl font-bold sm:text-4xl">Welcome back, {data.firstName || "Trader"}!</h1>
          <p className="mt-2 text-slate-200">Pick up where you left off, or find your next course or event.</p>
        </div>
      </section>

      <section aria-labelledby="continue-heading" className="mx-auto w-full max-w-7xl px-4 py-6">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="continue-heading" className="text-2xl font-bold text-navy-900">
            Continue Learning
          </h2>
          {data.enrollments.length > 0 ? (
            <Link to="/learn" className="font-semibold text-teal-800 underline underline-offset-4">
              All my courses
            </Link>
          ) : null}
        </div>
        {data.enrollments.length > 0 ? (
          <ul className="mt-4 grid gap-4 md:grid-cols-3">
            {data.enrollments.map((enrollment) => (
              <li key={enrollment.id} className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <Badge tone={levelTone(enrollment.level)}>{enrollment.level}</Badge>
                <h3 className="text-lg font-bold text-navy-900">{enrollment.title}</h3>
                <p className="text-sm text-slate-600">
                  {enrollment.duration} · Enrolled <time dateTime={enrollment.isoDate}>{enrollment.dateLabel}</time>
                </p>
                <ProgressBar percent={enrollment.progressPercent} label="Progress" />
                <Link to={`/learn/${enrollment.courseId}`} className={buttonClass("secondary", "mt-auto")}>
                  Continue<span className="sr-only">: {enrollment.title}</span>
                </Link>
                {enrollment.certificateHref ? (
                  <a href={enrollment.certificateHref} className="text-sm font-semibold text-teal-800 underline underline-offset-4">
                    Download certificate<span className="sr-only">: {enrollment.title}</span>
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState text="You have not enrolled in a course yet.">
            <Link to="/courses" className={buttonClass("primary")}>
              Browse Courses
            </Link>
          </EmptyState>
        )}
      </section>

      <section aria-label="Your summary" className="mx-auto w-full max-w-7xl px-4 py-8">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <SummaryCard label="Enrolled Courses" value={String(data.enrolledCount)} />
          <SummaryCard label="Total Courses" value={String(data.courseCount)} />
          <SummaryCard label="Upcoming Events" value={String(data.eventCount)} />
          <SummaryCard label="Profile" value={data.email} small>
            <Link to="/account" className="mt-2 inline-block text-sm font-semibold text-teal-800 underline underline-offset-4">
              Your account
            </Link>
          </SummaryCard>
        </ul>
      </section>

      <section aria-labelledby="dashboard-events-heading" className="mx-auto w-full max-w-7xl px-4 pb-16 pt-6">
        <h2 id="dashboard-events-heading" className="text-2xl font-bold text-navy-900">
          Upcoming Events
        </h2>
        {data.events.length > 0 ? (
          <ul className="mt-4 grid gap-4 md:grid-cols-3">
            {data.events.map((event) => (
              <li key={event.id}>
                <CompactEventCard event={event} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState text="No upcoming events at the moment.">
            <Link to="/events" className={buttonClass("primary")}>
              View all events
            </Link>
          </EmptyState>
        )}
      </section>
    </div>
  );
}

function SummaryCard({ label, value, small = false, children }: { label: string; value: string; small?: boolean; children?: ReactNode }) {
  return (
    <li className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className={`mt-1 font-bold text-navy-900 ${small ? "break-all text-base" : "text-3xl"}`}>{value}</p>
      {children}
    </li>
  );
}

function EmptyState({ text, children }: { text: string; children: ReactNode }) {
  return (
    <div className="mt-4 flex flex-col items-center gap-4 rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
      <p className="text-slate-600">{text}</p>
      {children}
    </div>
  );
}
