import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listEnrollmentFormsForAdmin, saveEnrollmentForm } from "~/models/orders/enrollment-form.server";
import { EnrollmentFormWithBillingApiSchema } from "~/schemas/billing";
import { FORM_CONSENT } from "~/schemas/consent";
import { ENROLLMENT_MESSAGES } from "~/schemas/enrollment-form";
import { requireApiAdmin } from "~/services/accounts/sessions/admin-session.server";
import { apiError, apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { requireApiAdult } from "~/services/accounts/sessions/student-session.server";
import { listApiResponse, readApiListParams } from "~/services/list-params.server";
import { failedWrite } from "~/utils/storage-faults.server";
import { claimFormPost } from "~/services/throttle/public-forms.server";
import { throttledJson } from "~/services/throttle/wait";

/**
 * POST /api/enrollment-forms: the enrollment form's fields as JSON, from a
 * signed-in student, with `billing` (name, address, city, stateCode, pin,
 * businessName?, gstin?) for the tax invoice of an order paid with it. 201 `{ id }`; 400 `{ message, errors }`; 401 signed out; 403 the account has
 * not confirmed its holder is 18 or older (nothing stored);
 * 429 `{ message }` with Retry-After when the client's address has sent too many
 * this hour (the page's allowance too). Other methods but GET: 405.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const user = await requireApiAdult(request);
  const input = await parseJsonBody(request, EnrollmentFormWithBillingApiSchema);
  const claim = await claimFormPost("enrollment-form", context.clientAddress ?? "unknown");
  if (!claim.ok) return throttledJson(claim);
  try {
    // With billing details the form is the order's: its box consents to their use on the invoice.
    const consent = input.billing ? { purpose: FORM_CONSENT.orderBilling.purpose, source: "checkout" } : undefined;
    const outcome = saveEnrollmentForm(user.id, input, undefined, consent);
    if (!outcome.ok) return apiError(400, ENROLLMENT_MESSAGES.courseOrEventId, outcome.errors);
    return apiJson({ id: outcome.id }, 201);
  } catch (error) {
    console.error("Saving an enrollment form failed", error);
    const failure = failedWrite(error, ENROLLMENT_MESSAGES.saveFailed);
    return apiError(failure.status, failure.message);
  }
}

/**
 * GET /api/enrollment-forms (admin only): every enrollment
 * form, newest first, with the form's fields plus `courseOrEventTitle`
 * (null when that course or event no longer exists); `paymentStatus` as
 * stored, ISO `createdAt`. ?q= searches name, WhatsApp number, email, city and
 * state; ?page= and ?pageSize= (default 100, at most 500) page it;
 * X-Total-Count and Link (rel prev/next) tell the rest. 401 without an admin
 * session (a student's session is not one), 403 a content manager.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request, "users");
  return listApiResponse(request, listEnrollmentFormsForAdmin(readApiListParams(request)), (form) => ({
    ...form,
    createdAt: form.createdAt.toISOString(),
  }));
}
