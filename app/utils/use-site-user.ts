import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/routes/_site+/_layout";

/** The signed-in student as the site layout loaded it (first name, admin flag), or null. */
export function useSiteUser() {
  return useRouteLoaderData<typeof loader>("routes/_site+/_layout")?.user ?? null;
}
