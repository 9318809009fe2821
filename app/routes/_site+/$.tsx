import type { MetaFunction } from "@remix-run/node";
import { ErrorScreen } from "~/components/error-boundary";
import { notFoundMeta } from "~/components/error-page-meta";

// Any unknown path: a real 404 status with the site's 'Page Not Found' screen.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export const meta: MetaFunction = ({ matches }) => notFoundMeta(matches);

export default function NotFound() {
  return <ErrorScreen kind="not-found" />;
}

export function ErrorBoundary() {
  return <ErrorScreen kind="not-found" />;
}
