import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

type ErrorKind = "not-found" | "refused" | "unavailable" | "unknown";

/** One error screen for the whole site: 'Page Not Found' for 404s, the server's words for a 503, a calm apology otherwise. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const kind: ErrorKind = !isRouteErrorResponse(error)
    ? "unknown"
    : error.status === 404
      ? "not-found"
      : error.status === 503
        ? "unavailable"
        : error.status >= 400 && error.status < 500
          ? "refused"
          : "unknown";
  if (kind === "unknown" && typeof document !== "undefined") console.error(error);
  const message = isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : undefined;
  return <ErrorScreen kind={kind} message={message} />;
}

const SCREENS: Record<ErrorKind, { mark: string; title: string; text: string }> = {
  "not-found": { mark: "404", title: "Page Not Found", text: "The page you are looking for does not exist or has moved." },
  refused: { mark: "!", title: "Request not accepted", text: "What was sent could not be used. Please go back and try again." },
  unavailable: { mark: "!", title: "Saving is paused", text: "We can't save changes right now. Please try again in a few minutes." },
  unknown: { mark: "!", title: "Something went wrong", text: "We could not load this page. Please try again in a moment." },
};

export function ErrorScreen({ kind, message }: { kind: ErrorKind; message?: string }) {
  const screen = SCREENS[kind];
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-bold text-amber-700" aria-hidden="true">
        {screen.mark}
      </p>
      <h1 className="text-3xl font-bold text-navy-900">{screen.title}</h1>
      <p className="text-slate-600">{(kind === "unavailable" || kind === "refused") && message ? message : screen.text}</p>
      <Link to="/" className={buttonClass("primary")}>
        Back to Home
      </Link>
    </div>
  );
}
