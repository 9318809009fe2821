import type { Page } from "@playwright/test";

/**
 * Waits until React has hydrated the page: the last link in the document has
 * React's props attached, so clicks are handled by the app (client-side
 * navigation, dialogs) rather than by the browser's defaults.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const links = document.querySelectorAll("a");
    const last = links[links.length - 1];
    return last !== undefined && Object.keys(last).some((key) => key.startsWith("__reactProps"));
  });
}

/**
 * Waits until a client-side navigation (a filter chosen, a link followed) or a
 * revalidation has loaded its data and rendered it: the URL changes first, the
 * page after. A data request either started has already been sent by then.
 */
export async function waitForNavigationIdle(page: Page) {
  await page.waitForFunction(() => {
    type RouterState = { navigation: { state: string }; revalidation: string };
    const router = (window as unknown as { __remixRouter?: { state: RouterState } }).__remixRouter;
    return router !== undefined && router.state.navigation.state === "idle" && router.state.revalidation === "idle";
  });
}
