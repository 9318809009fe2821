import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { findCourse } from "~/models/course.server";
import { requireAdmin } from "~/utils/admin-session.server";
import { listPathFor } from "~/utils/admin-routes";
import { ADMIN_UPLOAD_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { paiseToDecimalString } from "~/utils/money";
import { coursePricingForRole, saveCourseForm } from "./__course-form.server";
import { CourseFormDialog, type CourseFormDefaults } from "./__course-form";

// 'Edit Course' (admin spec §4): the form opens filled in from the course;
// a content manager's shows the prices as text (they are the admin's).

// A cover photo and a brochure come with the form.
export const handle: BodyLimitsHandle = { bodyLimits: ADMIN_UPLOAD_BODY_LIMITS };

function courseOr404(id: string | undefined) {
  const course = findCourse(id ?? "");
  if (!course) throw new Response("Not Found", { status: 404 });
  return course;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const course = courseOr404(params.id);
  // A content manager's dialog shows the prices as text, not as inputs.
  const pricingSetByAdmin = coursePricingForRole(admin, course);
  const prices: Partial<CourseFormDefaults> = pricingSetByAdmin
    ? {}
    : {
        price: paiseToDecimalString(course.pricePaise),
        originalPrice: course.originalPricePaise === null ? undefined : paiseToDecimalString(course.originalPricePaise),
        isActive: course.isActive ? "on" : undefined,
      };
  const defaults: CourseFormDefaults = {
    title: course.title,
    shortDescription: course.shortDescription,
    description: course.description,
    duration: course.duration,
    level: course.level,
    imageUrl: course.imageUrl ?? undefined,
    coverPhotoUrl: course.coverPhotoUrl ?? undefined,
    brochurePdfUrl: course.brochurePdfUrl ?? undefined,
    syllabus: course.syllabus ?? undefined,
    features: course.features.join("\n"),
    ...prices,
  };
  return { id: course.id, defaults, pricingSetByAdmin, backTo: listPathFor(request, "/admin/courses") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const course = courseOr404(params.id);
  return saveCourseForm(request, admin, listPathFor(request, "/admin/courses"), course);
}

export default function EditCourseDialog() {
  const { id, defaults, pricingSetByAdmin, backTo } = useLoaderData<typeof loader>();
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
      pricingSetByAdmin={pricingSetByAdmin}
    />
  );
}
