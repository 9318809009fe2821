import { expect, type Locator, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { waitForHydration } from "./hydration";
import type { Mode } from "./page-checks";

// Measurements the phone and desktop layout specs share: boxes that must not
// overlap, touch targets, no "₹0", and (on demand) the README's screenshots.

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1366, height: 768 };

/**
 * The main pages every layout check visits. The course is the seed's first (Currency Trading: a
 * curriculum, a description and reviews), the lowest id: the listing's order (level, then title)
 * can put a course another spec made first ("Analytics Tab Course …"), a page too short to scroll.
 */
export const MAIN_PAGES = ["home", "courses", "course", "events", "blog", "contact"] as const;
export type MainPage = (typeof MAIN_PAGES)[number];

export async function pathOf(page: Page, name: MainPage): Promise<string> {
  if (name === "home") return "/";
  if (name !== "course") return `/${name}`;
  const response = await page.request.get("/api/courses");
  const ids = ((await response.json()) as { id: number }[]).map((course) => course.id);
  if (ids.length === 0) throw new Error("The seed has no course.");
  return `/courses/${Math.min(...ids)}`;
}

export async function open(page: Page, mode: Mode, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  if (mode.javaScriptEnabled) await waitForHydration(page);
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The floating chat button (the link to /chat in the bottom corner). */
export const chatButton = (page: Page) => page.getByRole("complementary", { name: "Chat" }).locator("[data-chat-launcher]");

/** Whether `cover`, if it is visible at all, sits over any part of `target`. */
export async function covers(cover: Locator, target: Locator): Promise<boolean> {
  if (!(await cover.isVisible())) return false;
  const [a, b] = [await cover.boundingBox(), await target.boundingBox()];
  return a !== null && b !== null && overlaps(a, b);
}

/** Focuses every field of the contact form in turn: the chat button covers none of them (it steps aside). */
export async function expectChatClearOfContactFields(page: Page, scroll: boolean) {
  const fields = page.getByRole("main").locator("form").last().locator("input:not([type=hidden]), textarea, select");
  const count = await fields.count();
  expect(count).toBeGreaterThan(3);
  for (let index = 0; index < count; index++) {
    const field = fields.nth(index);
    if (!(await field.isVisible())) continue;
    await field.focus();
    if (scroll) await field.scrollIntoViewIfNeeded();
    await expect(field).toBeFocused();
    expect(await covers(chatButton(page), field), `field ${index}`).toBe(false);
  }
}

/** Scrolled to the page's end, the chat button covers none of the footer's links. */
export async function expectChatClearOfFooterLinks(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const links = await page.getByRole("contentinfo").getByRole("link").all();
  expect(links.length).toBeGreaterThan(5);
  for (const link of links) expect(await covers(chatButton(page), link), await link.innerText()).toBe(false);
}

/** "₹0" anywhere a visitor reads (a price of nothing reads "Free"). */
export async function expectNoZeroRupees(page: Page) {
  await expect(page.locator("body")).not.toHaveText(/₹\s?0(?![\d,])/);
}

export type SmallTarget = { text: string; width: number; height: number; html: string };

/**
 * Every visible link, button, summary and form control smaller than 44 × 44 px. Exempt (WCAG 2.5.8):
 * a link inside a sentence (its paragraph or list item holds other text), whose size the text sets;
 * a checkbox or radio whose label is the target (the label is measured instead); content the
 * visitor does not control: links inside an article's or a lesson's body text (`.prose`).
 */
export function smallTouchTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate(() => {
    const MIN = 44;
    const small: { text: string; width: number; height: number; html: string }[] = [];
    const selector = "a[href], button, summary, input:not([type=hidden]), select, textarea";
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      // Not shown (a closed menu's links, display: none, visibility: hidden).
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      // Visually hidden (sr-only) until focused: the skip link.
      if (rect.width <= 1 || rect.height <= 1) continue;
      if (element.closest(".prose")) continue;
      const inSentence = element.tagName === "A" && element.closest("p, li, dd")?.textContent?.trim() !== element.textContent?.trim();
      if (inSentence && style.display === "inline") continue;
      let measured = rect;
      if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
        const label = element.closest("label") ?? (element.id ? document.querySelector(`label[for="${element.id}"]`) : null);
        if (label) measured = label.getBoundingClientRect();
      }
      // Half a pixel of rounding is not a smaller target.
      if (measured.width + 0.5 < MIN || measured.height + 0.5 < MIN) {
        small.push({
          text: (element.textContent || element.getAttribute("aria-label") || element.getAttribute("name") || "").trim().slice(0, 60),
          width: Math.round(measured.width),
          height: Math.round(measured.height),
          html: element.outerHTML.slice(0, 160),
        });
      }
    }
    return small;
  });
}

/**
 * With UPDATE_SCREENSHOTS=1 the layout specs also write the README's screenshots
 * (docs/screenshots/<page>-<size>.jpg: JPEG keeps each well under 150 KB).
 */
export async function saveScreenshot(page: Page, name: string) {
  if (process.env.UPDATE_SCREENSHOTS !== "1") return;
  mkdirSync("docs/screenshots", { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `docs/screenshots/${name}.jpg`, type: "jpeg", quality: 70 });
}
