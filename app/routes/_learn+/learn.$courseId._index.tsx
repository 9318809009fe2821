import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CurriculumOutline, toOutlineSections } from "~/components/curriculum-outline";
import { ProgressBar } from "~/components/progress-bar";
import { buttonClass } from "~/components/ui/button";
import { findStudentCertificate } from "~/models/classroom/certificate.server";
import { findSessionForStudent } from "~/models/batches/live-session.server";
import { listCourseExercises } from "~/models/lab/exercise.server";
import { labPath } from "~/utils/lab-paths";
import { classroomOutline, courseOr404, lessonPath, opensLabel, requireClassroomAccess } from "./__classroom.server";
import { PreviewBanner } from "./__classroom";
import { certificateDownloadPath } from "~/utils/certificate-links";
import { instituteFrom } from "~/utils/seo";

/** The classroom's outline: every lesson with the student's state in it, the course's progress, "Resume". */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const course = courseOr404(params.courseId);
  const door = await requireClassroomAccess(request, { courseId: course.id, isFreePreview: false });
  const { access, userId } = door;
  const outline = classroomOutline(course.id, door);
  const certificate = userId ? findStudentCertificate(userId, course.id) : null;
  return {
    course,
    isAdminPreview: access === "admin",
    percent: outline.percent,
    progressLabel: outline.progressLabel,
    started: outline.started,
    resumeHref: outline.resumeLessonId === null ? null : lessonPath(course.id, outline.resumeLessonId),
    certificateHref: certificate && !certificate.revokedAt ? certificateDownloadPath(course.id) : null,
    // The practice lab's replays this student may open: the course's own, those of a lesson open to them, and their batch's classes'.
    exercises: listCourseExercises(course.id)
      .filter(
        (exercise) =>
          access === "admin" ||
          ((exercise.lessonId === null || outline.ordered.some((lesson) => lesson.id === exercise.lessonId && !lesson.opensAt)) &&
            (exercise.batchSessionId === null ||
              (userId !== null && findSessionForStudent(course.id, exercise.batchSessionId, userId) !== null))),
      )
      .map((exercise) => ({ title: exercise.title, href: labPath(course.id, exercise.id), blind: exercise.isBlind })),
    sections: toOutlineSections(outline.sections, (lesson) => ({
      state: userId ? lesson.state : undefined,
      // A locked lesson is listed with the day it opens, not linked: it cannot be opened yet.
      href: lesson.opensAt ? null : lessonPath(course.id, lesson.id),
      opens: lesson.opensAt ? opensLabel(lesson.opensAt) : undefined,
      current: userId !== null && lesson.id === outline.resumeLessonId && outline.started,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: `${data ? `${data.course.title} · Classroom` : "Classroom"} | ${instituteFrom(matches).name}` },
  { name: "robots", content: "noindex" },
];

export default function ClassroomOutline() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12">
      {data.isAdminPreview ? <PreviewBanner /> : null}
      <p className="text-sm font-semibold uppercase tracking-widest text-teal-800">Classroom</p>
      <h1 className="mt-2 text-3xl font-bold text-navy-900 sm:text-4xl">{data.course.title}</h1>
      <section aria-label="Your progress" className="mt-6 space-y-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
        <ProgressBar percent={data.percent} label={data.progressLabel} />
        <div className="flex flex-wrap gap-3">
          {data.resumeHref ? (
            <Link to={data.resumeHref} className={buttonClass("primary")}>
              {data.started ? "Resume" : "Start the course"}
            </Link>
          ) : null}
          {data.certificateHref ? (
            <a href={data.certificateHref} className={buttonClass("outline")}>
              Download certificate
            </a>
          ) : null}
          <Link to={`/courses/${data.course.id}`} className={buttonClass("ghost")}>
            Course page
          </Link>
        </div>
      </section>
      {data.exercises.length > 0 ? (
        <section aria-labelledby="lab-heading" className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
          <h2 id="lab-heading" className="text-lg font-bold text-navy-900">
            Practice lab
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Replays of past markets (prices at least 30 days old) to practise on with paper trades.
          </p>
          <ul className="mt-3 space-y-2">
            {data.exercises.map((exercise) => (
              <li key={exercise.href}>
                <Link to={exercise.href} className="font-semibold text-teal-800 underline underline-offset-4">
                  {exercise.title}
                </Link>
                {exercise.blind ? <span className="ml-2 text-sm text-slate-600">(blind)</span> : null}
              </li>
            ))}
          </ul>
          <Link to="/learn/journal" className={buttonClass("outline", "mt-4")}>
            Your trade journal
          </Link>
        </section>
      ) : null}
      <section aria-labelledby="lessons-heading" className="mt-8">
        <h2 id="lessons-heading" className="sr-only">
          Lessons
        </h2>
        {data.sections.length > 0 ? (
          <CurriculumOutline sections={data.sections} />
        ) : (
          <p className="rounded-2xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">The lessons of this course are on their way.</p>
        )}
      </section>
    </div>
  );
}
