import type { ReactNode } from "react";
import { CONTACT, SITE_NAME } from "~/content/site";

// Mail bodies as plain components, rendered to static HTML beside a text part.
// Inline styles and one narrow column: mail clients ignore style sheets, and
// many are read on a phone. Every message names the institute and carries its
// link as plain text too, for clients that show no HTML.

export type MailContent = { subject: string; text: string; body: ReactNode };

const colours = { navy: "#0b1f3a", gold: "#f5b301", slate: "#334155", line: "#e2e8f0" };

export function MailFrame({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </head>
      <body style={{ margin: 0, padding: "24px 12px", backgroundColor: "#f1f5f9", fontFamily: "Arial, Helvetica, sans-serif" }}>
        <div style={{ maxWidth: 560, margin: "0 auto", backgroundColor: "#ffffff", borderRadius: 12, overflow: "hidden" }}>
          <p style={{ margin: 0, padding: "16px 24px", backgroundColor: colours.navy, color: "#ffffff", fontSize: 18, fontWeight: "bold" }}>
            {SITE_NAME}
          </p>
          <div style={{ padding: "8px 24px 24px", color: colours.slate, fontSize: 16, lineHeight: 1.5 }}>{children}</div>
          <p style={{ margin: 0, padding: "12px 24px", borderTop: `1px solid ${colours.line}`, color: "#64748b", fontSize: 13 }}>
            {SITE_NAME} ·{" "}
            <a href={`mailto:${CONTACT.email}`} style={{ color: "#64748b" }}>
              {CONTACT.email}
            </a>
          </p>
        </div>
      </body>
    </html>
  );
}

/** A button-like link, and the same address written out for clients that hide buttons. */
export function MailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <>
      <p style={{ margin: "24px 0" }}>
        <a
          href={href}
          style={{
            display: "inline-block",
            padding: "12px 20px",
            backgroundColor: colours.gold,
            color: colours.navy,
            fontWeight: "bold",
            borderRadius: 8,
            textDecoration: "none",
          }}
        >
          {children}
        </a>
      </p>
      <p style={{ fontSize: 13, wordBreak: "break-all" }}>
        Or copy this address into your browser:{" "}
        <a href={href} style={{ color: colours.navy }}>
          {href}
        </a>
      </p>
    </>
  );
}

const greeting = (firstName: string | null) => (firstName ? `Hello ${firstName},` : "Hello,");
const signature = `${SITE_NAME}\n${CONTACT.email}`;

/** To a new account: confirm the address with a single-use link. */
export function confirmEmailMail({ firstName, link }: { firstName: string | null; link: string }): MailContent {
  const intro = `Welcome to ${SITE_NAME}! Please confirm that this is your email address:`;
  const meanwhile = "The link works once, for 24 hours. Meanwhile you can already sign in with your password, browse courses and enrol.";
  const notYou = "Did not sign up? Then ignore this message: nothing happens without the link.";
  return {
    subject: `Confirm your email address for ${SITE_NAME}`,
    text: `${greeting(firstName)}\n\n${intro}\n\n${link}\n\n${meanwhile}\n\n${notYou}\n\n${signature}\n`,
    body: (
      <>
        <p>{greeting(firstName)}</p>
        <p>{intro}</p>
        <MailLink href={link}>Confirm my email address</MailLink>
        <p>{meanwhile}</p>
        <p>{notYou}</p>
      </>
    ),
  };
}

/** To the owner of an address someone tried to sign up with again: nothing changed, here is how to sign in. */
export function accountExistsMail({ firstName, signInLink }: { firstName: string | null; signInLink: string }): MailContent {
  const what = `Someone, probably you, just tried to create a ${SITE_NAME} account with this email address. You already have one, so nothing was changed.`;
  const forgot = `Forgotten your password? Write to us at ${CONTACT.email} and we will help you back in.`;
  const notYou = "If this was not you, you can ignore this message: your account and password stay as they were.";
  return {
    subject: `You already have a ${SITE_NAME} account`,
    text: `${greeting(firstName)}\n\n${what}\n\nSign in here:\n${signInLink}\n\n${forgot}\n\n${notYou}\n\n${signature}\n`,
    body: (
      <>
        <p>{greeting(firstName)}</p>
        <p>{what}</p>
        <MailLink href={signInLink}>Sign in</MailLink>
        <p>{forgot}</p>
        <p>{notYou}</p>
      </>
    ),
  };
}
