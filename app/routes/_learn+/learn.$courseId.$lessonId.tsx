import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ARTICLE_CONTENT_CLASS } from "~/components/article-content";
import { formatMinutes, LESSON_TYPE_LABELS } from "~/components/curriculum-outline";
import { buttonClass } from "~/components/ui/button";
import { recordLessonOpened } from "~/models/classroom/lesson-progress.server";
import { retryAfterFromAction } from "~/services/throttle/wait";
import { LessonIntentSchema } from "~/schemas/classroom";
import { currentPath, loginPath } from "~/services/accounts/sessions/student-session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { PreviewBanner } from "./__classroom";
import { courseOr404, lessonLock, lessonOr404, NOT_ENROLLED_TOAST, requireClassroomAccess } from "./__classroom.server";
import { lockedToast, recordLessonWork } from "./__lesson-actions.server";
import { LessonQuiz } from "./__lesson-quiz";
import { lessonPageData } from "./__lesson.server";
import { LessonVideoPlayer } from "./__lesson-video";
import { instituteFrom } from "~/utils/seo";

// A quiz attempt before its wait is over says when to come back.
export const headers = retryAfterFromAction;

/** One lesson: its text first, the player on play, previous/next, "Mark complete" or the quiz. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const course = courseOr404(params.courseId);
  const lesson = lessonOr404(course.id, params.lessonId);
  const door = await requireClassroomAccess(request, { courseId: course.id, isFreePreview: lesson.isFreePreview });
  const opensAt = lessonLock(door, lesson);
  if (door.userId && door.access === "enrolled" && !opensAt) recordLessonOpened(door.userId, course.id, lesson.id);
  return { course, ...lessonPageData(course.id, lesson, door, opensAt) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const course = courseOr404(params.courseId);
  const lesson = lessonOr404(course.id, params.lessonId);
  const door = await requireClassroomAccess(request, { courseId: course.id, isFreePreview: lesson.isFreePreview });
  const { access, userId } = door;
  const opensAt = lessonLock(door, lesson);
  if (access === "admin") {
    return redirectWithToast(currentPath(request), { title: "Preview as student", description: "Nothing is recorded while you preview." });
  }
  // A free preview is open to read, but only an enrolled student's work is kept.
  if (!userId) return redirect(loginPath(currentPath(request)));
  if (access !== "enrolled") return redirectWithToast(`/courses/${course.id}`, NOT_ENROLLED_TOAST);
  if (opensAt) return redirectWithToast(currentPath(request), lockedToast(opensAt));
  const formData = await request.formData();
  const intent = LessonIntentSchema.safeParse(Object.fromEntries(formData));
  if (!intent.success) return data({ error: "That could not be saved. Please reload the page and try again.", quiz: null }, 400);
  return recordLessonWork({ userId, courseId: course.id, lesson, intent: intent.data, formData });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: `${data ? `${data.lesson.title} · ${data.course.title}` : "Lesson"} | ${instituteFrom(matches).name}` },
  { name: "robots", content: "noindex" },
];

export default function LessonPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { course, lesson } = data;
  const outlineHref = `/learn/${course.id}`;
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      {data.access === "admin" ? <PreviewBanner /> : null}
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link
          to={data.access === "preview" ? `/courses/${course.id}` : outlineHref}
          className="font-medium text-teal-800 underline-offset-4 hover:underline"
        >
          <span aria-hidden="true">← </span>
          {course.title}
        </Link>
      </nav>
      <p className="mt-4 text-sm text-slate-600">
        {data.sectionTitle ? `${data.sectionTitle} · ` : ""}Lesson {data.position.number} of {data.position.total} ·{" "}
        {LESSON_TYPE_LABELS[lesson.type]}
        {lesson.durationMinutes > 0 ? ` · ${formatMinutes(lesson.durationMinutes)}` : ""}
      </p>
      <h1 className="mt-1 text-2xl font-bold text-navy-900 sm:text-3xl">{lesson.title}</h1>
      {data.opens ? (
        <p className="mt-6 rounded-xl bg-white p-4 text-slate-800 ring-1 ring-slate-200">
          <span aria-hidden="true">🔒 </span>
          This lesson is not open yet.{" "}
          <time dateTime={data.opens.iso} className="font-semibold">
            {data.opens.label}
          </time>{" "}
          (India time).{" "}
          <Link to={outlineHref} className="font-semibold text-teal-800 underline underline-offset-4">
            Back to the course
          </Link>
        </p>
      ) : null}
      {data.completed ? <p className="mt-2 font-semibold text-green-800">✓ Completed</p> : null}
      {actionData?.error ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
          {actionData.error}
        </p>
      ) : null}

      {data.video ? (
        <div className="mt-6">
          <LessonVideoPlayer video={data.video} title={lesson.title} records={data.records} />
        </div>
      ) : lesson.type === "video" ? (
        <p className="mt-6 rounded-xl bg-white p-4 text-slate-700 ring-1 ring-slate-200">The video for this lesson is being prepared.</p>
      ) : null}

      {data.live ? <LiveSession live={data.live} /> : null}

      {lesson.bodyHtml ? <div className={`mt-6 ${ARTICLE_CONTENT_CLASS}`} dangerouslySetInnerHTML={{ __html: lesson.bodyHtml }} /> : null}

      {data.attachments.length > 0 ? (
        <section aria-labelledby="files-heading" className="mt-8">
          <h2 id="files-heading" className="text-lg font-bold text-navy-900">
            Files
          </h2>
          <ul className="mt-3 space-y-2">
            {data.attachments.map((file) => (
              <li key={file.id}>
                <a href={file.href} download className="font-semibold text-teal-800 underline underline-offset-4">
                  {file.filename}
                </a>{" "}
                <span className="text-sm text-slate-600">({formatBytes(file.sizeBytes)})</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {data.quiz ? (
        <section aria-label="Quiz" className="mt-8">
          <LessonQuiz quiz={data.quiz} result={actionData?.quiz ?? null} records={data.records} />
        </section>
      ) : null}

      <div className="mt-10 space-y-6 border-t border-slate-200 pt-6">
        {lesson.type !== "quiz" && data.records && !data.completed ? (
          <Form method="post">
            <input type="hidden" name="intent" value="complete" />
            <button type="submit" className={buttonClass("primary", "w-full sm:w-auto")}>
              Mark complete
            </button>
          </Form>
        ) : null}
        {data.access === "preview" ? (
          <p className="rounded-xl bg-white p-4 text-slate-700 ring-1 ring-slate-200">
            This is a free preview.{" "}
            <Link to={`/courses/${course.id}`} className="font-semibold text-teal-800 underline underline-offset-4">
              Enrol in the course
            </Link>{" "}
            to open every lesson and keep your progress.
          </p>
        ) : null}
        {/* On a phone the right edge is kept clear for the floating chat button, which would otherwise cover Next. */}
        <nav aria-label="Lessons" className="flex flex-wrap justify-between gap-3 pr-20 md:pr-0">
          {data.previous ? (
            <Link to={data.previous.href} className={buttonClass("outline")} prefetch="none">
              <span aria-hidden="true">←</span> Previous<span className="sr-only">: {data.previous.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {data.next ? (
            <Link to={data.next.href} className={buttonClass("secondary")} prefetch="none">
              Next<span className="sr-only">: {data.next.title}</span> <span aria-hidden="true">→</span>
            </Link>
          ) : data.access !== "preview" ? (
            <Link to={outlineHref} className={buttonClass("secondary")}>
              Back to the course outline
            </Link>
          ) : null}
        </nav>
      </div>
    </article>
  );
}

function LiveSession({ live }: { live: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["live"]> }) {
  return (
    <section aria-label="Live session" className="mt-6 space-y-3 rounded-xl bg-white p-5 ring-1 ring-slate-200">
      <p className="text-slate-800">
        <span className="font-semibold">Starts: </span>
        {live.startsIso && live.startsLabel ? <time dateTime={live.startsIso}>{live.startsLabel}</time> : "Date to be announced"}
      </p>
      {live.joinHref ? (
        <a href={live.joinHref} className={buttonClass("primary")} rel="noopener noreferrer" target="_blank">
          Join the live session<span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <p className="text-sm text-slate-700">The join link is shown here to enrolled students before the session.</p>
      )}
      {live.recordingUrl ? (
        <p>
          <a
            href={live.recordingUrl}
            className="font-semibold text-teal-800 underline underline-offset-4"
            rel="noopener noreferrer"
            target="_blank"
          >
            Watch the recording<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
    </section>
  );
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
