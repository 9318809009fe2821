import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { DEFAULT_EVENT_DURATION, EVENT_UPLOADS } from "~/schemas/admin-event";
import { readMultipartForm } from "~/services/images/uploads.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { listPathFor } from "~/utils/admin-routes";
import { ADMIN_UPLOAD_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { pageMeta } from "~/utils/seo";
import { EventForm } from "./__event-form";
import { eventPriceForRole, saveEventForm } from "./__event-form.server";

// 'Create New Event': a dialog over
// the list with JavaScript, the same form over the list without it.

// A banner image comes with the form.
export const handle: BodyLimitsHandle = { bodyLimits: ADMIN_UPLOAD_BODY_LIMITS };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Create New Event", description: "Admin panel.", path: "/admin/events/new", noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "events");
  return { backTo: listPathFor(request, "/admin/events"), priceSetByAdmin: eventPriceForRole(admin) };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "events");
  return saveEventForm(await readMultipartForm(request, EVENT_UPLOADS), admin, listPathFor(request, "/admin/events"));
}

export default function CreateEventDialog() {
  const { backTo, priceSetByAdmin } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminDialog id="create-event" title="Create New Event" backTo={backTo} wide>
      <EventForm
        id="create-event-form"
        lastResult={actionData?.result}
        defaultValue={{
          eventType: "webinar",
          duration: String(DEFAULT_EVENT_DURATION),
          ...(priceSetByAdmin ? {} : { price: "0" }),
          delivery: "online",
          isActive: "on",
        }}
        priceSetByAdmin={priceSetByAdmin}
        cancelTo={backTo}
        submitLabel="Create Event"
        pendingLabel="Creating..."
      />
    </AdminDialog>
  );
}
