import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { SetByAdminValues } from "~/components/admin/set-by-admin";
import type { PublicAdmin } from "~/models/accounts/admin.server";
import { NEW_EVENT_PRICING, saveEvent, type EventPricing } from "~/models/events/event.server";
import { imageAssetName, queueImageAsset } from "~/models/content/image-asset.server";
import { EVENT_UPLOAD_LABELS, EVENT_UPLOADS, eventFormSchema, eventInputFromForm } from "~/schemas/admin-event";
import { ADMIN_EVENT_MESSAGES } from "~/content/messages/admin";
import { tooLargeMessage } from "~/schemas/uploads";
import { discardUpload, storeUpload, type MultipartResult } from "~/services/images/uploads.server";
import { redirectAfterAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { formatPrice } from "~/utils/money";
import { canAccess } from "~/utils/permissions";

// The create and edit dialogs post the same multipart form, a banner image
// optional. A content manager's has no price input: the price is the admin's
// ("pricing").

const refuse = (result: SubmissionResult<string[]>, status = 400) => data({ result }, { status });

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

/**
 * Saves the posted event form (a new one, or the one with `id`), then back to `listPath` with a toast;
 * 400/403 with the form's errors otherwise, and then no banner is kept. A new banner replaces the
 * stored one and is queued for encoding; "remove the banner" clears it.
 */
export async function saveEventForm(multipart: MultipartResult, admin: PublicAdmin, listPath: string, id?: string) {
  if (!multipart.ok) {
    const error: Record<string, string[]> =
      multipart.reason === "too-large" && multipart.field === "banner"
        ? { banner: [tooLargeMessage(EVENT_UPLOAD_LABELS.banner, EVENT_UPLOADS.banner)] }
        : { "": ["The form could not be read. Please try again."] };
    return refuse({ status: "error", error });
  }
  const schema = eventFormSchema(canAccess(admin.role, "pricing"));
  const submission = parseWithZod(multipart.formData, { schema });
  if (submission.status !== "success") return refuse(submission.reply());
  const { banner, removeBanner } = submission.value;
  const upload = banner ? await storeUpload(banner, EVENT_UPLOADS.banner, EVENT_UPLOAD_LABELS.banner) : null;
  if (upload && !upload.ok) return refuse(submission.reply({ fieldErrors: { banner: [upload.message] } }));
  const bannerUrl = upload ? upload.url : removeBanner ? null : undefined;

  const saved = saveEvent(admin.role, { ...eventInputFromForm(submission.value), bannerUrl }, id);
  if (!saved.ok && upload) await discardUpload(upload.url);
  if (!saved.ok && saved.reason === "not-found") throw new Response("Not Found", { status: 404 });
  if (!saved.ok) {
    const { title, text } = ADMIN_EVENT_MESSAGES.pricingRefused;
    return refuse(submission.reply({ formErrors: [title, text] }), 403);
  }
  // The page answers now; the worker encodes the banner's smaller variants behind it.
  if (upload) queueImageAsset(imageAssetName(upload.url));
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
