import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { confirmNewsletterSubscription } from "~/models/content/newsletter.server";
import { NEWSLETTER_TEXT } from "~/content/messages/newsletter";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/seo";
import { AuthCard, RefusedLinkCard } from "./__auth-card";

// /newsletter/confirm?token=…: the link in the newsletter's confirmation mail.
// Opening it only shows a button: mail scanners and link previews open links
// too, and a subscription is the mailbox owner's choice, so only the button's
// POST confirms it.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: NEWSLETTER_TEXT.confirmTitle,
    description: "Confirm your subscription to our new articles by email.",
    path: "/newsletter/confirm",
    noindex: true,
  });

export function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request }: ActionFunctionArgs) {
  const token = (await readFormData(request)).get("token");
  const confirmed = confirmNewsletterSubscription(typeof token === "string" ? token : "");
  return data({ confirmed }, { status: confirmed ? 200 : 410 });
}

export default function ConfirmNewsletterPage() {
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  if (answer && !answer.confirmed) {
    return (
      <RefusedLinkCard
        title={NEWSLETTER_TEXT.confirmTitle}
        intro="This page confirms a subscription to our articles, with the link we mailed."
        refusal={{ title: NEWSLETTER_TEXT.linkUsedTitle, text: NEWSLETTER_TEXT.linkUsedText }}
        next={{ to: "/blog", label: "Go to the blog" }}
        back={{ to: "/", label: "Back to Home" }}
      />
    );
  }
  if (answer?.confirmed) {
    return (
      <AuthCard title={NEWSLETTER_TEXT.subscribedTitle} intro={NEWSLETTER_TEXT.subscribedText} footer={null}>
        <Link to="/blog" className={buttonClass("primary", "w-full")}>
          Read the blog
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={NEWSLETTER_TEXT.confirmTitle}
      intro="Confirm that you want our new articles at this address. Each article mail has a link to unsubscribe."
      footer="Did not ask? Close this page: nothing happens without the button."
    >
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <button type="submit" disabled={submitting} className={buttonClass("primary", "w-full")}>
          {submitting ? "Confirming..." : NEWSLETTER_TEXT.confirmButton}
        </button>
      </Form>
    </AuthCard>
  );
}
