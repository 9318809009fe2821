import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { createEvent } from "~/models/event.server";
import { ADMIN_EVENT_MESSAGES, AdminEventFormSchema, DEFAULT_EVENT_DURATION, eventInputFromForm } from "~/schemas/admin-event";
import { requireAdmin } from "~/utils/admin-auth.server";
import { redirectAfterAdminChange } from "~/utils/admin-change.server";
import { listPathFor } from "~/utils/admin-routes";
import { pageMeta } from "~/utils/seo";
import { EventForm } from "./__event-form";
import { readFormData } from "~/utils/form-data.server";

// 'Create New Event' (admin spec §2 Events tab, §5 Event form): a dialog over
// the list with JavaScript, the same form over the list without it.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Create New Event", description: "Admin panel.", path: "/admin/events/new", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "events");
  return { backTo: listPathFor(request, "/admin/events") };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "events");
  const submission = parseWithZod(await readFormData(request), { schema: AdminEventFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const event = createEvent(eventInputFromForm(submission.value));
  return redirectAfterAdminChange(
    admin,
    { entity: "event", verb: "created", id: event.id },
    listPathFor(request, "/admin/events"),
    { title: ADMIN_EVENT_MESSAGES.created.title, description: ADMIN_EVENT_MESSAGES.created.description(event.title) },
  );
}

export default function CreateEventDialog() {
  const { backTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminDialog id="create-event" title="Create New Event" backTo={backTo} wide>
      <EventForm
        id="create-event-form"
        lastResult={actionData?.result}
        defaultValue={{ eventType: "webinar", duration: String(DEFAULT_EVENT_DURATION), price: "0", isActive: "on" }}
        cancelTo={backTo}
        submitLabel="Create Event"
        pendingLabel="Creating..."
      />
    </AdminDialog>
  );
}
