import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminDialog, ConfirmDeleteDialog } from "~/components/admin/admin-dialog";
import { deactivateEvent, deleteEvent, findEventForAdmin, findEventForDelete } from "~/models/events/event.server";
import { DEFAULT_EVENT_DURATION, EVENT_UPLOADS } from "~/schemas/admin-event";
import { ADMIN_EVENT_MESSAGES } from "~/content/messages/admin";
import { readMultipartForm } from "~/services/images/uploads.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { itemIntentOf } from "~/utils/form-intent.server";
import { ADMIN_UPLOAD_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { asksToConfirmDelete, confirmDeletePath, listPathFor } from "~/utils/admin-routes";
import { formatIsoDateInIndia, formatIsoTimeInIndia } from "~/utils/dates";
import { paiseToDecimalString } from "~/utils/money";
import { pageMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";
import { EventForm, type EventFormDefaults } from "./__event-form";
import { eventPriceForRole, saveEventForm } from "./__event-form.server";
import { deliveryValueOf } from "~/schemas/delivery";

// One event: 'Edit Event', prefilled (the
// date as yyyy-mm-dd and the time of day in India; a missing duration shows
// 60); with ?confirm=delete, 'Are you sure you want to delete "{title}"?'. An
// event with registrations is not deleted, which would lose who registered:
// the question says so and offers to deactivate it instead.

const LIST = "/admin/events";

// The edit form may carry a banner image.
export const handle: BodyLimitsHandle = { bodyLimits: ADMIN_UPLOAD_BODY_LIMITS };
const notFound = () => new Response("Not Found", { status: 404 });

/** "4999" for whole rupees, "4999.50" otherwise: what the price input holds. */
const rupeesInput = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : paiseToDecimalString(paise));

function deleteQuestion(id: string) {
  const event = findEventForDelete(id);
  if (!event) throw notFound();
  const history =
    event.registrationCount > 0
      ? {
          reason: event.isActive
            ? ADMIN_EVENT_MESSAGES.hasHistory(event.registrationCount)
            : ADMIN_EVENT_MESSAGES.hasHistoryInactive(event.registrationCount),
          deactivateLabel: event.isActive ? "Deactivate event" : undefined,
        }
      : null;
  return { id: event.id, title: event.title, confirmDelete: { question: ADMIN_EVENT_MESSAGES.deleteQuestion(event.title), history } };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "events");
  const backTo = listPathFor(request, LIST);
  if (asksToConfirmDelete(request)) return { ...deleteQuestion(params.id ?? ""), backTo, edit: null };

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
    venue: event.venue ?? "",
    delivery: deliveryValueOf(event),
    joinUrl: event.joinUrl ?? "",
    isActive: event.isActive ? "on" : undefined,
  };
  return { id: event.id, title: event.title, backTo, confirmDelete: null, edit: { defaults, priceSetByAdmin, bannerUrl: event.bannerUrl } };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    title: data ? `${data.confirmDelete ? "Delete" : "Edit"} Event: ${data.title}` : "Event",
    description: "Admin panel.",
    path: data ? `/admin/events/${data.id}` : LIST,
    noindex: true,
  });

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "events");
  const backTo = listPathFor(request, LIST);
  const multipart = await readMultipartForm(request, EVENT_UPLOADS);
  const intent = multipart.ok ? itemIntentOf(multipart.formData, ["save", "delete", "deactivate"]) : "save";
  if (intent === "save") return saveEventForm(multipart, admin, backTo, params.id ?? "");

  if (intent === "deactivate") {
    const result = deactivateEvent(params.id ?? "");
    if (!result.ok) throw notFound();
    const { title, description } = ADMIN_EVENT_MESSAGES.deactivated;
    return redirectAfterAdminChange(admin, { entity: "event", verb: "deactivated", id: result.event.id }, backTo, {
      title,
      description: description(result.event.title),
    });
  }
  const result = deleteEvent(params.id ?? "");
  if (result.ok) {
    const { title, description } = ADMIN_EVENT_MESSAGES.deleted;
    return redirectAfterAdminChange(admin, { entity: "event", verb: "deleted", id: result.id }, backTo, {
      title,
      description: description(result.title),
    });
  }
  if (result.reason === "not-found") throw notFound();
  // Someone registered while the question was open: ask again, now offering deactivation.
  const url = new URL(request.url);
  return redirectWithToast(confirmDeletePath(url.pathname, url.search), {
    type: "destructive",
    title: ADMIN_EVENT_MESSAGES.notDeletedTitle,
    description: ADMIN_EVENT_MESSAGES.hasHistory(result.registrationCount),
  });
}

export default function EventDialog() {
  const event = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { id, backTo } = event;
  if (event.confirmDelete) return <ConfirmDeleteDialog id="delete-event" backTo={backTo} {...event.confirmDelete} />;
  return (
    <AdminDialog id="edit-event" title="Edit Event" backTo={backTo} wide>
      <EventForm
        // A fresh form per event, so its prefilled values follow the chosen event.
        key={id}
        id={`edit-event-${id}`}
        lastResult={actionData?.result}
        defaultValue={event.edit.defaults}
        cancelTo={backTo}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        priceSetByAdmin={event.edit.priceSetByAdmin}
        bannerUrl={event.edit.bannerUrl}
      />
    </AdminDialog>
  );
}
