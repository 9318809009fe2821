import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteEvent, findEventForAdmin, saveEvent, toEventJson } from "~/models/events/event.server";
import { eventApiSchema, eventInputFromApi } from "~/schemas/admin-event";
import { ADMIN_EVENT_MESSAGES, EVENT_PRICING_REFUSED_MESSAGE } from "~/content/messages/admin";
import { requireApiAdmin } from "~/services/accounts/sessions/admin-session.server";
import { recordAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { apiError, apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { canAccess } from "~/utils/permissions";
import type { MethodsHandle } from "~/utils/http-methods.server";

const ALLOWED = ["GET", "PUT", "DELETE"];
export const handle: MethodsHandle = { methods: ALLOWED };

/**
 * /api/events/:id for admins (area events), the Events tab's JSON door
 * Inactive events are included; unknown or malformed ids are 404.
 *
 * GET 200 the event · PUT (the event's fields, replacing them all; missing
 * optional fields take their defaults) 200 the saved event, 400 `{ message,
 * errors }`, 403 a content manager changing the price (left out or sent
 * unchanged, it stays) · DELETE 200 `{ id, message }`, 409 when people
 * registered for it (deactivate it instead) · 401 no admin session · 403 a
 * role without the Events tab · 405 other methods.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAdmin(request, "events");
  const event = findEventForAdmin(params.id ?? "");
  if (!event) return apiError(404, ADMIN_EVENT_MESSAGES.notFound);
  return apiJson(toEventJson(event));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request, "events");
  const id = params.id ?? "";
  switch (request.method) {
    case "PUT": {
      if (!findEventForAdmin(id)) return apiError(404, ADMIN_EVENT_MESSAGES.notFound);
      const schema = eventApiSchema(canAccess(admin.role, "pricing"));
      const saved = saveEvent(admin.role, eventInputFromApi(await parseJsonBody(request, schema)), id);
      if (!saved.ok && saved.reason === "not-found") return apiError(404, ADMIN_EVENT_MESSAGES.notFound);
      if (!saved.ok) return apiError(403, EVENT_PRICING_REFUSED_MESSAGE);
      recordAdminChange(admin, { entity: "event", verb: "updated", id: saved.event.id });
      return apiJson(toEventJson(saved.event));
    }
    case "DELETE": {
      const result = deleteEvent(id);
      if (result.ok) {
        recordAdminChange(admin, { entity: "event", verb: "deleted", id: result.id });
        return apiJson({ id: result.id, message: ADMIN_EVENT_MESSAGES.deleted.description(result.title) });
      }
      if (result.reason === "not-found") return apiError(404, ADMIN_EVENT_MESSAGES.notFound);
      return apiError(409, ADMIN_EVENT_MESSAGES.hasHistoryApi(result.registrationCount));
    }
    default:
      return methodNotAllowed(ALLOWED);
  }
}
