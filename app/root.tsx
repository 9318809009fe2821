import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { AnalyticsConsentBanner } from "~/components/analytics-consent";
import { AnalyticsOffWithoutConsent, gtagUrl, startAnalyticsAfterConsent } from "~/components/analytics-tag";
import { ChatWidget } from "~/components/chat/chat-widget";
import { showsChatWidget } from "~/components/chat/chat-text";
import { errorPageMeta, GeneralErrorBoundary } from "~/components/error-boundary";
import { useNonce } from "~/components/nonce";
import { Toaster } from "~/components/toaster";
import { readSettings } from "~/models/site-settings.server";
import { analyticsState } from "~/utils/analytics-state.server";
import { getEnv } from "~/utils/env.server";
import { siteOrigin } from "~/utils/seo.server";
import { getToast, type ToastMessage } from "~/utils/toast.server";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// When the whole page failed (the root's error screen), its title says so.
export const meta: MetaFunction = ({ error, matches }) => (error ? errorPageMeta(error, matches) : []);

export async function loader({ request }: LoaderFunctionArgs) {
  const env = getEnv();
  const { toast, headers } = await getToast(request);
  return data(
    {
      origin: siteOrigin(request),
      analytics: env.GA_TRACKING_ID ? await analyticsState(request, env.GA_TRACKING_ID) : null,
      toast,
      institute: readSettings("institute"),
    },
    { headers: headers ?? undefined },
  );
}

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

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f3a" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        {showsChatWidget(pathname) ? <ChatWidget /> : null}
        <Toaster toast={data?.toast ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {data?.analytics?.decision === null ? <AnalyticsConsentBanner /> : null}
        {data?.analytics?.load ? <GoogleAnalytics trackingId={data.analytics.trackingId} toast={data.toast} /> : null}
        {data?.analytics ? <AnalyticsOffWithoutConsent trackingId={data.analytics.trackingId} load={data.analytics.load} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return (
    <main id="main" className="flex flex-1 flex-col">
      <GeneralErrorBoundary />
    </main>
  );
}
