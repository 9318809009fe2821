import { expect, storedRegistrations, test } from "./event-registration-support";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes } from "./page-checks";
import { formatEventWhen } from "../../app/utils/dates";

const DAY_MS = 24 * 60 * 60 * 1000;

inBothModes((mode) => {
  test.describe("past events", () => {
    test("a past event sits under 'Past events', says it has ended and offers no registration", async ({ page, makeEvent }) => {
      const assertNoErrors = failOnPageErrors(page);
      const startsIn = -3 * DAY_MS;
      const before = Date.now();
      const past = makeEvent("Past", { startsIn });
      const upcoming = makeEvent("Upcoming");

      // Written past the site, so the page cache may hold an /events from before (up to 10 s):
      // an address no copy is stored under renders afresh.
      await page.goto(`/events?fresh=${past.id}`);
      if (mode.javaScriptEnabled) await waitForHydration(page);

      const pastList = page.getByRole("list", { name: "Past events" });
      const upcomingList = page.getByRole("list", { name: "Upcoming events" });
      const pastCard = pastList.getByRole("listitem").filter({ has: page.getByRole("heading", { name: past.title }) });
      await expect(pastCard).toBeVisible();
      await expect(pastCard.getByText("This event has ended", { exact: true })).toBeVisible();
      await expect(pastList.getByRole("link", { name: /Register/ })).toHaveCount(0);
      await expect(upcomingList.getByRole("heading", { name: past.title })).toHaveCount(0);
      // Its time reads as people in India write it ("Sat, 12 Dec 2026, 7:00 pm IST"), within the second it was made.
      await expect(pastCard.locator("time")).toHaveText(/^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm) IST$/);
      const shown = await pastCard.locator("time").textContent();
      expect([formatEventWhen(new Date(before + startsIn)), formatEventWhen(new Date(before + startsIn + 60_000))]).toContain(shown);

      // The upcoming one still offers registration.
      await expect(upcomingList.getByRole("link", { name: `Register Now: ${upcoming.title}`, exact: true })).toBeVisible();
      await expectNoA11yViolations(page);
      assertNoErrors();
    });

    test("its registration page says the event has ended, has no Register button, and a post is refused", async ({
      page,
      student,
      makeEvent,
    }) => {
      const past = makeEvent("Ended", { startsIn: -2 * DAY_MS });
      const response = await page.goto(`/events/${past.id}/register`);
      expect(response?.status()).toBe(200);
      if (mode.javaScriptEnabled) await waitForHydration(page);

      const dialog = page.getByRole("dialog", { name: "Register for Event" });
      await expect(dialog.getByText("This event has ended.", { exact: true })).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Register" })).toHaveCount(0);
      await expect(dialog.getByRole("textbox")).toHaveCount(0);

      // A well-formed post, consent ticked, so only the event having ended refuses it.
      const forced = await page.request.post(`/events/${past.id}/register`, {
        form: { name: "Priya Sharma", email: student.email, phone: "9876543210", consent: "on" },
        headers: { Origin: new URL(page.url()).origin },
      });
      expect(forced.status()).toBe(409);
      expect(storedRegistrations(past.id, student.id)).toEqual([]);
    });
  });
});
