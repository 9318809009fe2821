import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog, ConfirmDeleteDialog, DialogActions } from "~/components/admin/admin-dialog";
import { inputClass } from "~/components/forms";
import { deleteSection, findSection, renameSection } from "~/models/classroom/curriculum-admin.server";
import { SectionSchema } from "~/schemas/admin-curriculum";
import { discardLessonFiles } from "~/services/classroom/lesson-files.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { readItemForm } from "~/utils/form-intent.server";
import { asksToConfirmDelete } from "~/utils/admin-routes";
import { curriculumPath } from "../__curriculum-paths";
import { courseOr404, idOr404 } from "./__curriculum.server";

// One section: rename it; with ?confirm=delete the question before deleting
// it with all its lessons.

function sectionOr404(courseId: number, sectionId: string | undefined) {
  const section = findSection(courseId, idOr404(sectionId));
  if (!section) throw new Response("Not Found", { status: 404 });
  return section;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "courses");
  const course = courseOr404(params.id);
  const section = sectionOr404(course.id, params.sectionId);
  return { backTo: curriculumPath(course.id), section, confirmDelete: asksToConfirmDelete(request) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "courses");
  const course = courseOr404(params.id);
  const section = sectionOr404(course.id, params.sectionId);
  const backTo = curriculumPath(course.id);
  const { formData, intent } = await readItemForm(request, ["save", "delete"]);
  if (intent === "delete") {
    const stored = deleteSection(course.id, section.id);
    if (!stored) throw new Response("Not Found", { status: 404 });
    await discardLessonFiles(stored);
    return redirectAfterAdminChange(admin, { entity: "course_section", verb: "deleted", id: section.id }, backTo, {
      title: "Section deleted",
      description: `“${section.title}” and its lessons have been deleted.`,
    });
  }
  const submission = parseWithZod(formData, { schema: SectionSchema });
  if (submission.status !== "success")
    return data({ message: submission.error?.title?.[0] ?? "Section title is required" }, { status: 400 });
  renameSection(course.id, section.id, submission.value.title);
  return redirectAfterAdminChange(admin, { entity: "course_section", verb: "updated", id: section.id }, backTo, {
    title: "Section renamed",
    description: `The section is now “${submission.value.title}”.`,
  });
}

export default function SectionDialog() {
  const { backTo, section, confirmDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (confirmDelete)
    return (
      <ConfirmDeleteDialog
        id={`delete-section-${section.id}`}
        backTo={backTo}
        question={`Are you sure you want to delete "${section.title}"? Its lessons are deleted with it.`}
      />
    );
  return (
    <AdminDialog id={`section-${section.id}`} title="Rename Section" backTo={backTo}>
      <Form method="post" className="mt-4">
        <label htmlFor="section-title" className="mb-1 block text-sm font-medium text-slate-700">
          Section title
        </label>
        <input
          id="section-title"
          name="title"
          defaultValue={section.title}
          required
          maxLength={200}
          aria-invalid={actionData?.message ? true : undefined}
          aria-describedby="section-title-error"
          className={inputClass}
        />
        <p id="section-title-error" className="min-h-6 pt-1 text-sm text-red-700">
          {actionData?.message}
        </p>
        <DialogActions cancelTo={backTo} label="Save" pendingLabel="Saving..." />
      </Form>
    </AdminDialog>
  );
}
