import type { ReactNode } from "react";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SiteFooter, type FrameDisclaimer } from "~/components/site-footer";
import { SiteHeader, type HeaderUser } from "~/components/site-header";
import { frameDisclaimer } from "~/services/legal-pages.server";
import { headerUser } from "~/services/accounts/sessions/student-session.server";

// The classroom sits in the site's frame (header and footer) with the signed-in student's greeting.
export async function loader({ request }: LoaderFunctionArgs) {
  return { user: await headerUser(request), disclaimer: frameDisclaimer() };
}

function ClassroomFrame({ user, disclaimer, children }: { user: HeaderUser | null; disclaimer?: FrameDisclaimer; children: ReactNode }) {
  return (
    <>
      <SiteHeader user={user} />
      <main id="main" className="flex flex-1 flex-col bg-slate-50">
        {children}
      </main>
      <SiteFooter disclaimer={disclaimer} />
    </>
  );
}

export default function ClassroomLayout() {
  const { user, disclaimer } = useLoaderData<typeof loader>();
  return (
    <ClassroomFrame user={user} disclaimer={disclaimer}>
      <Outlet />
    </ClassroomFrame>
  );
}

export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/_learn+/_layout");
  return (
    <ClassroomFrame user={data?.user ?? null} disclaimer={data?.disclaimer}>
      <GeneralErrorBoundary />
    </ClassroomFrame>
  );
}
