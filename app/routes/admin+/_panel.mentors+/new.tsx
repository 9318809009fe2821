import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { createMentor } from "~/models/content/mentor.server";
import { MentorSchema } from "~/schemas/admin-mentor";
import { MENTOR_MESSAGES } from "~/content/messages/admin";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { listPathFor } from "~/utils/admin-routes";
import { pageMeta } from "~/utils/seo";
import { MentorForm } from "./__mentor-form";
import { readFormData } from "~/utils/form-data.server";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Add Mentor", description: "Admin panel: add a mentor.", path: "/admin/mentors/new", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "mentors");
  return { backTo: listPathFor(request, "/admin/mentors") };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "mentors");
  const submission = parseWithZod(await readFormData(request), { schema: MentorSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { id } = createMentor(submission.value);
  return redirectAfterAdminChange(admin, { entity: "mentor", verb: "created", id }, listPathFor(request, "/admin/mentors"), {
    title: MENTOR_MESSAGES.created,
    description: MENTOR_MESSAGES.saved(submission.value.name),
  });
}

export default function NewMentorDialog() {
  const { backTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminDialog id="new-mentor" title="Add Mentor" backTo={backTo} wide>
      <MentorForm
        id="new-mentor-form"
        defaultValue={{ isActive: "on", displayOrder: "0" }}
        lastResult={actionData?.result}
        cancelTo={backTo}
        submitLabel="Create Mentor"
        pendingLabel="Creating..."
      />
    </AdminDialog>
  );
}
