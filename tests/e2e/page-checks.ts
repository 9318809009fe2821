import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";

export type Mode = { javaScriptEnabled: boolean; label: string };
export const MODES: Mode[] = [
  { javaScriptEnabled: true, label: "with JavaScript" },
  { javaScriptEnabled: false, label: "without JavaScript" },
];

/** Ticks a personal-data form's consent box (never ticked in advance, required). */
export const tickConsent = (scope: Page | Locator) => scope.getByLabel("I agree to the use of my details for this purpose").check();

/** Ticks sign-up's "I am 18 or older" and its consent box. */
export async function tickSignUpBoxes(page: Page) {
  await page.getByLabel("I am 18 or older").check();
  await tickConsent(page);
}

/** Declares the same tests twice: once with JavaScript on, once with it off. */
export function inBothModes(body: (mode: Mode) => void) {
  for (const mode of MODES) {
    test.describe(mode.label, () => {
      test.use({ javaScriptEnabled: mode.javaScriptEnabled });
      body(mode);
    });
  }
}

/** axe-core over the whole page (WCAG 2.1 A and AA): zero violations. */
export async function expectNoA11yViolations(page: Page) {
  const { target, close } = await auditablePage(page);
  const results = await new AxeBuilder({ page: target })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze()
    .finally(close);
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join("\n  ")}`,
  );
  expect(summary, "accessibility violations").toEqual([]);
}

/**
 * axe-core waits on timers, and timers never fire in a page with JavaScript off, so
 * the audit would hang there. For such a page, audit a copy of its current HTML
 * (open <details> included) in a scriptable page whose own scripts a CSP blocks:
 * the same un-hydrated document, styles and all.
 */
async function auditablePage(page: Page): Promise<{ target: Page; close: () => Promise<void> }> {
  // Every page of the site carries Remix's inline script that sets __remixContext: it
  // is set exactly when the page's scripts ran (Playwright's evaluate runs either way).
  const scriptsRan = await page.evaluate(() => "__remixContext" in window);
  if (scriptsRan) {
    // Colours caught halfway through a transition (a hover after a click) are not the page's own.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    return { target: page, close: async () => {} };
  }

  const browser = page.context().browser();
  if (!browser) throw new Error("expectNoA11yViolations needs a browser-launched page");
  // Explicit: the test runner applies the test's own options to new contexts.
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  const copy = await context.newPage();
  const url = page.url();
  const html = await page.content();
  const documentUrl = url.replace(/#.*$/, "");
  await copy.route(
    (candidate) => candidate.href === documentUrl,
    (route) =>
      route.fulfill({
        status: 200,
        headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": "script-src 'none'" },
        body: html,
      }),
  );
  await copy.goto(url);
  return { target: copy, close: () => context.close() };
}

/** Fails the test when the page logs an error or throws (hydration problems included). */
export function failOnPageErrors(page: Page) {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console.error: ${message.text()}`);
  });
  return () => expect(problems, "errors in the browser").toEqual([]);
}
