import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

export type Mode = { javaScriptEnabled: boolean; label: string };
export const MODES: Mode[] = [
  { javaScriptEnabled: true, label: "with JavaScript" },
  { javaScriptEnabled: false, label: "without JavaScript" },
];

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
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join("\n  ")}`,
  );
  expect(summary, "accessibility violations").toEqual([]);
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
