import { nthClientAddress, postFormAsClient } from "./http";
import { startMailCatcher, type MailCatcher } from "./smtp";
import { startSite, type Site } from "./production-server";

// A production server that sends its mail to a real SMTP server of the test's
// own, and form posts as a browser on the site sends them, each from a client
// address of its own so per-address throttles never decide the answers.

export const MAIL_FROM = '"TradeMaster Academy" <hello@institute.example>';

export async function startSiteWithMail(name: string, sitePort: number, smtpPort: number): Promise<{ site: Site; mail: MailCatcher }> {
  const mail = await startMailCatcher(smtpPort);
  const site = await startSite({
    name,
    port: sitePort,
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, SITE_URL: `http://localhost:${sitePort}`, MAIL_FROM, TRUST_PROXY: "loopback" },
  });
  return { site, mail };
}

/** Posts a form as the site's own page would; `client` numbers the address it comes from (X-Forwarded-For). */
export function sameSitePost(site: Site, path: string, fields: Record<string, string>, client: number, cookie?: string) {
  return postFormAsClient(site.url, path, fields, nthClientAddress(`10.${site.port % 250}`, client), cookie);
}
