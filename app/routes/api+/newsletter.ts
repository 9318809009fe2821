import type { ActionFunctionArgs } from "@remix-run/node";
import { subscribeToNewsletter } from "~/models/newsletter.server";
import { NEWSLETTER_TEXT, NewsletterSchema } from "~/schemas/newsletter";
import { apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { claimFormPost } from "~/services/throttle/public-forms.server";
import { throttledJson } from "~/services/throttle/wait";

/**
 * POST /api/newsletter `{ email }`: 201 when the address is new, 200 when it was
 * already on the list (subscribing twice is harmless), 400 `{ message, errors }` for a bad address,
 * 429 `{ message }` with Retry-After when the client's address has signed up too many this hour.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { email } = await parseJsonBody(request, NewsletterSchema, NEWSLETTER_TEXT.invalidTitle);
  const claim = await claimFormPost("newsletter", context.clientAddress ?? "unknown");
  if (!claim.ok) return throttledJson(claim);
  const { status } = subscribeToNewsletter(email);
  return status === "subscribed"
    ? apiJson({ message: NEWSLETTER_TEXT.subscribedTitle, description: NEWSLETTER_TEXT.subscribedText, status }, 201)
    : apiJson({ message: NEWSLETTER_TEXT.alreadyTitle, description: NEWSLETTER_TEXT.alreadyText, status }, 200);
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
