import { randomUUID } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import type { OutboxDraft } from "~/models/site/outbox.server";
import { getEnv, type Env } from "~/utils/env.server";
import { MailFrame, type MailContent } from "./layout";
import { instituteNow } from "./institute.server";

// Turns a template into an outbox row's content: subject, text part, HTML
// part and a Message-ID chosen now, so a resend is the same message.

/** The sender: MAIL_FROM, or the institute's name at no-reply@ the site's host. */
export function mailSender(env: Pick<Env, "MAIL_FROM" | "SITE_URL"> = getEnv()): string {
  // A quote or line break in the name would end the quoted display name early.
  return env.MAIL_FROM ?? `"${instituteNow().name.replace(/["\\\r\n]/g, "")}" <no-reply@${siteHost(env)}>`;
}

function siteHost(env: Pick<Env, "SITE_URL">): string {
  return env.SITE_URL ? new URL(env.SITE_URL).hostname : "localhost";
}

/** `<random@domain>`, the domain being the sender's (RFC 5322 wants one we own). */
function newMessageId(env: Pick<Env, "MAIL_FROM" | "SITE_URL"> = getEnv()): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(mailSender(env))?.[1] ?? siteHost(env);
  return `<${randomUUID()}@${domain}>`;
}

/** A template's content as an outbox draft of the given kind, to one address. */
export function composeMail(kind: string, to: string, content: MailContent): OutboxDraft {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(<MailFrame institute={instituteNow()}>{content.body}</MailFrame>)}`;
  return { kind, to, subject: content.subject, text: content.text, html, messageId: newMessageId() };
}
