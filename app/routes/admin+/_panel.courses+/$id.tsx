import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/admin-dialog";
import type { PublicAdmin } from "~/models/accounts/admin.server";
import { courseHistory, deactivateCourse, deleteCourse, findCourse } from "~/models/courses/course.server";
import { COURSE_UPLOADS } from "~/schemas/admin-course";
import { readMultipartForm } from "~/services/images/uploads.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { itemIntentOf } from "~/utils/form-intent.server";
import { asksToConfirmDelete, listPathFor } from "~/utils/admin-routes";
import { ADMIN_UPLOAD_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { paiseToDecimalString } from "~/utils/money";
import { canAccess } from "~/utils/permissions";
import { redirectWithToast } from "~/utils/toast.server";
import { coursePricingForRole, saveCourseForm } from "./__course-form.server";
import { CourseFormDialog, type CourseFormDefaults } from "./__course-form";
import { courseMentorIds, listMentorChoices } from "~/models/courses/course-mentors.server";
import { curriculumPath } from "../__curriculum-paths";
import { batchesPath } from "../__batch-paths";
import { countOf } from "~/utils/plural";
import { deliveryValueOf } from "~/schemas/delivery";

// One course: 'Edit Course', opened filled in; with
// ?confirm=delete the question 'Are you sure you want to delete "{title}"?'.
// A course students have ordered or asked about keeps its history: it can be
// deactivated (taken off sale, the admin's "pricing") but not deleted, and
// only the admin reads its order figures (a content manager has no Users tab).

// A cover photo and a brochure come with the edit form.
export const handle: BodyLimitsHandle = { bodyLimits: ADMIN_UPLOAD_BODY_LIMITS };

const LIST = "/admin/courses";

function courseOr404(id: string | undefined) {
  const course = findCourse(id ?? "");
  if (!course) throw new Response("Not Found", { status: 404 });
  return course;
}

function historyReason({ orders, forms }: { orders: number; forms: number }, admin: PublicAdmin): string {
  const loses = "Deleting it would lose that history, so it can only be deactivated";
  if (!canAccess(admin.role, "users"))
    return `This course has orders or enrollment forms. ${loses}, which takes it off sale: an admin can deactivate it.`;
  const parts = [orders ? countOf(orders, "order") : null, forms ? countOf(forms, "enrollment form") : null].filter(Boolean);
  return `This course has ${parts.join(" and ")}. ${loses}: it then no longer shows on the site.`;
}

function deleteQuestion(admin: PublicAdmin, course: ReturnType<typeof courseOr404>) {
  const history = courseHistory(course.id);
  const mayDeactivate = course.isActive && canAccess(admin.role, "pricing");
  return {
    question: `Are you sure you want to delete "${course.title}"?`,
    history:
      history.orders > 0 || history.forms > 0
        ? { reason: historyReason(history, admin), deactivateLabel: mayDeactivate ? "Deactivate Course" : undefined }
        : null,
  };
}

function editForm(admin: PublicAdmin, course: ReturnType<typeof courseOr404>) {
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
    delivery: deliveryValueOf(course),
    pacing: course.pacing,
    mentorIds: courseMentorIds(course.id).map(String),
    ...prices,
  };
  return { defaults, pricingSetByAdmin, mentorChoices: listMentorChoices() };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const course = courseOr404(params.id);
  const backTo = listPathFor(request, LIST);
  if (asksToConfirmDelete(request)) return { id: course.id, backTo, confirmDelete: deleteQuestion(admin, course), edit: null };
  return { id: course.id, backTo, confirmDelete: null, edit: editForm(admin, course) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const course = courseOr404(params.id);
  const listPath = listPathFor(request, LIST);
  const multipart = await readMultipartForm(request, COURSE_UPLOADS);
  const intent = multipart.ok ? itemIntentOf(multipart.formData, ["save", "delete", "deactivate"]) : "save";

  if (intent === "save") return saveCourseForm(multipart, admin, listPath, course);
  if (intent === "deactivate") {
    await requireAdmin(request, "pricing");
    deactivateCourse(course.id);
    return redirectAfterAdminChange(admin, { entity: "course", verb: "deactivated", id: course.id }, listPath, {
      title: "Course deactivated",
      description: `“${course.title}” no longer shows on the site.`,
    });
  }
  const deletion = deleteCourse(course.id);
  if (!deletion.ok && deletion.reason === "not-found") throw new Response("Not Found", { status: 404 });
  if (!deletion.ok) {
    return redirectWithToast(listPath, { title: "Course kept", description: historyReason(deletion.history, admin), type: "destructive" });
  }
  return redirectAfterAdminChange(admin, { entity: "course", verb: "deleted", id: course.id }, listPath, {
    title: "Course deleted",
    description: `“${course.title}” has been deleted.`,
  });
}

export default function CourseDialog() {
  const course = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { id, backTo } = course;
  if (course.confirmDelete) return <ConfirmDeleteDialog id={`delete-course-${id}`} backTo={backTo} {...course.confirmDelete} />;
  return (
    <CourseFormDialog
      key={id}
      formId={`edit-course-${id}`}
      title="Edit Course"
      backTo={backTo}
      defaultValue={course.edit.defaults}
      lastResult={actionData?.result}
      submitLabel="Save Changes"
      pricingSetByAdmin={course.edit.pricingSetByAdmin}
      mentorChoices={course.edit.mentorChoices}
      curriculumPath={curriculumPath(id)}
      batchesPath={batchesPath(id)}
    />
  );
}
