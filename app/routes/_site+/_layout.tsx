import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { DeferredErrorBoundary } from "~/components/deferred-error-boundary";
import { errorPageMeta } from "~/components/error-page-meta";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { frameDisclaimer } from "~/services/legal-pages.server";
import { headerUser } from "~/services/accounts/sessions/student-session.server";
import { sharedRenderViewer } from "~/services/site-build/shared-render.server";
import { useFrameDisclaimer } from "~/utils/use-frame-disclaimer";
import { useSiteUser } from "~/utils/use-site-user";

export async function loader({ request }: LoaderFunctionArgs) {
  // A page rendered once for many students is rendered for a stand-in (their name goes in afterwards).
  const viewer = sharedRenderViewer();
  if (viewer)
    return { user: { firstName: viewer.firstName, isAdmin: viewer.isAdmin, hasCourses: viewer.hasCourses }, disclaimer: frameDisclaimer() };
  return { user: await headerUser(request), disclaimer: frameDisclaimer() };
}

// A page that failed has no meta of its own: its error screen's title is this one.
export const meta: MetaFunction = ({ error, matches }) => (error ? errorPageMeta(error, matches) : []);

export default function SiteLayout() {
  return (
    <>
      <SiteHeader user={useSiteUser()} />
      <main id="main" className="flex flex-1 flex-col">
        <Outlet />
      </main>
      <SiteFooter disclaimer={useFrameDisclaimer()} />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <SiteHeader user={useSiteUser()} />
      <main id="main" className="flex flex-1 flex-col">
        <DeferredErrorBoundary />
      </main>
      <SiteFooter disclaimer={useFrameDisclaimer()} />
    </>
  );
}
