import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { findSection } from "~/models/classroom/curriculum-admin.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { LESSON_UPLOAD_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { curriculumPath } from "../__curriculum-paths";
import { courseOr404, idOr404 } from "./__curriculum.server";
import { LessonForm } from "./__lesson-form";
import { saveLessonForm } from "./__lesson-form.server";
import { QUIZ_DEFAULTS } from "~/utils/quiz-rules";

// Add a lesson at the end of a section (?section=<id>).

// A video of up to 500 MB, streamed to disk as it arrives (decision 0014).
export const handle: BodyLimitsHandle = { bodyLimits: LESSON_UPLOAD_BODY_LIMITS };

function sectionOr404(courseId: number, request: Request) {
  const section = findSection(courseId, idOr404(new URL(request.url).searchParams.get("section") ?? undefined));
  if (!section) throw new Response("Not Found", { status: 404 });
  return section;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "courses");
  const course = courseOr404(params.id);
  const section = sectionOr404(course.id, request);
  return { backTo: curriculumPath(course.id), section };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const course = courseOr404(params.id);
  const section = sectionOr404(course.id, request);
  return saveLessonForm(request, admin, course.id, { sectionId: section.id });
}

export default function NewLessonDialog() {
  const { backTo, section } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminDialog id="new-lesson" title={`Add Lesson to ${section.title}`} backTo={backTo} wide>
      <LessonForm
        id="new-lesson-form"
        defaultValue={{
          durationMinutes: "10",
          isRequired: "on",
          passPercent: String(QUIZ_DEFAULTS.passPercent),
          quizMaxAttempts: String(QUIZ_DEFAULTS.maxAttempts),
          quizRetryWaitMinutes: String(QUIZ_DEFAULTS.retryWaitMinutes),
        }}
        lastResult={actionData?.result}
        cancelTo={backTo}
        submitLabel="Add Lesson"
      />
    </AdminDialog>
  );
}
