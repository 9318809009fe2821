import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ANALYTICS_TEXT } from "~/content/analytics-consent";
import { buttonClass } from "~/components/ui/button";

/**
 * Accept or decline analytics: a real form posting to /consent, which records
 * the choice and sends the browser back here. Once the page has hydrated it goes
 * through a fetcher and asks for a plain answer, so the page stays where it is.
 */
export function AnalyticsChoiceForm({ source }: { source: "banner" | "cookie-settings" }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  return (
    <fetcher.Form method="post" action="/consent" className="flex shrink-0 flex-wrap gap-2">
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <input type="hidden" name="source" value={source} />
      {hydrated ? <input type="hidden" name="respond" value="data" /> : null}
      <button type="submit" name="decision" value="granted" className={buttonClass("primary", "min-h-10 px-4 text-sm")}>
        {ANALYTICS_TEXT.accept}
      </button>
      <button type="submit" name="decision" value="withdrawn" className={buttonClass("outline", "min-h-10 px-4 text-sm")}>
        {ANALYTICS_TEXT.decline}
      </button>
    </fetcher.Form>
  );
}

/**
 * Shown until the visitor decides: a low strip at the bottom, with room on the
 * right for the chat button, so it covers little of a phone's screen.
 */
export function AnalyticsConsentBanner() {
  return (
    <section
      aria-labelledby="analytics-consent-heading"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-300 bg-white py-3 pr-24 pl-4 shadow-lg print:hidden sm:pr-28"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-2 md:flex-row md:items-center md:gap-4">
        <div className="text-sm text-slate-800">
          <h2 id="analytics-consent-heading" className="sr-only">
            Analytics cookies
          </h2>
          <p>
            {ANALYTICS_TEXT.purpose}{" "}
            <Link to="/privacy#cookie-settings" className="font-medium text-teal-700 underline">
              Privacy Policy
            </Link>
          </p>
        </div>
        <AnalyticsChoiceForm source="banner" />
      </div>
    </section>
  );
}
