import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog, ConfirmDeleteDialog } from "~/components/admin/admin-dialog";
import { deleteMentor, findMentorForAdmin, updateMentor } from "~/models/content/mentor.server";
import { MentorSchema } from "~/schemas/admin-mentor";
import { MENTOR_MESSAGES } from "~/content/messages/admin";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { readItemForm } from "~/utils/form-intent.server";
import { asksToConfirmDelete, listPathFor } from "~/utils/admin-routes";
import { pageMeta } from "~/utils/seo";
import { MentorForm, type MentorFormDefaults } from "./__mentor-form";

// One mentor: 'Edit Mentor', prefilled; with ?confirm=delete the question
// before deleting. Nothing refers to a mentor, so there is no history to keep.

const LIST = "/admin/mentors";

function mentorOr404(id: string | undefined) {
  const mentor = findMentorForAdmin(id ?? "");
  if (!mentor) throw new Response("Not Found", { status: 404 });
  return mentor;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "mentors");
  const mentor = mentorOr404(params.id);
  const backTo = listPathFor(request, LIST);
  if (asksToConfirmDelete(request))
    return {
      id: mentor.id,
      name: mentor.name,
      backTo,
      confirmDelete: { question: MENTOR_MESSAGES.deleteQuestion(mentor.name) },
      edit: null,
    };
  const defaults: MentorFormDefaults = {
    name: mentor.name,
    title: mentor.title,
    bio: mentor.bio,
    imageUrl: mentor.imageUrl ?? "",
    experience: mentor.experience ?? "",
    specialization: mentor.specialization.join("\n"),
    linkedin: mentor.socialLinks.linkedin ?? "",
    twitter: mentor.socialLinks.twitter ?? "",
    youtube: mentor.socialLinks.youtube ?? "",
    isActive: mentor.isActive ? "on" : undefined,
    displayOrder: String(mentor.displayOrder),
  };
  return { id: mentor.id, name: mentor.name, backTo, confirmDelete: null, edit: { defaults } };
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, {
    title: data ? `${data.confirmDelete ? "Delete" : "Edit"} Mentor: ${data.name}` : "Mentor",
    description: "Admin panel: a mentor.",
    path: LIST,
    noindex: true,
  });

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "mentors");
  const mentor = mentorOr404(params.id);
  const backTo = listPathFor(request, LIST);
  const { formData, intent } = await readItemForm(request, ["save", "delete"]);

  if (intent === "delete") {
    const result = deleteMentor(mentor.id);
    if (!result.ok) throw new Response("Not Found", { status: 404 });
    return redirectAfterAdminChange(admin, { entity: "mentor", verb: "deleted", id: result.id }, backTo, {
      title: MENTOR_MESSAGES.deleted,
      description: MENTOR_MESSAGES.removed(result.name),
    });
  }
  const submission = parseWithZod(formData, { schema: MentorSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = updateMentor(mentor.id, submission.value);
  if (!result.ok) throw new Response("Not Found", { status: 404 });
  return redirectAfterAdminChange(admin, { entity: "mentor", verb: "updated", id: result.id }, backTo, {
    title: MENTOR_MESSAGES.updated,
    description: MENTOR_MESSAGES.saved(result.name),
  });
}

export default function MentorDialog() {
  const mentor = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { id, backTo } = mentor;
  if (mentor.confirmDelete) return <ConfirmDeleteDialog id={`delete-mentor-${id}`} backTo={backTo} {...mentor.confirmDelete} />;
  return (
    <AdminDialog id={`edit-mentor-${id}`} title="Edit Mentor" backTo={backTo} wide>
      <MentorForm
        id={`edit-mentor-form-${id}`}
        defaultValue={mentor.edit.defaults}
        lastResult={actionData?.result}
        cancelTo={backTo}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
      />
    </AdminDialog>
  );
}
