import { randomUUID } from "node:crypto";
import { getEnv, type Env } from "./env.server";

// A message's Message-ID is chosen when it is queued, so a resend after a
// crash is the same message to mail clients (they fold it into one thread).

/** The host of the site's address, or localhost when SITE_URL is unset. */
export function siteHost(env: Pick<Env, "SITE_URL"> = getEnv()): string {
  return env.SITE_URL ? new URL(env.SITE_URL).hostname : "localhost";
}

/** `<random@domain>`, the domain being the sender's: MAIL_FROM's, else the site's (RFC 5322 wants one we own). */
export function newMessageId(env: Pick<Env, "MAIL_FROM" | "SITE_URL"> = getEnv()): string {
  const domain = (env.MAIL_FROM && /@([^>\s]+)>?\s*$/.exec(env.MAIL_FROM)?.[1]) || siteHost(env);
  return `<${randomUUID()}@${domain}>`;
}
