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

/** Where most visitors who land on a missing page were heading. */
const POPULAR_LINKS = [
  { label: "Courses", to: "/courses" },
  { label: "Events", to: "/events" },
  { label: "Blog", to: "/blog" },
  { label: "Contact us", to: "/contact" },
] as const;

export function ErrorScreen({ kind, message }: { kind: ErrorKind; message?: string }) {
  const screen = SCREENS[kind];
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center sm:py-24">
      <p className="text-6xl font-bold text-amber-700" aria-hidden="true">
        {screen.mark}
      </p>
      <h1 className="text-3xl font-bold text-navy-900">{screen.title}</h1>
      <p className="text-slate-600">{(kind === "unavailable" || kind === "refused") && message ? message : screen.text}</p>
      {kind === "not-found" ? <FindSomethingElse /> : null}
      <Link to="/" className={buttonClass(kind === "not-found" ? "outline" : "primary")}>
        Back to Home
      </Link>
    </div>
  );
}

/** A missing page still leads somewhere: a course search (a plain GET form) and the popular sections. */
function FindSomethingElse() {
  return (
    <>
      <form method="get" action="/courses" role="search" aria-label="Search courses" className="flex w-full gap-2">
        <label htmlFor="not-found-search" className="sr-only">
          Search courses
        </label>
        <input
          id="not-found-search"
          type="search"
          name="q"
          maxLength={100}
          placeholder="Search courses"
          className="block min-h-11 w-full rounded-lg border border-slate-400 px-3"
        />
        <button type="submit" className={buttonClass("primary")}>
          Search
        </button>
      </form>
      <nav aria-label="Popular pages">
        <ul className="flex flex-wrap justify-center gap-2">
          {POPULAR_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={buttonClass("ghost")}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
