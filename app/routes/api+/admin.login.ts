import type { ActionFunctionArgs } from "@remix-run/node";
import { AdminLoginSchema } from "~/schemas/admin-login";
import { signInAdmin } from "~/services/accounts/admin-sign-in.server";
import { retryAfterHeaders } from "~/services/throttle/wait";
import { startAdminSession } from "~/services/accounts/sessions/admin-session.server";
import { apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

/**
 * POST /api/admin/login `{ adminId, password }` → `{ success, message }`.
 * 200 with the session cookie · 400 a field missing · 401 'Invalid
 * credentials' · 429 too many failures.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await parseJsonBody(request, AdminLoginSchema, "first");
  const outcome = await signInAdmin(input, context.clientAddress ?? "unknown", request.headers.get("Cookie"));
  if (!outcome.ok)
    return apiJson({ success: false, message: outcome.message }, outcome.status, {
      "Cache-Control": "no-store",
      ...retryAfterHeaders(outcome),
    });
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", await startAdminSession(request, outcome.admin));
  headers.append("Set-Cookie", outcome.knownDeviceCookie);
  return apiJson({ success: true, message: "Login successful" }, 200, headers);
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
