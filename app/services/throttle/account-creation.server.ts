import { recordSystemAction } from "~/models/site/audit-log.server";
import { Allowance } from "./allowance.server";
import { throttled, type Throttled } from "./wait";

// New accounts, by sign-up form or by a first OAuth sign-in: a few per client
// an hour, and a ceiling for the whole site, so a script cannot make accounts
// without limit. Every sign-up that passes the form's own checks counts,
// whatever its outcome (a taken email too), so the limit says nothing about
// which emails have accounts.

const HOUR_SECONDS = 60 * 60;
export const ACCOUNT_CREATION_LIMITS = { perClientPerHour: 10, perSitePerHour: 300 } as const;

const perClient = new Allowance("account-creation-client", ACCOUNT_CREATION_LIMITS.perClientPerHour, HOUR_SECONDS);
const perSite = new Allowance("account-creation-site", ACCOUNT_CREATION_LIMITS.perSitePerHour, HOUR_SECONDS);
const SITE = "site";

const auditSignUpThrottle = (details: Record<string, unknown>) =>
  recordSystemAction({ actor: "throttle", action: "sign_up_throttled", subject: null, details });

const fromThisClient = (wait: string) => `Too many new accounts from your network. Please wait ${wait} and try again.`;
const acrossTheSite = (wait: string) => `We are receiving an unusual number of new accounts right now. Please try again in ${wait}.`;

/** Spends one account creation for this client (and the site); a 429 when either has none left this hour. */
export async function claimAccountCreation(client: string): Promise<{ ok: true } | Throttled> {
  const byClient = await perClient.take(client);
  if (!byClient.ok) {
    if (byClient.firstRefusal) auditSignUpThrottle({ rule: "client", client, signUps: perClient.points });
    return throttled(fromThisClient, byClient.waitMs);
  }
  const bySite = await perSite.take(SITE);
  if (!bySite.ok) {
    await perClient.giveBack(client);
    if (bySite.firstRefusal) auditSignUpThrottle({ rule: "site", client, signUps: perSite.points });
    return throttled(acrossTheSite, bySite.waitMs);
  }
  return { ok: true };
}
