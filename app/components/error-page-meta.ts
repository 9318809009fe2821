import type { MetaDescriptor } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { SITE_NAME } from "~/content/site";

/** The page title of an error screen: "Page not found | …" for a 404, "Something went wrong | …" otherwise. */
export function errorPageMeta(error: unknown): MetaDescriptor[] {
  const title = isRouteErrorResponse(error) && error.status === 404 ? NOT_FOUND_TITLE : ERROR_TITLE;
  return [{ title }, { name: "robots", content: "noindex" }];
}

export const NOT_FOUND_TITLE = `Page not found | ${SITE_NAME}`;
const ERROR_TITLE = `Something went wrong | ${SITE_NAME}`;
