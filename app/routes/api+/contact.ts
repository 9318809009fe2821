import type { ActionFunctionArgs } from "@remix-run/node";
import { sendContactMessage } from "~/models/content/contact-message.server";
import { consentSubjectOf } from "~/services/privacy/consent/consent-cookies.server";
import { ContactSchema, isMissingRequiredField } from "~/schemas/contact";
import { CONTACT_TEXT } from "~/content/messages/contact";
import { apiError, apiJson, fieldErrorsOf, methodNotAllowed, readJsonBody } from "~/utils/api.server";
import { failedWrite } from "~/utils/storage-faults.server";
import { claimFormPost } from "~/services/throttle/public-forms.server";
import { throttledJson } from "~/services/throttle/wait";

/**
 * POST /api/contact: name, email, phone (optional), subject, message.
 * 201 `{ message, description }` once stored; 400 `{ message, errors }` naming each field at
 * fault (a client shows `message` in its 'Failed to Send Message' toast); 429
 * `{ message }` with Retry-After when the client's address has sent too many this hour
 * (nothing stored). The page and this endpoint share one allowance (decision 0013).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const result = ContactSchema.safeParse(await readJsonBody(request));
  if (!result.success) {
    const errors = fieldErrorsOf(result.error);
    const message = isMissingRequiredField(errors)
      ? `${CONTACT_TEXT.missingTitle}. ${CONTACT_TEXT.missingText}`
      : "Please check the highlighted fields.";
    return apiError(400, message, errors);
  }
  const claim = await claimFormPost("contact", context.clientAddress ?? "unknown", result.data.email);
  if (!claim.ok) return throttledJson(claim);
  try {
    sendContactMessage(result.data, await consentSubjectOf(request), { acknowledge: claim.acknowledge });
  } catch (error) {
    console.error("Storing a contact message failed", error);
    const failure = failedWrite(error, CONTACT_TEXT.failedText);
    return apiError(failure.status, failure.message);
  }
  return apiJson({ message: CONTACT_TEXT.sentTitle, description: CONTACT_TEXT.sentText }, 201);
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
