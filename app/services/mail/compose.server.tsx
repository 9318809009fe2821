import { renderToStaticMarkup } from "react-dom/server";
import type { OutboxAttachment } from "../../../db/schema";
import type { WrittenMessage } from "~/models/site/outbox.server";
import { getEnv, type Env } from "~/utils/env.server";
import { siteHost } from "~/utils/message-id.server";
import { MailFrame, type MailContent } from "./layout";
import { instituteNow } from "./institute.server";

// Turns a template's content into what the outbox stores and sends: subject,
// text part and HTML part, with any attachments.

/** The sender: MAIL_FROM, or the institute's name at no-reply@ the site's host. */
export function mailSender(env: Pick<Env, "MAIL_FROM" | "SITE_URL"> = getEnv()): string {
  // A quote or line break in the name would end the quoted display name early.
  return env.MAIL_FROM ?? `"${instituteNow().name.replace(/["\\\r\n]/g, "")}" <no-reply@${siteHost(env)}>`;
}

/** A template's content written out, framed with the institute's name as the settings stand now. */
export function composeMail(
  content: MailContent,
  { attachments = [], listUnsubscribe = null }: { attachments?: OutboxAttachment[]; listUnsubscribe?: string | null } = {},
): WrittenMessage {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(<MailFrame institute={instituteNow()}>{content.body}</MailFrame>)}`;
  return { subject: content.subject, text: content.text, html, attachments, listUnsubscribe };
}
