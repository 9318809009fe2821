import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/utils/auth.server";

/** GET /api/auth/user: the signed-in student, or 401. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json(user, { headers: { "Cache-Control": "no-store" } });
}
