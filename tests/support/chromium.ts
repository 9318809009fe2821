import { chromium } from "@playwright/test";
import { existsSync } from "node:fs";

// Debian's Chromium (never a downloaded browser) and the flags every run of it
// uses here: the Playwright suite, the reliability suite and the benchmark.

/** The full browser: Lighthouse measures what a visitor's Chrome does. */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The tests drive Debian's headless shell (package chromium-headless-shell, the same
 * Blink and V8 without the desktop browser), as Playwright does with its own
 * downloads when headless: the browser suite took 38% less time with it on two cores
 * (decision 0021). Without the package the full browser serves.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const TEST_BROWSER_EXECUTABLE = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_EXECUTABLE);

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** The test browser launched outside Playwright's runner (the reliability suite's real-browser checks). */
export function launchChromium() {
  return chromium.launch({ executablePath: TEST_BROWSER_EXECUTABLE, args: CHROMIUM_ARGS });
}
