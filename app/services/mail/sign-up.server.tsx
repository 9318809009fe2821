import type { PayloadOf } from "~/models/site/outbox-payload";
import { publicOrigin } from "~/utils/env.server";
import { composeMail } from "./compose.server";
import { greeting, MailLink, type MailContent } from "./layout";
import { instituteNow, mailSignature } from "./institute.server";

// The messages a sign-up sends: a confirmation link to a new address, and to
// the owner of an address that already has an account, a note that nothing
// changed (the page says the same either way: decision 0011).

/** The "Confirm your email address" message, its link leading to this site. */
export const writeEmailConfirmation = ({ token }: PayloadOf<"verify-email">) =>
  composeMail(confirmEmailMail({ link: `${publicOrigin()}/verify-email?${new URLSearchParams({ token })}` }));

/** To the owner of an address that signed up again: nothing changed, sign in or reset the password. */
export const writeAccountExists = ({ firstName }: PayloadOf<"account-exists">) =>
  composeMail(
    accountExistsMail({
      firstName,
      signInLink: `${publicOrigin()}/login`,
      resetLink: `${publicOrigin()}/forgot-password`,
    }),
  );

/** To a new account: confirm the address with a single-use link. */
/** Greets no one by name: the address is not confirmed, so the name was typed by whoever signed up. */
function confirmEmailMail({ link }: { link: string }): MailContent {
  const intro = `Welcome to ${instituteNow().name}! Please confirm that this is your email address:`;
  const meanwhile = "The link works once, for 24 hours. Meanwhile you can already sign in with your password, browse courses and enrol.";
  const notYou = "Did not sign up? Then ignore this message: nothing happens without the link.";
  return {
    subject: `Confirm your email address for ${instituteNow().name}`,
    text: `${greeting(null)}\n\n${intro}\n\n${link}\n\n${meanwhile}\n\n${notYou}\n\n${mailSignature()}\n`,
    body: (
      <>
        <p>{greeting(null)}</p>
        <p>{intro}</p>
        <MailLink href={link}>Confirm my email address</MailLink>
        <p>{meanwhile}</p>
        <p>{notYou}</p>
      </>
    ),
  };
}

/** To the owner of an address someone tried to sign up with again: nothing changed, here is how to sign in. */
function accountExistsMail({
  firstName,
  signInLink,
  resetLink,
}: {
  firstName: string | null;
  signInLink: string;
  resetLink: string;
}): MailContent {
  const what = `Someone, probably you, just tried to create a ${instituteNow().name} account with this email address. You already have one, so nothing was changed.`;
  const forgot = "Forgotten your password? Choose a new one here:";
  const notYou = "If this was not you, you can ignore this message: your account and password stay as they were.";
  return {
    subject: `You already have a ${instituteNow().name} account`,
    text: `${greeting(firstName)}\n\n${what}\n\nSign in here:\n${signInLink}\n\n${forgot}\n${resetLink}\n\n${notYou}\n\n${mailSignature()}\n`,
    body: (
      <>
        <p>{greeting(firstName)}</p>
        <p>{what}</p>
        <MailLink href={signInLink}>Sign in</MailLink>
        <p>{forgot}</p>
        <MailLink href={resetLink}>Reset my password</MailLink>
        <p>{notYou}</p>
      </>
    ),
  };
}
