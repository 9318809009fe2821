import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/admin-dialog";
import { deactivateEvent, deleteEvent, findEventForDelete } from "~/models/event.server";
import { ADMIN_EVENT_MESSAGES } from "~/schemas/admin-event";
import { requireAdmin } from "~/utils/admin-session.server";
import { redirectAfterAdminChange } from "~/utils/admin-change.server";
import { listPathFor } from "~/utils/admin-routes";
import { pageMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

// Delete an event (admin spec §8: 'Are you sure you want to delete "{title}"?').
// An event with registrations is not deleted, which would lose who registered:
// the dialog says so and offers to deactivate it instead.

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "events");
  const event = findEventForDelete(params.id ?? "");
  if (!event) throw notFound();
  return { event, backTo: listPathFor(request, "/admin/events") };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    title: data ? `Delete Event: ${data.event.title}` : "Delete Event",
    description: "Admin panel.",
    path: data ? `/admin/events/${data.event.id}/delete` : "/admin/events",
    noindex: true,
  });

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "events");
  const intent = (await readFormData(request)).get("intent");
  const backTo = listPathFor(request, "/admin/events");

  if (intent === "deactivate") {
    const result = deactivateEvent(params.id ?? "");
    if (!result.ok) throw notFound();
    const { title, description } = ADMIN_EVENT_MESSAGES.deactivated;
    return redirectAfterAdminChange(admin, { entity: "event", verb: "deactivated", id: result.event.id }, backTo, {
      title,
      description: description(result.event.title),
    });
  }
  if (intent !== "delete") throw new Response("Bad Request", { status: 400 });

  const result = deleteEvent(params.id ?? "");
  if (result.ok) {
    const { title, description } = ADMIN_EVENT_MESSAGES.deleted;
    return redirectAfterAdminChange(admin, { entity: "event", verb: "deleted", id: result.id }, backTo, {
      title,
      description: description(result.title),
    });
  }
  if (result.reason === "not-found") throw notFound();
  // Someone registered while the question was open: show it again, now offering deactivation.
  const url = new URL(request.url);
  return redirectWithToast(url.pathname + url.search, {
    type: "destructive",
    title: ADMIN_EVENT_MESSAGES.notDeletedTitle,
    description: ADMIN_EVENT_MESSAGES.hasHistory(result.registrationCount),
  });
}

export default function DeleteEventDialog() {
  const { event, backTo } = useLoaderData<typeof loader>();
  return (
    <ConfirmDeleteDialog
      id="delete-event"
      question={ADMIN_EVENT_MESSAGES.deleteQuestion(event.title)}
      backTo={backTo}
      history={
        event.registrationCount > 0
          ? {
              reason: event.isActive
                ? ADMIN_EVENT_MESSAGES.hasHistory(event.registrationCount)
                : ADMIN_EVENT_MESSAGES.hasHistoryInactive(event.registrationCount),
              deactivateLabel: event.isActive ? "Deactivate event" : undefined,
            }
          : null
      }
    />
  );
}
