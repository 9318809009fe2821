import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { COURSE_DEFAULTS, COURSE_UPLOADS } from "~/schemas/admin-course";
import { readMultipartForm } from "~/services/images/uploads.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { listPathFor } from "~/utils/admin-routes";
import { ADMIN_UPLOAD_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { coursePricingForRole, saveCourseForm } from "./__course-form.server";
import { CourseFormDialog } from "./__course-form";
import { listMentorChoices } from "~/models/courses/course-mentors.server";

// 'Create New Course': defaults price 0, level beginner, active.
// A content manager's course starts at ₹0 and inactive until an admin prices it.

// A cover photo and a brochure come with the form.
export const handle: BodyLimitsHandle = { bodyLimits: ADMIN_UPLOAD_BODY_LIMITS };

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  return {
    backTo: listPathFor(request, "/admin/courses"),
    pricingSetByAdmin: coursePricingForRole(admin),
    mentorChoices: listMentorChoices(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  return saveCourseForm(await readMultipartForm(request, COURSE_UPLOADS), admin, listPathFor(request, "/admin/courses"));
}

export default function CreateCourseDialog() {
  const { backTo, pricingSetByAdmin, mentorChoices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <CourseFormDialog
      formId="create-course"
      title="Create New Course"
      backTo={backTo}
      defaultValue={pricingSetByAdmin ? { level: COURSE_DEFAULTS.level, delivery: COURSE_DEFAULTS.delivery } : COURSE_DEFAULTS}
      lastResult={actionData?.result}
      submitLabel="Create Course"
      pricingSetByAdmin={pricingSetByAdmin}
      mentorChoices={mentorChoices}
    />
  );
}
