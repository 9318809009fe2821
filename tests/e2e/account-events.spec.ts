import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, storedRegistrations, test } from "./event-registration-support";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes, type Mode, tickConsent } from "./page-checks";

// A student's events: register, find the event on /account/events, add it to
// a calendar (the .ics read back), cancel it after the confirmation, and see
// the seat on offer again. With JavaScript and without.

const toast = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status");

async function open(page: Page, mode: Mode, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  if (mode.javaScriptEnabled) await waitForHydration(page);
}

inBothModes((mode) => {
  test.describe("your events", () => {
    test("register, add to calendar, cancel with its confirmation: the seat is free again", async ({ page, student, makeEvent }) => {
      const checkErrors = failOnPageErrors(page);
      const event = makeEvent("Your events", { maxParticipants: 2 });

      await open(page, mode, `/events/${event.id}/register`);
      const dialog = page.getByRole("dialog", { name: "Register for Event" });
      await expect(dialog).toContainText("2 seats left");
      await dialog.getByRole("textbox", { name: "Phone", exact: true }).fill("+91 98765 43210");
      await tickConsent(dialog);
      await dialog.getByRole("button", { name: "Register" }).click();
      await expect(toast(page)).toContainText("Registration Successful!");
      expect(storedRegistrations(event.id, student.id)).toHaveLength(1);

      await open(page, mode, "/account");
      await page.getByRole("link", { name: "Your events" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/account/events");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: "Your Events" })).toBeVisible();
      const upcoming = page.getByRole("region", { name: "Upcoming" });
      const item = upcoming.getByRole("listitem").filter({ hasText: event.title });
      await expect(item).toContainText(/\d{1,2}:\d{2} (am|pm) IST/);
      await expectNoA11yViolations(page);

      const downloading = page.waitForEvent("download");
      await item.getByRole("link", { name: `Add to calendar: ${event.title}` }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/\.ics$/);
      const ics = (await readFile(await download.path(), "utf8")).replace(/\r\n[ \t]/g, "");
      expect(ics).toContain(`SUMMARY:${event.title}`);
      expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);

      await item.getByRole("link", { name: `Cancel registration: ${event.title}` }).click();
      const question = page.getByRole("dialog", { name: "Cancel your registration?" });
      await expect(question).toContainText(event.title);
      await expectNoA11yViolations(page);
      expect(storedRegistrations(event.id, student.id)).toHaveLength(1);
      await question.getByRole("button", { name: "Yes, cancel my registration" }).click();

      await expect(toast(page)).toContainText("Registration cancelled");
      await expect(question).toHaveCount(0);
      await expect(upcoming).toContainText("You have no upcoming events.");
      expect(storedRegistrations(event.id)).toEqual([]);

      await open(page, mode, `/events/${event.id}/register`);
      await expect(page.getByRole("dialog", { name: "Register for Event" })).toContainText("2 seats left");
      checkErrors();
    });
  });
});
