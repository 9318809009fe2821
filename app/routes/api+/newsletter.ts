import type { ActionFunctionArgs } from "@remix-run/node";
import { subscribeToNewsletter } from "~/models/content/newsletter.server";
import { NewsletterSchema } from "~/schemas/newsletter";
import { NEWSLETTER_TEXT } from "~/content/messages/newsletter";
import { apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { claimFormPost } from "~/services/throttle/public-forms.server";
import { throttledJson } from "~/services/throttle/wait";

/**
 * POST /api/newsletter `{ email }`: 202 `{ message, description, status: "confirmation-sent" }`
 * for every valid address, new, pending or already subscribed alike (the address's
 * mailbox gets a link to confirm, unless it is subscribed already); 400
 * `{ message, errors }` for a bad address.
 * 429 `{ message }` with Retry-After when the client's address has signed up too many this hour.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { email } = await parseJsonBody(request, NewsletterSchema, NEWSLETTER_TEXT.invalidTitle);
  const claim = await claimFormPost("newsletter", context.clientAddress ?? "unknown", email);
  if (!claim.ok) return throttledJson(claim);
  subscribeToNewsletter(email, { send: claim.acknowledge });
  return apiJson(
    { message: NEWSLETTER_TEXT.checkInboxTitle, description: NEWSLETTER_TEXT.checkInboxText, status: "confirmation-sent" },
    202,
  );
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
