import { useEffect } from "react";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export const gtagUrl = (trackingId: string) => `https://www.googletagmanager.com/gtag/js?id=${trackingId}`;

/**
 * Starts Google Analytics in a page that was served without it (consent given
 * through the banner's fetcher). A page served with consent already ran the
 * server-rendered tag, so `gtag` exists and nothing is added.
 */
export function startAnalyticsAfterConsent(trackingId: string) {
  if (window.gtag) return;
  window.dataLayer = window.dataLayer ?? [];
  const dataLayer = window.dataLayer;
  window.gtag = function gtag() {
    // gtag.js reads the arguments object itself, as its own snippet pushes it.
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  window.gtag("js", new Date());
  window.gtag("config", trackingId, { send_page_view: false });
  const script = document.createElement("script");
  script.async = true;
  script.src = gtagUrl(trackingId);
  document.body.appendChild(script);
}

/** Consent withdrawn on a page where analytics already run: Google's switch stops the tag sending anything more. */
export function AnalyticsOffWithoutConsent({ trackingId, load }: { trackingId: string; load: boolean }) {
  useEffect(() => {
    Reflect.set(window, `ga-disable-${trackingId}`, !load);
  }, [trackingId, load]);
  return null;
}
