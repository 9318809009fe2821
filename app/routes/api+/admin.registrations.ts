import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listRegistrationsForAdmin } from "~/models/events/event-registration.server";
import { requireApiAdmin } from "~/services/accounts/sessions/admin-session.server";
import { methodNotAllowed } from "~/utils/api.server";
import { listApiResponse, readApiListParams } from "~/services/list-params.server";

/**
 * GET /api/admin/registrations (admin only): every event's
 * registrations, newest first, as `[{ id, name, email, phone, eventId,
 * eventTitle, eventDate, registeredAt }]` (ISO times). ?q= searches name, email, phone and
 * event title; ?page= and ?pageSize= (default 100, at most 500) page it;
 * X-Total-Count and Link (rel prev/next) tell the rest. 401 signed out, 403 a
 * content manager, 405 other methods.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request, "users");
  return listApiResponse(request, listRegistrationsForAdmin(readApiListParams(request)), (registration) => ({
    ...registration,
    eventDate: registration.eventDate?.toISOString() ?? null,
    registeredAt: registration.registeredAt.toISOString(),
  }));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request, "users");
  return methodNotAllowed(["GET"]);
}
