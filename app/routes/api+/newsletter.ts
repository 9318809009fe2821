import type { ActionFunctionArgs } from "@remix-run/node";
import { subscribeToNewsletter } from "~/models/newsletter.server";
import { NEWSLETTER_TEXT, NewsletterSchema } from "~/schemas/newsletter";
import { apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

/**
 * POST /api/newsletter `{ email }`: 201 when the address is new, 200 when it was
 * already on the list (subscribing twice is harmless), 400 `{ message, errors }` for a bad address.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { email } = await parseJsonBody(request, NewsletterSchema, NEWSLETTER_TEXT.invalidTitle);
  const { status } = subscribeToNewsletter(email);
  return status === "subscribed"
    ? apiJson({ message: NEWSLETTER_TEXT.subscribedTitle, description: NEWSLETTER_TEXT.subscribedText, status }, 201)
    : apiJson({ message: NEWSLETTER_TEXT.alreadyTitle, description: NEWSLETTER_TEXT.alreadyText, status }, 200);
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
