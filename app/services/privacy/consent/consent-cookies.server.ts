import { randomUUID } from "node:crypto";
import type { ConsentDecision } from "../../../../db/enums";
import { ANALYTICS_CONSENT_COOKIE } from "~/utils/analytics-consent";
import { cookiesAreSecure } from "~/utils/env.server";
import { getOptionalUser } from "../../accounts/sessions/student-session.server";

/** The browser's random id, so an anonymous visitor's choices can be recorded and found again. */
const VISITOR_ID_COOKIE = "visitor_id";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function cookieAttributes(): string {
  return `Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax; HttpOnly${cookiesAreSecure() ? "; Secure" : ""}`;
}

/** The browser's visitor id, or a new one when it has none (or one we did not make). */
export function visitorIdOf(request: Request): { visitorId: string; isNew: boolean } {
  const header = request.headers.get("Cookie") ?? "";
  const pair = header
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${VISITOR_ID_COOKIE}=`));
  const value = pair?.slice(VISITOR_ID_COOKIE.length + 1);
  return value && UUID.test(value) ? { visitorId: value, isNew: false } : { visitorId: randomUUID(), isNew: true };
}

/** The Set-Cookie headers that keep the decision (and a new visitor id) in the browser for a year. */
export function analyticsConsentCookies(decision: ConsentDecision, newVisitorId: string | null): Headers {
  const headers = new Headers();
  headers.append("Set-Cookie", `${ANALYTICS_CONSENT_COOKIE}=${decision}; ${cookieAttributes()}`);
  if (newVisitorId) headers.append("Set-Cookie", `${VISITOR_ID_COOKIE}=${newVisitorId}; ${cookieAttributes()}`);
  return headers;
}

/** Who gives a form's consent: the signed-in account if any, and the browser's visitor id (a new one when it has none). */
export async function consentSubjectOf(request: Request): Promise<{ userId: string | null; visitorId: string }> {
  const user = await getOptionalUser(request);
  return { userId: user?.id ?? null, visitorId: visitorIdOf(request).visitorId };
}
