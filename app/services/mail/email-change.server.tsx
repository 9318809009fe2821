import type { PayloadOf } from "~/models/site/outbox-payload";
import { publicOrigin } from "~/utils/env.server";
import { composeMail } from "./compose.server";
import { greeting, MailLink, type MailContent } from "./layout";
import { instituteNow, mailSignature } from "./institute.server";

// The messages an email change sends: the link to the new address, a notice
// to the old one, and (when another account already uses the new address) a
// note to it that nothing changes. The account page answers alike either way.

/** To the new address: the link that confirms it. */
export const writeEmailChange = ({ firstName, token }: PayloadOf<"change-email">) =>
  composeMail(confirmNewAddressContent({ firstName, link: `${publicOrigin()}/confirm-email-change?${new URLSearchParams({ token })}` }));

/** To the current address: a change was asked for, and how to stop it. */
export const writeEmailChangeNotice = ({ firstName, newEmail }: PayloadOf<"change-email-notice">) =>
  composeMail(noticeContent({ firstName, newEmail, resetLink: `${publicOrigin()}/forgot-password` }));

/** To a new address another account already uses: nothing changes. */
export const writeEmailChangeTaken = () => composeMail(addressTakenContent({ signInLink: `${publicOrigin()}/login` }));

function confirmNewAddressContent({ firstName, link }: { firstName: string | null; link: string }): MailContent {
  const intro = `You asked to use this address for your ${instituteNow().name} account. Please confirm it:`;
  const rules = "The link works once, for 24 hours. Until you use it, we keep writing to your current address.";
  const notYou = "Did not ask? Then ignore this message: nothing changes without the link.";
  return {
    subject: `Confirm your new email address for ${instituteNow().name}`,
    text: `${greeting(firstName)}\n\n${intro}\n\n${link}\n\n${rules}\n\n${notYou}\n\n${mailSignature()}\n`,
    body: (
      <>
        <p>{greeting(firstName)}</p>
        <p>{intro}</p>
        <MailLink href={link}>Confirm my new email address</MailLink>
        <p>{rules}</p>
        <p>{notYou}</p>
      </>
    ),
  };
}

function noticeContent({ firstName, newEmail, resetLink }: { firstName: string | null; newEmail: string; resetLink: string }): MailContent {
  const intro = `Someone signed in to your ${instituteNow().name} account asked to change its email address to ${newEmail}.`;
  const then = "Nothing changes until the link we sent to that address is used. If it was you, there is nothing more to do here.";
  const notYou = `If it was not you, choose a new password now, which signs out every device, and write to us at ${instituteNow().email}:`;
  return {
    subject: `A change of email address was asked for your ${instituteNow().name} account`,
    text: `${greeting(firstName)}\n\n${intro}\n\n${then}\n\n${notYou}\n\n${resetLink}\n\n${mailSignature()}\n`,
    body: (
      <>
        <p>{greeting(firstName)}</p>
        <p>{intro}</p>
        <p>{then}</p>
        <p>{notYou}</p>
        <MailLink href={resetLink}>Choose a new password</MailLink>
      </>
    ),
  };
}

function addressTakenContent({ signInLink }: { signInLink: string }): MailContent {
  const intro = `Someone asked to move a ${instituteNow().name} account to this email address, but an account here already uses it. Nothing has changed.`;
  const then = "If that account is yours, you can sign in to it here:";
  return {
    subject: `Your email address already has a ${instituteNow().name} account`,
    text: `${greeting(null)}\n\n${intro}\n\n${then}\n\n${signInLink}\n\n${mailSignature()}\n`,
    body: (
      <>
        <p>{greeting(null)}</p>
        <p>{intro}</p>
        <p>{then}</p>
        <MailLink href={signInLink}>Sign in</MailLink>
      </>
    ),
  };
}
