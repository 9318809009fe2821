import type { ActionFunctionArgs } from "@remix-run/node";
import { subscribeToNewsletter } from "~/models/newsletter.server";
import { NEWSLETTER_TEXT, NewsletterSchema } from "~/schemas/newsletter";
import { newsletterConfirmationMail } from "~/services/mail/newsletter.server";
import { apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";

/**
 * POST /api/newsletter `{ email }`: 202 `{ message, description, status: "confirmation-sent" }`
 * for every valid address, new, pending or already subscribed alike (the address's
 * mailbox gets a link to confirm, unless it is subscribed already); 400
 * `{ message, errors }` for a bad address.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { email } = await parseJsonBody(request, NewsletterSchema, NEWSLETTER_TEXT.invalidTitle);
  subscribeToNewsletter(email, newsletterConfirmationMail);
  return apiJson(
    { message: NEWSLETTER_TEXT.checkInboxTitle, description: NEWSLETTER_TEXT.checkInboxText, status: "confirmation-sent" },
    202,
  );
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
