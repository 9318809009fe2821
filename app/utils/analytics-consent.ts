// The browser's analytics choice, kept in a cookie of its own that says only
// "granted" or "withdrawn": nothing personal, so a page rendered once for many
// visitors (docs/decisions/0017) can be rendered once per choice with it.
import type { ConsentDecision } from "../../db/enums";

export const ANALYTICS_CONSENT_COOKIE = "analytics_consent";

/** The purpose the banner asks about, as the consent records name it. */
export const ANALYTICS_PURPOSE = "analytics";

/** The decision a Cookie header carries, or null when the visitor has not decided (or the value is not one of ours). */
export function analyticsConsentIn(cookieHeader: string | null | undefined): ConsentDecision | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const separator = pair.indexOf("=");
    if (separator < 0 || pair.slice(0, separator).trim() !== ANALYTICS_CONSENT_COOKIE) continue;
    const value = pair.slice(separator + 1).trim();
    if (value === "granted" || value === "withdrawn") return value;
  }
  return null;
}

/** Only the consent cookie of a Cookie header, for a render that must see nothing else of the visitor. */
export function onlyAnalyticsConsent(cookieHeader: string | null | undefined): string | undefined {
  const decision = analyticsConsentIn(cookieHeader);
  return decision ? `${ANALYTICS_CONSENT_COOKIE}=${decision}` : undefined;
}
