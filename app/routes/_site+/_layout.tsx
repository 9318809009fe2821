import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";

export default function SiteLayout() {
  return (
    <>
      <SiteHeader user={null} />
      <main id="main" className="flex flex-1 flex-col">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <SiteHeader user={null} />
      <main id="main" className="flex flex-1 flex-col">
        <GeneralErrorBoundary />
      </main>
      <SiteFooter />
    </>
  );
}
