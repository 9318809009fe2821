import type { MetaDescriptor } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { instituteFrom } from "~/utils/seo";

type Matches = Parameters<typeof instituteFrom>[0];

/** The page title of an error screen: "Page not found | …" for a 404, "Something went wrong | …" otherwise. */
export function errorPageMeta(error: unknown, matches: Matches): MetaDescriptor[] {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: `${notFound ? "Page not found" : "Something went wrong"} | ${instituteFrom(matches).name}` },
    { name: "robots", content: "noindex" },
  ];
}

/** The title of the "Page not found" screen: "Page not found | <institute>". */
export const notFoundMeta = (matches: Matches): MetaDescriptor[] => [
  { title: `Page not found | ${instituteFrom(matches).name}` },
  { name: "robots", content: "noindex" },
];
