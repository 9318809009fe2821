import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { unsubscribeFromNewsletter } from "~/models/content/newsletter.server";
import { NEWSLETTER_TEXT } from "~/content/messages/newsletter";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/seo";
import { AuthCard } from "./__auth-card";

// /newsletter/unsubscribe?token=…: the unsubscribe link in every mail to the
// list, and the List-Unsubscribe address mail apps post to. Opening the link
// shows a button (a GET changes nothing: scanners open links); a POST to the
// same address unsubscribes, whether it is the button's or a mail app's
// one-click "List-Unsubscribe=One-Click" (RFC 8058), which carries no cookie.
// The answer is the same whether or not the address was still on the list.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: NEWSLETTER_TEXT.unsubscribeTitle,
    description: "Stop getting our articles by email.",
    path: "/newsletter/unsubscribe",
    noindex: true,
  });

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export function loader({ request }: LoaderFunctionArgs) {
  return { token: tokenOf(request) };
}

export async function action({ request }: ActionFunctionArgs) {
  const posted = (await readFormData(request)).get("token");
  unsubscribeFromNewsletter(typeof posted === "string" && posted ? posted : tokenOf(request));
  return { unsubscribed: true };
}

export default function UnsubscribePage() {
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  if (answer?.unsubscribed) {
    return (
      <AuthCard title={NEWSLETTER_TEXT.unsubscribedTitle} intro={NEWSLETTER_TEXT.unsubscribedText} footer={null}>
        <Link to="/" className={buttonClass("outline", "w-full")}>
          Back to Home
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={NEWSLETTER_TEXT.unsubscribeTitle}
      intro="Take this address off our list: we will delete it and send it no more articles."
      footer={null}
    >
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <button type="submit" disabled={submitting} className={buttonClass("primary", "w-full")}>
          {submitting ? "Unsubscribing..." : NEWSLETTER_TEXT.unsubscribeButton}
        </button>
      </Form>
    </AuthCard>
  );
}
