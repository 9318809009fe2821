import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { findCourse } from "~/models/course.server";
import { requireAdmin } from "~/utils/admin-auth.server";
import { listPathFor } from "~/utils/admin-routes";
import { ADMIN_UPLOAD_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { paiseToDecimalString } from "~/utils/money";
import { saveCourseForm } from "./__course-form.server";
import { CourseFormDialog, type CourseFormDefaults } from "./__course-form";

// 'Edit Course' (admin spec §4): the form opens filled in from the course.

// A cover photo and a brochure come with the form.
export const handle: BodyLimitsHandle = { bodyLimits: ADMIN_UPLOAD_BODY_LIMITS };

function courseOr404(id: string | undefined) {
  const course = findCourse(id ?? "");
  if (!course) throw new Response("Not Found", { status: 404 });
  return course;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "courses");
  const course = courseOr404(params.id);
  const defaults: CourseFormDefaults = {
    title: course.title,
    shortDescription: course.shortDescription,
    description: course.description,
    price: paiseToDecimalString(course.pricePaise),
    originalPrice: course.originalPricePaise === null ? undefined : paiseToDecimalString(course.originalPricePaise),
    duration: course.duration,
    level: course.level,
    imageUrl: course.imageUrl ?? undefined,
    coverPhotoUrl: course.coverPhotoUrl ?? undefined,
    brochurePdfUrl: course.brochurePdfUrl ?? undefined,
    syllabus: course.syllabus ?? undefined,
    features: course.features.join("\n"),
    isActive: course.isActive ? "on" : undefined,
  };
  return { id: course.id, defaults, backTo: listPathFor(request, "/admin/courses") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const course = courseOr404(params.id);
  return saveCourseForm(request, admin, listPathFor(request, "/admin/courses"), course);
}

export default function EditCourseDialog() {
  const { id, defaults, backTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <CourseFormDialog
      key={id}
      formId={`edit-course-${id}`}
      title="Edit Course"
      backTo={backTo}
      defaultValue={defaults}
      lastResult={actionData?.result}
      submitLabel="Save Changes"
    />
  );
}
