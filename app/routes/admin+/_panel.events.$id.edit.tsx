import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { findEventForAdmin } from "~/models/event.server";
import { DEFAULT_EVENT_DURATION } from "~/schemas/admin-event";
import { requireAdmin } from "~/utils/admin-session.server";
import { listPathFor } from "~/utils/admin-routes";
import { formatIsoDateInIndia, formatIsoTimeInIndia } from "~/utils/dates";
import { paiseToDecimalString } from "~/utils/money";
import { pageMeta } from "~/utils/seo";
import { EventForm, type EventFormDefaults } from "./__event-form";
import { eventPriceForRole, saveEventForm } from "./__event-form.server";

// 'Edit Event' (admin spec §2 Events tab, §4): prefilled from the event, the
// date as yyyy-mm-dd and the time of day in India; a missing duration shows 60.

const notFound = () => new Response("Not Found", { status: 404 });

/** "4999" for whole rupees, "4999.50" otherwise: what the price input holds. */
const rupeesInput = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : paiseToDecimalString(paise));

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "events");
  const event = findEventForAdmin(params.id ?? "");
  if (!event) throw notFound();
  // A content manager's dialog shows the price as text, not as an input.
  const priceSetByAdmin = eventPriceForRole(admin, event);
  const defaults: EventFormDefaults = {
    title: event.title,
    description: event.description,
    eventType: event.eventType,
    date: formatIsoDateInIndia(event.eventDate),
    time: formatIsoTimeInIndia(event.eventDate),
    // The column defaults to 60; the fallback covers a row imported without a usable duration.
    duration: String(event.durationMinutes > 0 ? event.durationMinutes : DEFAULT_EVENT_DURATION),
    maxParticipants: event.maxParticipants === null ? "" : String(event.maxParticipants),
    ...(priceSetByAdmin ? {} : { price: rupeesInput(event.pricePaise) }),
    registrationUrl: event.registrationUrl ?? "",
    isActive: event.isActive ? "on" : undefined,
  };
  return { id: event.id, title: event.title, defaults, priceSetByAdmin, backTo: listPathFor(request, "/admin/events") };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    title: data ? `Edit Event: ${data.title}` : "Edit Event",
    description: "Admin panel.",
    path: data ? `/admin/events/${data.id}/edit` : "/admin/events",
    noindex: true,
  });

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "events");
  return saveEventForm(request, admin, listPathFor(request, "/admin/events"), params.id ?? "");
}

export default function EditEventDialog() {
  const { id, defaults, priceSetByAdmin, backTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminDialog id="edit-event" title="Edit Event" backTo={backTo} wide>
      <EventForm
        // A fresh form per event, so its prefilled values follow the chosen event.
        key={id}
        id={`edit-event-${id}`}
        lastResult={actionData?.result}
        defaultValue={defaults}
        cancelTo={backTo}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        priceSetByAdmin={priceSetByAdmin}
      />
    </AdminDialog>
  );
}
