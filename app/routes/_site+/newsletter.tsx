import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { subscribeToNewsletter } from "~/models/content/newsletter.server";
import { NewsletterFormSchema } from "~/schemas/newsletter";
import { NEWSLETTER_TEXT } from "~/content/messages/newsletter";
import { safeRedirectPath } from "~/utils/redirect-target";
import { isSpam } from "~/utils/honeypot";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";
import { claimFormPost } from "~/services/throttle/public-forms.server";

/**
 * The 'Stay Updated' boxes on the blog post here and come back to the page they
 * were on (redirectTo) with a toast. The box is tiny and sits on many pages, so
 * every answer, a refusal included, is a toast after a redirect: it works the
 * same with JavaScript off.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const back = safeRedirectPath(formData.get("redirectTo"), "/blog");
  if (isSpam(formData)) return redirectWithToast(back, checkInboxToast);

  const submission = parseWithZod(formData, { schema: NewsletterFormSchema });
  if (submission.status !== "success") {
    return redirectWithToast(back, { title: NEWSLETTER_TEXT.invalidTitle, type: "destructive" });
  }
  const claim = await claimFormPost("newsletter", context.clientAddress ?? "unknown", submission.value.email);
  if (!claim.ok) return redirectWithToast(back, { title: NEWSLETTER_TEXT.throttledTitle, description: claim.message, type: "destructive" });
  subscribeToNewsletter(submission.value.email, { send: claim.acknowledge });
  return redirectWithToast(back, checkInboxToast);
}

const checkInboxToast = { title: NEWSLETTER_TEXT.checkInboxTitle, description: NEWSLETTER_TEXT.checkInboxText };

/** Nothing to show at /newsletter itself: the boxes live on the blog. */
export function loader() {
  return redirect("/blog");
}
