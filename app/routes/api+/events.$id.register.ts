import type { ActionFunctionArgs } from "@remix-run/node";
import { registerForEvent, type RegistrationRefusal } from "~/models/events/event-registration.server";
import { EventRegistrationSchema } from "~/schemas/event-registration";
import { REGISTRATION_MESSAGES, registeredText } from "~/content/messages/events";
import { ADULT_FIRST_MESSAGE } from "~/schemas/consent";
import { apiError, apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { requireApiAdult } from "~/services/accounts/sessions/student-session.server";
import { failedWrite } from "~/utils/storage-faults.server";
import { claimFormPost } from "~/services/throttle/public-forms.server";
import { throttledJson } from "~/services/throttle/wait";

/**
 * POST /api/events/:id/register with JSON `{ name, email, phone }`: the same rule
 * as the registration dialog (one model function).
 *
 * 201 `{ id, message }` · 401 signed out · 403 the account has not confirmed its holder is 18
 * or older (free events too; nothing stored) · 415 not JSON · 400 `{ message, errors }`
 * · 402 a paid event (its seat is bought with POST /api/payments/start `{ eventId }`)
 * · 404 unknown, inactive or malformed id · 409 the event's state refuses it:
 * full, already registered, or started (a past event is 409 too, not 410: the
 * event still exists, it just no longer takes registrations; `message` says which)
 * · 429 `{ message }` with Retry-After: the client's address has sent too many registrations
 * this hour (the dialog's allowance too), nothing stored · 500 anything unexpected, with the failure text quoted from the product specification.
 * Past the address's share of confirmations today the seat is still booked, with no mail (decision 0013).
 */
export function loader() {
  return methodNotAllowed(["POST"]);
}

const REFUSALS: Record<RegistrationRefusal, { status: number; message: string }> = {
  "not-found": { status: 404, message: REGISTRATION_MESSAGES.notFound },
  full: { status: 409, message: REGISTRATION_MESSAGES.full },
  duplicate: { status: 409, message: REGISTRATION_MESSAGES.duplicate },
  closed: { status: 409, message: REGISTRATION_MESSAGES.closed },
  "adult-unconfirmed": { status: 403, message: ADULT_FIRST_MESSAGE },
  "needs-payment": {
    status: 402,
    message: `${REGISTRATION_MESSAGES.needsPayment} Start its payment with POST /api/payments/start and its eventId.`,
  },
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiAdult(request);
  const input = await parseJsonBody(request, EventRegistrationSchema);
  const claim = await claimFormPost("event-registration", context.clientAddress ?? "unknown", input.email);
  if (!claim.ok) return throttledJson(claim);
  try {
    const registration = { eventId: params.id ?? "", userId: user.id, ...input, confirmByMail: claim.acknowledge };
    const outcome = registerForEvent(registration);
    if (!outcome.ok) {
      await claim.unsent();
      const refusal = REFUSALS[outcome.reason];
      return apiError(refusal.status, refusal.message);
    }
    return apiJson({ id: outcome.registrationId, message: `${REGISTRATION_MESSAGES.success} ${registeredText(outcome.eventTitle)}` }, 201);
  } catch (error) {
    console.error("Event registration failed", error);
    const failure = failedWrite(error, REGISTRATION_MESSAGES.failedText);
    return apiError(failure.status, failure.message);
  }
}
