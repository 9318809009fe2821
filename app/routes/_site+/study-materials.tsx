import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { STUDY_GUIDE } from "~/content/study-guide";
import { listCourseMaterials } from "~/models/classroom/lesson-file.server";
import { pageMeta } from "~/utils/seo";
import { getUserId } from "~/services/accounts/sessions/student-session.server";

/** The free guide is everyone's; a signed-in student also sees their courses' files (each download checks the enrollment). */
export async function loader({ request }: LoaderFunctionArgs) {
  const userId = await getUserId(request);
  const materials = userId ? listCourseMaterials(userId) : [];
  return {
    courseMaterials: materials.map((material) => ({
      key: material.fileId,
      courseTitle: material.courseTitle,
      lessonTitle: material.lessonTitle,
      filename: material.filename,
      href: `/learn/${material.courseId}/${material.lessonId}/files/${material.fileId}`,
    })),
  };
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Free SMC & ICT Study Materials",
    description: `Download our free ${STUDY_GUIDE.pages}-page PDF guide on Smart Money Concepts and ICT trading: ${STUDY_GUIDE.chapters.length} chapters from market structure to trading psychology.`,
    path: "/study-materials",
  });

export default function StudyMaterials() {
  const { courseMaterials } = useLoaderData<typeof loader>();
  return (
    <>
      <section aria-labelledby="study-heading" className="bg-navy-900 text-white">
        <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-widest text-gold-400">Free PDF guide</p>
          <h1 id="study-heading" className="mt-3 text-4xl font-extrabold sm:text-5xl">
            Study Materials
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">
            Everything you need to start with Smart Money Concepts (SMC) and ICT, in one free guide.
          </p>
        </div>
      </section>

      <section aria-labelledby="guide-heading" className="mx-auto w-full max-w-5xl px-4 py-16">
        <div className="grid gap-10 rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200 sm:p-10 md:grid-cols-[auto_1fr]">
          <div className="flex flex-col items-center gap-3 text-center">
            <div
              className="flex h-48 w-36 flex-col items-center justify-center rounded-lg bg-navy-900 p-4 text-white shadow-lg"
              aria-hidden="true"
            >
              <svg width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="text-gold-400">
                <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
                <path d="M14 2v6h6M8 13h8M8 17h5" />
              </svg>
              <span className="mt-3 text-sm font-bold">PDF</span>
            </div>
            <p className="text-navy-900">
              <span className="block text-3xl font-extrabold">{STUDY_GUIDE.pages}</span>
              <span className="text-sm text-slate-600">pages</span>
            </p>
          </div>
          <div>
            <h2 id="guide-heading" className="text-3xl font-bold text-navy-900">
              {STUDY_GUIDE.title}
            </h2>
            <p className="mt-3 text-slate-700">
              A free {STUDY_GUIDE.pages}-page PDF on Smart Money Concepts and ICT, written by our mentors, in {STUDY_GUIDE.chapters.length}{" "}
              chapters.
            </p>
            <h3 className="mt-8 text-xl font-bold text-navy-900">What's inside</h3>
            <ol className="mt-4 space-y-2" aria-label="Chapters">
              {STUDY_GUIDE.chapters.map((chapter, index) => (
                <li key={chapter} className="flex gap-3">
                  <span
                    className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-gold-400 text-sm font-bold text-navy-950"
                    aria-hidden="true"
                  >
                    {index + 1}
                  </span>
                  <span className="pt-0.5 text-slate-800">
                    <span className="sr-only">Chapter {index + 1}: </span>
                    {chapter}
                  </span>
                </li>
              ))}
            </ol>
            <div className="mt-8 flex flex-wrap gap-3">
              <a href={STUDY_GUIDE.downloadUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("primary")}>
                <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M12 3v12m0 0l-5-5m5 5l5-5M4 21h16" />
                </svg>
                Download
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
              <a href={STUDY_GUIDE.viewUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("outline")}>
                View Online
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </div>
          </div>
        </div>
      </section>

      {courseMaterials.length > 0 ? (
        <section aria-labelledby="course-materials-heading" className="mx-auto w-full max-w-5xl px-4 pb-16">
          <h2 id="course-materials-heading" className="text-2xl font-bold text-navy-900">
            Your course materials
          </h2>
          <p className="mt-2 text-slate-700">Files from the lessons of your courses, for enrolled students only.</p>
          <ul className="mt-4 divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
            {courseMaterials.map((material) => (
              <li key={material.key} className="flex flex-wrap items-baseline justify-between gap-2 px-5 py-3">
                <a href={material.href} download className="font-semibold text-teal-800 underline underline-offset-4">
                  {material.filename}
                </a>
                <span className="text-sm text-slate-600">
                  {material.courseTitle} · {material.lessonTitle}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="help-heading" className="bg-slate-100">
        <div className="mx-auto max-w-3xl px-4 py-14 text-center">
          <h2 id="help-heading" className="text-2xl font-bold text-navy-900">
            Questions about the guide?
          </h2>
          <p className="mt-3 text-slate-700">Our mentors are happy to help you get started, or to suggest the right course next.</p>
          <Link to="/contact" className={buttonClass("secondary", "mt-6")}>
            Contact Us
          </Link>
        </div>
      </section>
    </>
  );
}
