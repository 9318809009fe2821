import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listUsersForAdmin } from "~/models/accounts/user.server";
import { requireApiAdmin } from "~/services/accounts/sessions/admin-session.server";
import { methodNotAllowed } from "~/utils/api.server";
import { listApiResponse, readApiListParams } from "~/services/list-params.server";

/**
 * GET /api/admin/users (admin only): the accounts, newest
 * first, as `[{ id, email, firstName, lastName, isAdmin, createdAt }]` (ISO
 * time; never a password hash). ?q= searches email and names; ?page= and
 * ?pageSize= (default 100, at most 500) page it; X-Total-Count and Link
 * (rel prev/next) tell the rest. 401 signed out, 403 a content manager, 405
 * other methods.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request, "users");
  return listApiResponse(request, listUsersForAdmin(readApiListParams(request)), (user) => ({
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
    createdAt: user.createdAt.toISOString(),
  }));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request, "users");
  return methodNotAllowed(["GET"]);
}
