import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";
import { pageCatalogue, pageCount } from "./scale-pages";

// The scale benchmark times every page: a page route added under app/routes
// without a row in its catalogue would go unmeasured, so this lists the route
// files and names the ones it leaves out on purpose.

const ROUTES = "app/routes";

/** Pages the catalogue does not time, and why. */
const NOT_TIMED: Record<string, string> = {
  "/admin/:*": "the panel's not-found page",
  "/admin/settings/certificate": "takes posts; a GET redirects to /admin/settings",
  "/admin/users/files/:id": "timed after the export that makes its file, outside the catalogue",
  "/:*": "the site's not-found page",
  "/account/orders/:orderId/credit-notes/:documentId": "the demo data's student has no tax documents to compare with",
  "/account/orders/:orderId/invoice": "the demo data's student has no tax documents to compare with",
  "/account/orders/:orderId/receipt": "the demo data's student has no tax documents to compare with",
  "/api/logout": "an action",
  "/admin/courses/:id/batches/:batchId/students/:userId/move":
    "needs a student seated in the admin's batch, which the fixtures do not name",
  "/courses/:id/batches/:batchId/waitlist": "an action; its address alone redirects to the course page (timed there)",
  "/blog/preview/:slug": "an admin's preview of a draft",
  "/checkout": "redirects to /checkout/information until the student's details are saved (timed there)",
  "/checkout/complete": "the return from a payment provider",
  "/confirm-email-change": "needs a token from a message",
  "/learn/:courseId/certificate/revoked": "only for a revoked certificate",
  "/learn/:courseId/lab/:exerciseId": "a replay needs its student's own run; the practice lab's section of the bench times its steps",
  "/admin/teaching/:batchId/journals/:tradeId": "a trade of a student of the batch, which the scale data has none of",
  "/learn/journal/:tradeId":
    "a trade needs a replay of the timed student's own; the practice lab's section of the bench covers the journal",
  "/newsletter": "takes the sign-up form's posts; a GET redirects to /blog",
  "/newsletter/confirm": "needs a token from a message",
  "/newsletter/unsubscribe": "needs a token from a message",
  "/reset-password": "needs a token from a message",
  "/signed-in": "a redirect after signing in",
  "/signup/check-email": "shown after signing up",
  "/verify-email": "needs a token from a message",
};

function routeFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? routeFiles(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

/** A page module's address in Remix flat routes: "admin+/_panel.courses_+/$id.curriculum.tsx" → "/admin/courses/:id/curriculum". */
function addressOf(file: string): string {
  const segments = relative(ROUTES, file)
    .replace(/\.tsx$/, "")
    .replaceAll("+/", ".")
    .replace(/\[\.\]/g, "·")
    .split(".")
    .map((segment) => segment.replace(/\+$/, "").replace(/_$/, "").replace("·", "."))
    // Pathless layouts and index routes ("_panel", "_site", "_layout", "_index") add nothing to the address.
    .filter((segment) => !segment.startsWith("_"))
    .map((segment) => (segment === "$" ? ":*" : segment.startsWith("$") ? `:${segment.slice(1)}` : segment));
  return `/${segments.join("/")}`;
}

const pageFiles = routeFiles(ROUTES).filter(
  (file) => file.endsWith(".tsx") && !file.endsWith(".test.tsx") && !/\/__[^/]*$/.test(file) && /\/(_site|_learn|admin)\+\//.test(file),
);

describe("the scale benchmark's catalogue", () => {
  const timed = new Set(pageCatalogue({ nameSearch: "Iyer", userSearch: "someone@" }).map((spec) => spec.page.replace(/[? ].*$/, "")));

  test.each(pageFiles.map((file) => [addressOf(file), file]))("%s is timed or left out for a reason (%s)", (address) => {
    expect(timed.has(address) || address in NOT_TIMED, `${address} is neither in the catalogue nor in NOT_TIMED`).toBe(true);
  });

  test("names no page twice for the same visitor", () => {
    const keys = pageCatalogue({ nameSearch: "Iyer", userSearch: "someone@" }).map((spec) => `${spec.who} ${spec.page}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("pageCount", () => {
  test("reads a list's number of pages through React's text separators", () => {
    expect(pageCount("<span>Page <!-- -->3<!-- --> of <!-- -->4012</span>")).toBe(4012);
  });

  test("is 1 for a list on one page", () => {
    expect(pageCount("<table></table>")).toBe(1);
  });
});
