import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listActiveEvents, listAllEvents, saveEvent, toEventJson } from "~/models/events/event.server";
import { EVENT_PRICING_REFUSED_MESSAGE } from "~/content/messages/admin";
import { eventApiSchema, eventInputFromApi } from "~/schemas/admin-event";
import { getOptionalAdmin, requireApiAdmin } from "~/services/accounts/sessions/admin-session.server";
import { recordAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { apiError, apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { canAccess } from "~/utils/permissions";

/**
 * GET /api/events: every active event, past ones included, date ascending.
 * With the session of a role that has the Events tab, inactive events are
 * listed too; that answer is private to the admin and never cached.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await getOptionalAdmin(request);
  if (admin && canAccess(admin.role, "events"))
    return apiJson(listAllEvents().map(toEventJson), 200, { "Cache-Control": "private, no-store" });
  return Response.json(listActiveEvents().map(toEventJson), { headers: { "Cache-Control": "no-cache" } });
}

/**
 * POST /api/events with the event's fields as JSON (admin, area events): the
 * same rules as the Create New Event dialog.
 *
 * 201 the event as GET shows it · 400 `{ message, errors }` · 401 no admin
 * session · 403 a role without the Events tab, or a content manager sending a
 * price other than 0 (prices are the admin's) · 415 not JSON · 405 other methods.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request, "events");
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const schema = eventApiSchema(canAccess(admin.role, "pricing"));
  const saved = saveEvent(admin.role, eventInputFromApi(await parseJsonBody(request, schema)));
  if (!saved.ok) return apiError(403, EVENT_PRICING_REFUSED_MESSAGE);
  recordAdminChange(admin, { entity: "event", verb: "created", id: saved.event.id });
  return apiJson(toEventJson(saved.event), 201);
}
