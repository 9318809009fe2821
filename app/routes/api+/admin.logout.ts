import type { ActionFunctionArgs } from "@remix-run/node";
import { recordAdminAction } from "~/models/site/audit-log.server";
import { endAdminSession, getOptionalAdmin } from "~/services/accounts/sessions/admin-session.server";
import { apiJson, methodNotAllowed } from "~/utils/api.server";

/** POST /api/admin/logout → `{ success: true }`; the admin session is ended. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await getOptionalAdmin(request);
  if (admin) recordAdminAction(admin, "admin_logout");
  return apiJson({ success: true }, 200, { "Cache-Control": "no-store", "Set-Cookie": await endAdminSession(request) });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
