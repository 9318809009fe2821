import type { LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/utils/api.server";
import { requireApiUser } from "~/services/accounts/sessions/student-session.server";

/** GET /api/auth/user: the signed-in student, or 401. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json(user, { headers: { "Cache-Control": "no-store" } });
}

/** A GET-only address: other methods are a 405 that says so. */
export function action() {
  return methodNotAllowed(["GET"]);
}
