import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { findMentorForAdmin, updateMentor } from "~/models/mentor.server";
import { MENTOR_MESSAGES, MentorSchema } from "~/schemas/admin-mentor";
import { requireAdmin } from "~/utils/admin-session.server";
import { redirectAfterAdminChange } from "~/utils/admin-change.server";
import { listPathFor } from "~/utils/admin-routes";
import { pageMeta } from "~/utils/seo";
import { MentorForm, type MentorFormDefaults } from "./__mentor-form";
import { readFormData } from "~/utils/form-data.server";

const notFound = () => new Response("Not Found", { status: 404 });

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, {
    title: data ? `Edit Mentor: ${data.name}` : "Edit Mentor",
    description: "Admin panel: edit a mentor.",
    path: "/admin/mentors",
    noindex: true,
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "mentors");
  const mentor = findMentorForAdmin(params.id ?? "");
  if (!mentor) throw notFound();
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
  return { id: mentor.id, name: mentor.name, defaults, backTo: listPathFor(request, "/admin/mentors") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "mentors");
  if (!findMentorForAdmin(params.id ?? "")) throw notFound();
  const submission = parseWithZod(await readFormData(request), { schema: MentorSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = updateMentor(params.id ?? "", submission.value);
  if (!result.ok) throw notFound();
  return redirectAfterAdminChange(admin, { entity: "mentor", verb: "updated", id: result.id }, listPathFor(request, "/admin/mentors"), {
    title: MENTOR_MESSAGES.updated,
    description: MENTOR_MESSAGES.saved(result.name),
  });
}

export default function EditMentorDialog() {
  const { id, defaults, backTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminDialog id={`edit-mentor-${id}`} title="Edit Mentor" backTo={backTo} wide>
      <MentorForm
        id={`edit-mentor-form-${id}`}
        defaultValue={defaults}
        lastResult={actionData?.result}
        cancelTo={backTo}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
      />
    </AdminDialog>
  );
}
