import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/admin-dialog";
import { courseHistory, deactivateCourse, deleteCourse, findCourse } from "~/models/course.server";
import type { PublicAdmin } from "~/models/admin.server";
import { requireAdmin } from "~/utils/admin-session.server";
import { redirectAfterAdminChange } from "~/utils/admin-change.server";
import { listPathFor } from "~/utils/admin-routes";
import { canAccess } from "~/utils/permissions";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

// Delete a course (admin spec §8): 'Are you sure you want to delete "{title}"?'.
// A course students have ordered or asked about keeps its history: it can be
// deactivated (hidden from the site) but not deleted. Deactivating takes it off
// sale, which is the admin's ("pricing"); the order figures are the admin's too
// (a content manager has no Users tab), so a content manager reads neither.

const notFound = () => new Response("Not Found", { status: 404 });

function historyReason({ orders, forms }: { orders: number; forms: number }, admin: PublicAdmin): string {
  const loses = "Deleting it would lose that history, so it can only be deactivated";
  if (!canAccess(admin.role, "users"))
    return `This course has orders or enrollment forms. ${loses}, which takes it off sale: an admin can deactivate it.`;
  const parts = [
    orders ? `${orders} ${orders === 1 ? "order" : "orders"}` : null,
    forms ? `${forms} enrollment ${forms === 1 ? "form" : "forms"}` : null,
  ].filter(Boolean);
  return `This course has ${parts.join(" and ")}. ${loses}: it then no longer shows on the site.`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const course = findCourse(params.id ?? "");
  if (!course) throw notFound();
  const history = courseHistory(course.id);
  const hasHistory = history.orders > 0 || history.forms > 0;
  const mayDeactivate = course.isActive && canAccess(admin.role, "pricing");
  return {
    id: course.id,
    title: course.title,
    history: hasHistory
      ? { reason: historyReason(history, admin), deactivateLabel: mayDeactivate ? "Deactivate Course" : undefined }
      : null,
    backTo: listPathFor(request, "/admin/courses"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const course = findCourse(params.id ?? "");
  if (!course) throw notFound();
  const listPath = listPathFor(request, "/admin/courses");
  const intent = (await readFormData(request)).get("intent");

  if (intent === "deactivate") {
    await requireAdmin(request, "pricing");
    deactivateCourse(course.id);
    return redirectAfterAdminChange(admin, { entity: "course", verb: "deactivated", id: course.id }, listPath, {
      title: "Course deactivated",
      description: `“${course.title}” no longer shows on the site.`,
    });
  }
  const deletion = deleteCourse(course.id);
  if (!deletion.ok && deletion.reason === "not-found") throw notFound();
  if (!deletion.ok) {
    return redirectWithToast(listPath, { title: "Course kept", description: historyReason(deletion.history, admin), type: "destructive" });
  }
  return redirectAfterAdminChange(admin, { entity: "course", verb: "deleted", id: course.id }, listPath, {
    title: "Course deleted",
    description: `“${course.title}” has been deleted.`,
  });
}

export default function DeleteCourseDialog() {
  const { id, title, history, backTo } = useLoaderData<typeof loader>();
  return (
    <ConfirmDeleteDialog
      id={`delete-course-${id}`}
      question={`Are you sure you want to delete "${title}"?`}
      backTo={backTo}
      history={history}
    />
  );
}
