import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ProgressBar } from "~/components/progress-bar";
import { Badge, levelTone } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { requireUser } from "~/services/accounts/sessions/student-session.server";
import { instituteFrom } from "~/utils/seo";
import { myClassroom } from "./__my-courses.server";

// /learn: the classroom's home. Every course the student is enrolled in, with
// its progress and a button to the next lesson, then the live classes and
// events coming up.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return myClassroom(user.id, new Date());
}

export const meta: MetaFunction = ({ matches }) => [
  { title: `My Courses | ${instituteFrom(matches).name}` },
  { name: "robots", content: "noindex" },
];

export default function MyCourses() {
  const { batches, courses, upcoming } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12">
      <p className="text-sm font-semibold uppercase tracking-widest text-teal-800">Classroom</p>
      <h1 className="mt-2 text-3xl font-bold text-navy-900 sm:text-4xl">My Courses</h1>
      {batches.length > 0 ? (
        <section aria-labelledby="batches-heading" className="mt-6">
          <h2 id="batches-heading" className="text-xl font-bold text-navy-900">
            Your Batches
          </h2>
          <ul className="mt-3 grid gap-3 md:grid-cols-2">
            {batches.map((batch) => (
              <li key={batch.batchId} className="rounded-2xl bg-navy-900 p-5 text-white">
                <p className="text-sm text-slate-200">
                  {batch.courseTitle} · {batch.batchName}
                </p>
                {batch.next ? (
                  <>
                    <p className="mt-2 text-sm font-semibold uppercase tracking-wide text-gold-400">Next class</p>
                    <p className="text-lg font-bold">{batch.next.title}</p>
                    <p className="text-slate-100">
                      <time dateTime={batch.next.whenIso}>{batch.next.whenLabel}</time>
                    </p>
                    <Link to={batch.next.href} className={buttonClass("primary", "mt-3")}>
                      Open the class<span className="sr-only">: {batch.next.title}</span>
                    </Link>
                  </>
                ) : (
                  <p className="mt-2 text-slate-100">No more classes on the timetable.</p>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {courses.length > 0 ? (
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {courses.map((course) => (
            <li key={course.courseId} className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <Badge tone={levelTone(course.level)}>{course.level}</Badge>
              <h2 className="text-xl font-bold text-navy-900">
                <Link to={`/learn/${course.courseId}`} className="underline-offset-4 hover:underline">
                  {course.title}
                </Link>
              </h2>
              <ProgressBar percent={course.percent} label={course.progressLabel} />
              <div className="mt-auto flex flex-wrap gap-3">
                {course.finished ? null : (
                  <Link to={course.continueHref} className={buttonClass("primary")}>
                    {course.continueLabel}
                    <span className="sr-only">: {course.title}</span>
                  </Link>
                )}
                {course.certificateHref ? (
                  <a href={course.certificateHref} className={buttonClass("outline")}>
                    Download certificate<span className="sr-only">: {course.title}</span>
                  </a>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-6 flex flex-col items-center gap-4 rounded-2xl bg-white p-8 text-center ring-1 ring-slate-200">
          <p className="text-slate-600">You have not enrolled in a course yet.</p>
          <Link to="/courses" className={buttonClass("primary")}>
            Browse Courses
          </Link>
        </div>
      )}

      <section aria-labelledby="upcoming-heading" className="mt-10">
        <h2 id="upcoming-heading" className="text-2xl font-bold text-navy-900">
          Coming Up Live
        </h2>
        {upcoming.length > 0 ? (
          <ul className="mt-4 grid gap-3">
            {upcoming.map((session) => (
              <li key={session.key} className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
                <p className="text-sm font-semibold text-teal-800">{session.kind}</p>
                <h3 className="text-lg font-bold text-navy-900">
                  <Link to={session.href} className="underline-offset-4 hover:underline">
                    {session.title}
                  </Link>
                </h3>
                <p className="text-sm text-slate-600">
                  {session.context} · <time dateTime={session.whenIso}>{session.whenLabel}</time>
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-slate-600">
            No live classes or events on your calendar.{" "}
            <Link to="/events" className="font-semibold text-teal-800 underline underline-offset-4">
              See upcoming events
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
