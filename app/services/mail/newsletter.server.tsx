import type { PayloadOf } from "~/models/site/outbox-payload";
import { publicOrigin } from "~/utils/env.server";
import { composeMail } from "./compose.server";
import { greeting, MailLink } from "./layout";
import { instituteNow, mailSignature } from "./institute.server";

// The one mail a newsletter sign-up sends: a link for the mailbox's owner to
// confirm it (double opt-in), and a link that takes the address off the list.
// It repeats nothing the visitor typed: whoever typed the address may not own it.

/** The unsubscribe page for an address's secret: also the one-click List-Unsubscribe target. */
const newsletterUnsubscribeUrl = (unsubscribeToken: string) =>
  `${publicOrigin()}/newsletter/unsubscribe?${new URLSearchParams({ token: unsubscribeToken })}`;

export const writeNewsletterConfirmation = ({ confirmToken, unsubscribeToken }: PayloadOf<"newsletter-confirm">) => {
  const name = instituteNow().name;
  const confirmLink = `${publicOrigin()}/newsletter/confirm?${new URLSearchParams({ token: confirmToken })}`;
  const unsubscribeLink = newsletterUnsubscribeUrl(unsubscribeToken);
  const intro = `Someone, probably you, asked to get ${name}'s new articles by email at this address. Please confirm:`;
  const rules = "The link works for 7 days. Until you use it, we send you nothing else.";
  const notYou = `Did not ask? Then ignore this message, or take this address off the list at once: ${unsubscribeLink}`;
  return composeMail(
    {
      subject: `Confirm your subscription to ${name}'s articles`,
      text: `${greeting(null)}\n\n${intro}\n\n${confirmLink}\n\n${rules}\n\n${notYou}\n\n${mailSignature()}\n`,
      body: (
        <>
          <p>{greeting(null)}</p>
          <p>{intro}</p>
          <MailLink href={confirmLink}>Confirm my subscription</MailLink>
          <p>{rules}</p>
          <p>
            Did not ask? Then ignore this message, or <a href={unsubscribeLink}>take this address off the list</a> at once.
          </p>
        </>
      ),
    },
    { listUnsubscribe: unsubscribeLink },
  );
};
