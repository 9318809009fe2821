import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog, ConfirmDeleteDialog } from "~/components/admin/admin-dialog";
import { buttonClass } from "~/components/ui/button";
import { deleteLesson, quizQuestionsForEditor } from "~/models/classroom/curriculum-admin.server";
import { findLesson } from "~/models/classroom/curriculum.server";
import { listLessonFiles, removeLessonFile } from "~/models/classroom/lesson-file.server";
import { quizQuestionsText } from "~/schemas/admin-curriculum";
import { discardLessonFiles } from "~/services/classroom/lesson-files.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { itemIntentOf } from "~/utils/form-intent.server";
import { asksToConfirmDelete } from "~/utils/admin-routes";
import { LESSON_UPLOAD_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { formatIsoDateInIndia, formatIsoTimeInIndia } from "~/utils/dates";
import { QUIZ_DEFAULTS } from "~/utils/quiz-rules";
import { curriculumPath } from "../__curriculum-paths";
import { courseOr404, idOr404, isMultipart, readSmallForm } from "./__curriculum.server";
import { LessonForm, type LessonFormDefaults } from "./__lesson-form";
import { saveLessonForm } from "./__lesson-form.server";

// One lesson: 'Edit Lesson', prefilled, with "Preview as student"; with
// ?confirm=delete the question before deleting it (its files go with it).

export const handle: BodyLimitsHandle = { bodyLimits: LESSON_UPLOAD_BODY_LIMITS };

function lessonOr404(courseId: number, lessonId: string | undefined) {
  const lesson = findLesson(courseId, idOr404(lessonId));
  if (!lesson) throw new Response("Not Found", { status: 404 });
  return lesson;
}

const sizeInWords = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "courses");
  const course = courseOr404(params.id);
  const lesson = lessonOr404(course.id, params.lessonId);
  const backTo = curriculumPath(course.id);
  if (asksToConfirmDelete(request))
    return { backTo, id: lesson.id, courseId: course.id, confirmDelete: `Are you sure you want to delete "${lesson.title}"?`, edit: null };
  const defaults: LessonFormDefaults = {
    title: lesson.title,
    type: lesson.type,
    durationMinutes: String(lesson.durationMinutes),
    isFreePreview: lesson.isFreePreview ? "on" : undefined,
    isRequired: lesson.isRequired ? "on" : undefined,
    body: lesson.body,
    videoSource: lesson.videoSource ?? undefined,
    videoUrl: lesson.videoUrl ?? undefined,
    liveDate: lesson.liveStartsAt ? formatIsoDateInIndia(lesson.liveStartsAt) : undefined,
    liveTime: lesson.liveStartsAt ? formatIsoTimeInIndia(lesson.liveStartsAt) : undefined,
    joinUrl: lesson.joinUrl ?? undefined,
    recordingUrl: lesson.recordingUrl ?? undefined,
    passPercent: lesson.passPercent === null ? undefined : String(lesson.passPercent),
    ...(lesson.type === "quiz" && {
      quizMaxAttempts: String(lesson.quizMaxAttempts ?? QUIZ_DEFAULTS.maxAttempts),
      quizRetryWaitMinutes: String(lesson.quizRetryWaitMinutes ?? QUIZ_DEFAULTS.retryWaitMinutes),
    }),
    questions: lesson.type === "quiz" ? quizQuestionsText(quizQuestionsForEditor(lesson.id)) : undefined,
    release: lesson.releaseRule ?? undefined,
    releaseAfterDays: lesson.releaseAfterDays === null ? undefined : String(lesson.releaseAfterDays),
    releaseOn: lesson.releaseOn ?? undefined,
  };
  const files = listLessonFiles(lesson.id).map((file) => ({
    id: file.id,
    kind: file.kind,
    filename: file.filename,
    size: sizeInWords(file.sizeBytes),
  }));
  return { backTo, id: lesson.id, courseId: course.id, confirmDelete: null, edit: { defaults, files } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const course = courseOr404(params.id);
  const lesson = lessonOr404(course.id, params.lessonId);
  if (!isMultipart(request)) {
    const form = await readSmallForm(request);
    if (form.get("intent") === "remove-file") {
      const stored = removeLessonFile(lesson.id, Number(form.get("fileId")));
      if (!stored) return data({ message: "That file is no longer there. Reload the page." }, { status: 400 });
      await discardLessonFiles([stored]);
      return redirectAfterAdminChange(
        admin,
        { entity: "lesson", verb: "updated", id: lesson.id },
        `${curriculumPath(course.id)}/${lesson.id}`,
        {
          title: "File removed",
          description: `The file is no longer part of “${lesson.title}”.`,
        },
      );
    }
    itemIntentOf(form, ["delete"]);
    const stored = deleteLesson(course.id, lesson.id);
    if (!stored) throw new Response("Not Found", { status: 404 });
    await discardLessonFiles(stored);
    return redirectAfterAdminChange(admin, { entity: "lesson", verb: "deleted", id: lesson.id }, curriculumPath(course.id), {
      title: "Lesson deleted",
      description: `“${lesson.title}” has been deleted.`,
    });
  }
  return saveLessonForm(request, admin, course.id, { lessonId: lesson.id });
}

export default function LessonDialog() {
  const lesson = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { id, backTo, courseId } = lesson;
  if (lesson.confirmDelete || !lesson.edit)
    return <ConfirmDeleteDialog id={`delete-lesson-${id}`} backTo={backTo} question={lesson.confirmDelete ?? ""} />;
  return (
    <AdminDialog id={`lesson-${id}`} title="Edit Lesson" backTo={backTo} wide>
      <p className="mt-2">
        <Link to={`/learn/${courseId}/${id}`} className={buttonClass("outline", "min-h-9 px-3 text-sm")}>
          Preview as student
        </Link>
      </p>
      {lesson.edit.files.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-800">Files</h3>
          <ul className="mt-1 grid gap-1 text-sm text-slate-700">
            {lesson.edit.files.map((file) => (
              <li key={file.id} className="flex flex-wrap items-center gap-2">
                {file.filename} ({file.kind}, {file.size})
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="remove-file" />
                  <input type="hidden" name="fileId" value={file.id} />
                  <button type="submit" className={buttonClass("outline", "min-h-9 px-3 text-xs")}>
                    Remove<span className="sr-only"> {file.filename}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {actionData && "message" in actionData ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {actionData.message}
        </p>
      ) : null}
      <LessonForm
        key={id}
        id={`edit-lesson-${id}`}
        defaultValue={lesson.edit.defaults}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        cancelTo={backTo}
        submitLabel="Save Lesson"
      />
    </AdminDialog>
  );
}
