import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { deferredComponent } from "~/components/deferred-component";
import { SiteAnalytics as SiteAnalyticsNow } from "~/components/site-analytics";
import { ChatWidget } from "~/components/chat/chat-widget";
import { showsChatWidget } from "~/components/chat/chat-text";
import { DeferredErrorBoundary } from "~/components/deferred-error-boundary";
import { errorPageMeta } from "~/components/error-page-meta";
import { useNonce } from "~/components/nonce";
import { Toaster } from "~/components/toaster";
import { instituteAddressOf } from "~/utils/institute-address.server";
import { readSettings } from "~/models/site/site-settings.server";
import { analyticsState } from "~/services/privacy/consent/analytics-state.server";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/env.server";
import { getToast } from "~/utils/toast.server";
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
  const institute = readSettings("institute");
  return data(
    {
      origin: publicOrigin(),
      analytics: env.GA_TRACKING_ID ? await analyticsState(request, env.GA_TRACKING_ID) : null,
      toast,
      institute,
      instituteAddress: instituteAddressOf(institute),
    },
    { headers: headers ?? undefined },
  );
}

// Google Analytics is off until an operator sets GA_TRACKING_ID: its code is fetched only where it runs.
const SiteAnalytics = deferredComponent("analytics", import.meta.env.SSR ? SiteAnalyticsNow : null, () =>
  import("~/components/site-analytics").then((module) => module.SiteAnalytics),
);

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
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-[110] focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-navy-900"
        >
          Skip to content
        </a>
        {/* First in the document, though shown over the page's top right: a form's result is the
            first thing a text browser or a screen reader meets, not something after the footer. */}
        <Toaster toast={data?.toast ?? null} />
        {children}
        {showsChatWidget(pathname) ? <ChatWidget /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {data?.analytics ? <SiteAnalytics analytics={data.analytics} toast={data.toast} /> : null}
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
      <DeferredErrorBoundary />
    </main>
  );
}
