import { hasConfirmedAdult } from "~/models/accounts/user.server";
import { analyticsConsentIn } from "~/utils/analytics-consent";
import { sharedRenderViewer } from "../../site-build/shared-render.server";
import { getOptionalUser } from "../../accounts/sessions/student-session.server";

/**
 * What the page does about Google Analytics: ask (no decision yet), load the tag
 * (granted, and the visitor is anonymous or an account holder who confirmed
 * they are 18 or older: a child's data is never tracked), or leave it out.
 * A page rendered once for many (docs/decisions/0017) sees only the consent
 * cookie, and the stand-in viewer's adult flag, which its cache key carries.
 */
export async function analyticsState(request: Request, trackingId: string) {
  const decision = analyticsConsentIn(request.headers.get("Cookie"));
  return { trackingId, decision, load: decision === "granted" && (await isAdultOrAnonymous(request)) };
}

async function isAdultOrAnonymous(request: Request): Promise<boolean> {
  const viewer = sharedRenderViewer();
  if (viewer) return viewer.adultConfirmed;
  const user = await getOptionalUser(request);
  return !user || hasConfirmedAdult(user.id);
}
