import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { revokeSharedFile } from "~/services/exports/stored-files.server";
import { requireApiAdmin } from "~/services/accounts/sessions/admin-session.server";
import { recordAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { apiError, methodNotAllowed } from "~/utils/api.server";
import { parseId } from "~/utils/validation";
import type { MethodsHandle } from "~/utils/http-methods.server";

/**
 * DELETE /api/admin/shared-files/:id (admin only, area users): revokes a
 * generated file, its row and the file on disk; its share link answers 404
 * from then on. 204 · 400 `{ message }` malformed id · 404 `{ message }`
 * unknown id · 401/403 · 405 for other methods.
 */
const ALLOWED = ["DELETE"];
export const handle: MethodsHandle = { methods: ALLOWED };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request, "users");
  return methodNotAllowed(ALLOWED);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request, "users");
  if (request.method !== "DELETE") return methodNotAllowed(ALLOWED);
  const id = parseId(params.id);
  if (id === null) return apiError(400, "The file id must be a positive whole number.");
  if (!(await revokeSharedFile(id))) return apiError(404, "Shared file not found");
  recordAdminChange(admin, { entity: "shared_file", verb: "deleted", id });
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
