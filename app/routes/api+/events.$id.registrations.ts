import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listRegistrationsForEvent } from "~/models/events/event-registration.server";
import { findEventTitle } from "~/models/events/event.server";
import { ADMIN_EVENT_MESSAGES } from "~/content/messages/admin";
import { requireApiAdmin } from "~/services/accounts/sessions/admin-session.server";
import { apiError, methodNotAllowed } from "~/utils/api.server";
import { listApiResponse, readApiListParams } from "~/services/list-params.server";

/**
 * GET /api/events/:id/registrations (admin, area events): who
 * registered, earliest first, as `[{ id, name, email, phone, registeredAt }]`
 * with `registeredAt` an ISO instant; ?page= and ?pageSize= (default 100, at
 * most 500) page it, X-Total-Count and Link (rel prev/next) tell the rest. 404 for unknown ids, inactive events
 * included; 401 no admin session; 403 a role that may not see registrations (a content manager: personal data); 405 other methods.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiAdmin(request, "registrations");
  const event = findEventTitle(params.id ?? "");
  if (!event) return apiError(404, ADMIN_EVENT_MESSAGES.notFound);
  return listApiResponse(request, listRegistrationsForEvent(event.id, readApiListParams(request)), (registration) => ({
    ...registration,
    registeredAt: registration.registeredAt.toISOString(),
  }));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request, "registrations");
  return methodNotAllowed(["GET"]);
}
