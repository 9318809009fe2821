import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

/** One error screen for the whole site: 'Page Not Found' for 404s, a calm apology otherwise. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && typeof document !== "undefined") console.error(error);
  return <ErrorScreen notFound={notFound} />;
}

export function ErrorScreen({ notFound }: { notFound: boolean }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-bold text-amber-700" aria-hidden="true">
        {notFound ? "404" : "!"}
      </p>
      <h1 className="text-3xl font-bold text-navy-900">
        {notFound ? "Page Not Found" : "Something went wrong"}
      </h1>
      <p className="text-slate-600">
        {notFound
          ? "The page you are looking for does not exist or has moved."
          : "We could not load this page. Please try again in a moment."}
      </p>
      <Link to="/" className={buttonClass("primary")}>
        Back to Home
      </Link>
    </div>
  );
}
