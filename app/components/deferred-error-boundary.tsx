import { deferredComponent } from "~/components/deferred-component";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/**
 * The site's error screen for a layout's ErrorBoundary: every page carries the boundary, few pages
 * fail, so its code is fetched only when one does (the server's error page is complete without it).
 */
export const DeferredErrorBoundary = deferredComponent("error-screen", import.meta.env.SSR ? GeneralErrorBoundary : null, () =>
  import("~/components/error-boundary").then((module) => module.GeneralErrorBoundary),
);
