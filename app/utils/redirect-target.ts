// Where a form or link may send the browser next: a `redirectTo` from the URL
// or a cookie is the visitor's to choose, so only paths on this site are kept.
import { safeRedirect } from "remix-utils/safe-redirect";

const SAME_ORIGIN_PROBE = "http://same-origin.invalid";

/** Same-origin paths only; anything else falls back to the home page. */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  const path = safeRedirect(typeof to === "string" ? to : null, fallback);
  // Browsers drop tabs and newlines inside a URL ("/\t/evil.example" is "//evil.example"),
  // and a newline cannot go in a Location header at all.
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  if (/[\u0000-\u001f\u007f]/.test(path)) return fallback;
  return new URL(path, SAME_ORIGIN_PROBE).origin === SAME_ORIGIN_PROBE ? path : fallback;
}
