import type { ActionFunctionArgs } from "@remix-run/node";
import { saveEnrollmentForm } from "~/models/enrollment-form.server";
import { EnrollmentFormApiSchema, ENROLLMENT_MESSAGES } from "~/schemas/enrollment-form";
import { apiError, apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/utils/auth.server";

/**
 * POST /api/enrollment-forms: the spec's enrollment form payload (§3) from a
 * signed-in student. 201 `{ id }`; 400 `{ message, errors }`; 401 signed out.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request);
  const input = await parseJsonBody(request, EnrollmentFormApiSchema);
  try {
    const outcome = saveEnrollmentForm(user.id, input);
    if (!outcome.ok) return apiError(400, ENROLLMENT_MESSAGES.courseOrEventId, outcome.errors);
    return apiJson({ id: outcome.id }, 201);
  } catch (error) {
    console.error("Saving an enrollment form failed", error);
    return apiError(500, ENROLLMENT_MESSAGES.saveFailed);
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
