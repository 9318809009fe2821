import type { LoaderFunctionArgs } from "@remix-run/node";
import { getOptionalAdmin } from "~/services/accounts/sessions/admin-session.server";
import { apiJson, methodNotAllowed } from "~/utils/api.server";

/** GET /api/admin/session → `{ isLoggedIn, adminId, role }`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await getOptionalAdmin(request);
  return apiJson(admin ? { isLoggedIn: true, adminId: admin.adminId, role: admin.role } : { isLoggedIn: false, adminId: null, role: null });
}

/** A GET-only address: other methods are a 405 that says so. */
export function action() {
  return methodNotAllowed(["GET"]);
}
