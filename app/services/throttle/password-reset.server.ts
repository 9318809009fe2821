import { recordSystemAction } from "~/models/site/audit-log.server";
import { normaliseEmail } from "~/models/accounts/user.server";
import { Allowance } from "./allowance.server";
import { throttled, type Throttled } from "./wait";

// "Forgot your password?" sends mail, so it is limited per client and per
// address: nobody can flood a mailbox with reset links, nor the outbox with
// messages. Every request counts, whether or not the address has an account,
// so a refusal says nothing about which addresses have one.

const HOUR_SECONDS = 60 * 60;
const PASSWORD_RESET_LIMITS = { perClientPerHour: 10, perEmailPerHour: 3 } as const;

const perClient = new Allowance("password-reset-client", PASSWORD_RESET_LIMITS.perClientPerHour, HOUR_SECONDS);
const perEmail = new Allowance("password-reset-email", PASSWORD_RESET_LIMITS.perEmailPerHour, HOUR_SECONDS);

const tooMany = (wait: string) => `Too many password reset requests. Please wait ${wait} and try again.`;

/** Spends one reset request for this client and this address; a 429 when either has none left this hour. */
export async function claimPasswordResetRequest(client: string, email: string): Promise<{ ok: true } | Throttled> {
  const address = normaliseEmail(email);
  const byClient = await perClient.take(client);
  if (!byClient.ok) {
    if (byClient.firstRefusal) auditResetThrottle({ rule: "client", client, requests: perClient.points });
    return throttled(tooMany, byClient.waitMs);
  }
  const byEmail = await perEmail.take(address);
  if (!byEmail.ok) {
    await perClient.giveBack(client);
    // The address is not logged: the audit log is not a list of who forgot what.
    if (byEmail.firstRefusal) auditResetThrottle({ rule: "email", client, requests: perEmail.points });
    return throttled(tooMany, byEmail.waitMs);
  }
  return { ok: true };
}

const auditResetThrottle = (details: Record<string, unknown>) =>
  recordSystemAction({ actor: "throttle", action: "password_reset_throttled", subject: null, details });
