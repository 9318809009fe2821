import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/utils/api.server";
import { getUserId, loginPath } from "~/services/accounts/sessions/student-session.server";
import { safeRedirectPath } from "~/utils/redirect-target";

/**
 * GET /api/login: the sign-in entry door. A signed-in student goes straight back;
 * anyone else goes to the sign-in page, which offers email + password and the
 * OAuth provider when one is configured, and returns to `redirectTo` afterwards.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getUserId(request)) return redirect(redirectTo);
  return redirect(loginPath(redirectTo));
}

/** A GET-only address: other methods are a 405 that says so. */
export function action() {
  return methodNotAllowed(["GET"]);
}
