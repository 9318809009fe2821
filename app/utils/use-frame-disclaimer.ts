import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/routes/_site+/_layout";

/** The disclaimer as the site layout loaded it from the settings; undefined on an error page whose layout loader failed. */
export function useFrameDisclaimer() {
  return useRouteLoaderData<typeof loader>("routes/_site+/_layout")?.disclaimer;
}
