import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/admin-dialog";
import { deleteMentor, findMentorForAdmin } from "~/models/mentor.server";
import { MENTOR_MESSAGES } from "~/schemas/admin-mentor";
import { requireAdmin } from "~/utils/admin-session.server";
import { redirectAfterAdminChange } from "~/utils/admin-change.server";
import { listPathFor } from "~/utils/admin-routes";
import { pageMeta } from "~/utils/seo";
import { readFormData } from "~/utils/form-data.server";

// The delete confirmation, a route of its own so it works without JavaScript.
// Nothing refers to a mentor, so there is no history to keep.

const notFound = () => new Response("Not Found", { status: 404 });

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Delete Mentor", description: "Admin panel: delete a mentor.", path: "/admin/mentors", noindex: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "mentors");
  const mentor = findMentorForAdmin(params.id ?? "");
  if (!mentor) throw notFound();
  return { id: mentor.id, name: mentor.name, backTo: listPathFor(request, "/admin/mentors") };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "mentors");
  const intent = (await readFormData(request)).get("intent");
  if (intent !== "delete") throw new Response("Bad Request", { status: 400 });
  const result = deleteMentor(params.id ?? "");
  if (!result.ok) throw notFound();
  return redirectAfterAdminChange(admin, { entity: "mentor", verb: "deleted", id: result.id }, listPathFor(request, "/admin/mentors"), {
    title: MENTOR_MESSAGES.deleted,
    description: MENTOR_MESSAGES.removed(result.name),
  });
}

export default function DeleteMentorDialog() {
  const { id, name, backTo } = useLoaderData<typeof loader>();
  return <ConfirmDeleteDialog id={`delete-mentor-${id}`} question={MENTOR_MESSAGES.deleteQuestion(name)} backTo={backTo} />;
}
