import type { PayloadOf } from "~/models/site/outbox-payload";
import { publicOrigin } from "~/utils/env.server";
import { composeMail } from "./compose.server";
import { greeting, MailLink, type MailContent } from "./layout";
import { instituteNow, mailSignature } from "./institute.server";

// The message a "Forgot your password?" request sends to an address that has
// an account. An address without one gets nothing, and the page says the same
// either way (docs/decisions/0011-accounts-and-sign-in.md).

/** The "Reset your password" message, its link leading to this site. */
export const writePasswordReset = ({ firstName, token }: PayloadOf<"reset-password">) =>
  composeMail(resetPasswordContent({ firstName, link: `${publicOrigin()}/reset-password?${new URLSearchParams({ token })}` }));

function resetPasswordContent({ firstName, link }: { firstName: string | null; link: string }): MailContent {
  const intro = `Someone, probably you, asked to reset the password of your ${instituteNow().name} account. Choose a new password here:`;
  const rules = "The link works once, for 1 hour. Setting a new password signs you out everywhere else.";
  const notYou = "Did not ask? Then ignore this message: your password stays as it was.";
  return {
    subject: `Reset your ${instituteNow().name} password`,
    text: `${greeting(firstName)}\n\n${intro}\n\n${link}\n\n${rules}\n\n${notYou}\n\n${mailSignature()}\n`,
    body: (
      <>
        <p>{greeting(firstName)}</p>
        <p>{intro}</p>
        <MailLink href={link}>Choose a new password</MailLink>
        <p>{rules}</p>
        <p>{notYou}</p>
      </>
    ),
  };
}
