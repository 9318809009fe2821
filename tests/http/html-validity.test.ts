import { htmlErrors } from "../support/html-checker";
import { everyPage } from "./support/every-page";
import { expect, test } from "./support/test";

// Every kind of page the site renders, public, a student's, the classroom's and
// the admin's, is valid HTML by the W3C's Nu HTML Checker: what browsers,
// screen readers and text browsers can all rely on. Pages are fetched as the
// browser gets them (the production build, streamed) and checked in one run.

test("every page type passes the W3C Nu HTML Checker with no errors", { timeout: 240_000 }, async ({ request }) => {
  const pages: Record<string, string> = {};
  for (const { client, paths } of await everyPage(request))
    for (const path of paths) {
      const response = await client.get(path);
      expect(response.headers()["content-type"], path).toMatch(/^text\/html/);
      pages[path] = await response.text();
    }
  expect(Object.keys(pages).length).toBeGreaterThanOrEqual(85);
  expect(await htmlErrors(pages)).toEqual({});
});
