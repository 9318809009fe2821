import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { AnalyticsConsentBanner } from "~/components/analytics-consent";
import { AnalyticsOffWithoutConsent, gtagUrl, startAnalyticsAfterConsent } from "~/components/analytics-tag";
import { useNonce } from "~/components/nonce";
import type { ToastMessage } from "~/utils/toast.server";

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

function GoogleAnalytics({ trackingId, toast }: { trackingId: string; toast: ToastMessage | null }) {
  const nonce = useNonce();
  const location = useLocation();
  // Accepted on this page through the banner's fetcher: the tag React adds now is inert (React never runs a
  // script it inserts), so the browser is given one that runs.
  useEffect(() => startAnalyticsAfterConsent(trackingId), [trackingId]);
  useEffect(() => {
    window.gtag?.("config", trackingId, { page_path: location.pathname + location.search });
  }, [trackingId, location.pathname, location.search]);
  // Admin changes arrive as a toast naming the event (a redirect after a form post carries nothing else).
  const analyticsEvent = toast?.analyticsEvent;
  const toastId = toast?.id;
  useEffect(() => {
    if (analyticsEvent) window.gtag?.("event", analyticsEvent, { event_category: "admin", toast_id: toastId });
  }, [analyticsEvent, toastId]);
  return (
    <>
      <script async nonce={nonce} src={gtagUrl(trackingId)} />
      <script
        nonce={nonce}
        // The tracking id is validated by the env schema (letters, digits, dashes).
        dangerouslySetInnerHTML={{
          __html: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}window.gtag=gtag;gtag('js',new Date());gtag('config','${trackingId}',{send_page_view:false});`,
        }}
      />
    </>
  );
}

/** What the root renders when analytics are configured: the consent banner until a choice, then the tag or its off switch. */
export function SiteAnalytics({
  analytics,
  toast,
}: {
  analytics: { trackingId: string; decision: string | null; load: boolean };
  toast: ToastMessage | null;
}) {
  return (
    <>
      {analytics.decision === null ? <AnalyticsConsentBanner /> : null}
      {analytics.load ? <GoogleAnalytics trackingId={analytics.trackingId} toast={toast} /> : null}
      <AnalyticsOffWithoutConsent trackingId={analytics.trackingId} load={analytics.load} />
    </>
  );
}
