import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./hydration";
import { LEGAL_PAGES } from "../../app/content/legal-pages";
import { DEFAULT_INSTITUTE } from "../../app/utils/institute";
import { expectNoA11yViolations, failOnPageErrors, inBothModes } from "./page-checks";

// The spec's §2 Global layout, quoted.
const HEADER_LINKS = [
  { label: "Home", href: "/" },
  { label: "About", href: "/about" },
  { label: "Courses", href: "/courses" },
  { label: "Contact", href: "/contact" },
];
const MORE_LINKS = [
  { label: "Events", href: "/events" },
  { label: "Study Materials", href: "/study-materials" },
  { label: "Blog", href: "/blog" },
  { label: "Gallery", href: "/gallery" },
  { label: "Testimonials", href: "/testimonials" },
];
const FOOTER_QUICK_LINKS = ["/about", "/courses", "/events", "/blog", "/testimonials", "/contact"];
const FOOTER_SERVICES = ["Stock Market Training", "Currency Education", "Personal Mentorship", "Live Classes on Replayed Markets"];
const SOCIAL_NETWORKS = ["Telegram", "Instagram", "YouTube", "Facebook"];

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

inBothModes((mode) => {
  test("the header links and the More menu reach every public page", async ({ page }) => {
    const assertNoErrors = failOnPageErrors(page);
    await page.goto("/about");
    const nav = mainNav(page);
    for (const link of HEADER_LINKS) {
      await expect(nav.getByRole("link", { name: link.label, exact: true })).toHaveAttribute("href", link.href);
    }
    const more = nav.locator("details");
    await expect(more.getByRole("link", { name: "Events" })).toBeHidden();
    // A <details> element: clicking its summary opens it, with or without JavaScript.
    await more.locator("summary").click();
    for (const link of MORE_LINKS) {
      const item = more.getByRole("link", { name: link.label, exact: true });
      await expect(item).toBeVisible();
      await expect(item).toHaveAttribute("href", link.href);
    }
    await more.getByRole("link", { name: "Gallery", exact: true }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The More menu starts closed on the new page; its Gallery link is marked current.
    await expect(mainNav(page).getByRole("link", { name: "Gallery", exact: true, includeHidden: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    assertNoErrors();
  });

  test("the current link is marked with aria-current", async ({ page }) => {
    await page.goto("/");
    const nav = mainNav(page);
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Courses", exact: true })).not.toHaveAttribute("aria-current", /.*/);

    await page.goto("/courses");
    await expect(nav.getByRole("link", { name: "Courses", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home", exact: true })).not.toHaveAttribute("aria-current", /.*/);
    await expect(nav.getByRole("link", { name: "About", exact: true })).not.toHaveAttribute("aria-current", /.*/);
  });

  test("visitors see Login (to /api/login) and no Admin link", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Login", exact: true })).toHaveAttribute("href", /^\/api\/login(\?|$)/);
    await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
    await expect(banner.getByRole("button", { name: "Logout" })).toHaveCount(0);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the mobile menu lists every link and closes after a click", async ({ page }) => {
      const assertNoErrors = failOnPageErrors(page);
      await page.goto("/");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await expect(mainNav(page)).toBeHidden();
      const mobileNav = page.getByRole("navigation", { name: "Mobile" });
      await expect(mobileNav).toBeHidden();
      await page.getByRole("banner").getByLabel("Menu", { exact: true }).click();
      await expect(mobileNav).toBeVisible();
      for (const link of [...HEADER_LINKS, ...MORE_LINKS]) {
        await expect(mobileNav.getByRole("link", { name: link.label, exact: true })).toHaveAttribute("href", link.href);
      }
      await mobileNav.getByRole("link", { name: "About", exact: true }).click();
      await expect(page).toHaveURL(/\/about$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // With JavaScript a client-side navigation closes it; without, a new page loads closed.
      await expect(mobileNav).toBeHidden();
      await expect(
        page
          .getByRole("navigation", { name: "Mobile", includeHidden: true })
          .getByRole("link", { name: "About", exact: true, includeHidden: true }),
      ).toHaveAttribute("aria-current", "page");
      assertNoErrors();
    });
  });

  test("the footer has every item of the global layout", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const quickLinks = footer.getByRole("navigation", { name: "Quick Links" });
    for (const href of FOOTER_QUICK_LINKS) {
      await expect(quickLinks.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    for (const service of FOOTER_SERVICES) {
      await expect(footer.getByText(service, { exact: true })).toBeVisible();
    }
    // The Contact block's numbers and address; the grievance officer's contact sits in a block of its own.
    const contact = footer.getByRole("region", { name: "Contact" });
    await expect(contact.locator('a[href^="tel:"]')).toHaveCount(3);
    await expect(contact.locator('a[href^="mailto:"]')).toHaveCount(1);
    for (const network of SOCIAL_NETWORKS) {
      const link = footer.getByRole("link", { name: network, exact: true });
      await expect(link).toHaveAttribute("href", /^https:\/\//);
      await expect(link).toHaveAttribute("target", "_blank");
    }
    for (const legal of LEGAL_PAGES) {
      await expect(footer.getByRole("link", { name: legal.title, exact: true })).toHaveAttribute("href", legal.path);
    }
    await expect(footer.getByText(`© ${new Date().getFullYear()} ${DEFAULT_INSTITUTE.name}. All rights reserved.`)).toBeVisible();
    await expect(footer.getByText("India", { exact: true })).toBeVisible();
    await expect(footer.getByText(DEFAULT_INSTITUTE.hours, { exact: true })).toBeVisible();
  });

  test("an unknown path answers 404 with 'Page Not Found'", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expectNoA11yViolations(page);
  });

  if (mode.javaScriptEnabled) {
    test("a client-side navigation starts at the top of the new page", async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      // Survives a client-side navigation only: proves the click did not load a new document.
      await page.evaluate(() => Reflect.set(window, "sameDocument", true));
      const footer = page.getByRole("contentinfo");
      await footer.scrollIntoViewIfNeeded();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      await footer.getByRole("navigation", { name: "Quick Links" }).getByRole("link", { name: "About" }).click();
      await expect(page).toHaveURL(/\/about$/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect(await page.evaluate(() => Reflect.get(window, "sameDocument"))).toBe(true);
    });
  }
});
