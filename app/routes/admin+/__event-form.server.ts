import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { SetByAdminValues } from "~/components/admin/set-by-admin";
import type { PublicAdmin } from "~/models/admin.server";
import { NEW_EVENT_PRICING, saveEvent, type EventPricing } from "~/models/event.server";
import { ADMIN_EVENT_MESSAGES, eventFormSchema, eventInputFromForm } from "~/schemas/admin-event";
import { redirectAfterAdminChange } from "~/utils/admin-change.server";
import { formatPrice } from "~/utils/money";
import { canAccess } from "~/utils/permissions";

// The create and edit dialogs post the same form. A content manager's has no
// price input: the price is the admin's ("pricing").

/** What a content manager's dialog shows in place of the price input; null for a role that sets prices. */
export function eventPriceForRole(admin: PublicAdmin, event?: EventPricing): SetByAdminValues | null {
  if (canAccess(admin.role, "pricing")) return null;
  const { pricePaise } = event ?? NEW_EVENT_PRICING;
  return {
    heading: "Price: set by an admin",
    values: [{ label: "Price", value: formatPrice(pricePaise) }],
    note: event
      ? "Only an admin can change the price. Saving your changes keeps it as it is."
      : "The event is saved as free: an admin sets its price.",
  };
}

/** Saves the posted event form (a new one, or the one with `id`), then back to `listPath` with a toast; 400/403 with the form's errors otherwise. */
export function saveEventForm(formData: FormData, admin: PublicAdmin, listPath: string, id?: string) {
  const schema = eventFormSchema(canAccess(admin.role, "pricing"));
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = saveEvent(admin.role, eventInputFromForm(submission.value), id);
  if (!saved.ok && saved.reason === "not-found") throw new Response("Not Found", { status: 404 });
  if (!saved.ok) {
    const { title, text } = ADMIN_EVENT_MESSAGES.pricingRefused;
    return data({ result: submission.reply({ formErrors: [title, text] }) }, { status: 403 });
  }
  const messages = id === undefined ? ADMIN_EVENT_MESSAGES.created : ADMIN_EVENT_MESSAGES.updated;
  return redirectAfterAdminChange(
    admin,
    { entity: "event", verb: id === undefined ? "created" : "updated", id: saved.event.id },
    listPath,
    {
      title: messages.title,
      description: messages.description(saved.event.title),
    },
  );
}
