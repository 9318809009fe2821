import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { waitForHydration, waitForNavigationIdle } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes, type Mode } from "./page-checks";
import { formatPrice } from "../../app/utils/money";
import { formatEventWhen } from "../../app/utils/dates";
import { countOf } from "../../app/utils/plural";

type ApiEvent = {
  id: number;
  title: string;
  description: string;
  eventType: string;
  eventDate: string;
  duration: number;
  maxParticipants: number | null;
  price: string;
  isActive: boolean;
};

// The seed's cancelled event (db/seed.ts): it must never be listed.
const CANCELLED_TITLE = "Cancelled: Delhi Weekend Workshop";
const DAY_MS = 24 * 60 * 60 * 1000;

/** A price from the API ("999.00") as the site shows it: "₹999", or "Free". */
const shownPrice = (price: string) => formatPrice(Math.round(Number(price) * 100));
const time = (event: ApiEvent) => Date.parse(event.eventDate);
const isFree = (event: ApiEvent) => Number(event.price) === 0;

async function activeEvents(request: APIRequestContext): Promise<ApiEvent[]> {
  const response = await request.get("/api/events");
  expect(response.status()).toBe(200);
  return response.json();
}

const eventList = (page: Page) => page.getByRole("list", { name: "Upcoming events" });
const pastList = (page: Page) => page.getByRole("list", { name: "Past events" });
const foundCount = (count: number) => `${countOf(count, "event")} found`;
const cardTitles = (page: Page) => eventList(page).getByRole("heading", { level: 3 });
const foundText = (page: Page) => page.getByText(/^\d+ events? found$/);
const card = (page: Page, title: string) =>
  eventList(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** With JavaScript the selects submit themselves; without it the visitor presses Apply. */
async function choose(page: Page, mode: Mode, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
  if (!mode.javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
  else await waitForNavigationIdle(page);
}

async function open(page: Page, mode: Mode, path: string) {
  const response = await page.goto(path);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return response;
}

/**
 * The titles shown, in order, once the count text matches them: read again until it
 * does, as a read can fall between a client navigation's list and its count.
 */
async function shownTitles(page: Page): Promise<string[]> {
  let titles: string[] = [];
  await expect(async () => {
    titles = await cardTitles(page).allTextContents();
    await expect(foundText(page)).toHaveText(foundCount(titles.length), { timeout: 1_000 });
  }).toPass();
  return titles;
}

inBothModes((mode) => {
  test.describe("/events", () => {
    test("stats, every upcoming event by date with its card, past events apart", async ({ page, request }) => {
      const assertNoErrors = failOnPageErrors(page);
      const events = await activeEvents(request);
      const now = Date.now();
      const upcoming = events.filter((event) => time(event) >= now);

      const response = await open(page, mode, "/events");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      const stat = (label: string) =>
        page
          .locator("dl > div")
          .filter({ has: page.getByText(label, { exact: true }) })
          .locator("dd");
      await expect(stat("Upcoming Events")).toHaveText(String(upcoming.length));
      await expect(stat("Free Events")).toHaveText(String(upcoming.filter(isFree).length));
      await expect(stat("Workshops")).toHaveText(String(upcoming.filter((e) => e.eventType === "workshop").length));

      // Upcoming events by date ascending; past ones in their own section, latest first.
      const byDate = [...upcoming].sort((a, b) => time(a) - time(b) || a.id - b.id);
      await expect(cardTitles(page)).toHaveText(byDate.map((event) => event.title));
      await expect(foundText(page)).toHaveText(foundCount(upcoming.length));
      const past = events.filter((event) => time(event) < now).sort((a, b) => time(b) - time(a) || b.id - a.id);
      expect(past.length).toBeGreaterThan(0);
      await expect(pastList(page).getByRole("heading", { level: 3 })).toHaveText(past.map((event) => event.title));
      await expect(page.getByText(CANCELLED_TITLE)).toHaveCount(0);
      await expect(page.getByLabel("Event type")).toHaveValue("all");
      await expect(page.getByLabel("When")).toHaveValue("all");

      expect(upcoming.some((e) => e.maxParticipants !== null) && upcoming.some((e) => e.maxParticipants === null)).toBe(true);
      expect(upcoming.some(isFree) && upcoming.some((e) => !isFree(e))).toBe(true);
      for (const event of upcoming) {
        const item = card(page, event.title);
        // A free event without a seat limit says "Free" twice: its badge and its price.
        await expect(item.getByText(isFree(event) ? "Free" : "Paid", { exact: true }).first()).toBeVisible();
        await expect(item.getByText(isFree(event) ? "Paid" : "Free", { exact: true })).toHaveCount(0);
        await expect(item.locator("time")).toHaveText(formatEventWhen(new Date(event.eventDate)));
        // A paid event always shows its price (the seeded institute is not GST-registered), and its seats when limited.
        const price = Number(event.price) > 0 ? shownPrice(event.price) : null;
        const seats = event.maxParticipants !== null ? countOf(event.maxParticipants, "seat") : null;
        const detail = [price, seats].filter(Boolean).join(" · ") || "Free";
        await expect(item.getByText(detail, { exact: true }).last()).toBeVisible();
        await expect(item.getByRole("link", { name: `Register Now: ${event.title}` })).toHaveAttribute(
          "href",
          `/events/${event.id}/register`,
        );
        await expect(item.locator("svg[aria-hidden=true]").first()).toBeAttached();
      }

      // The description is clamped to two lines (matched whole: a short one is also inside the title or the "Date" label).
      const description = card(page, upcoming[0]!.title).getByText(upcoming[0]!.description, { exact: true });
      await expect(description).toHaveCSS("-webkit-line-clamp", "2");

      const alerts = page.getByRole("link", { name: /WhatsApp/ });
      await expect(alerts).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);
      await expect(alerts).toHaveAttribute("target", "_blank");
      await expect(alerts).toHaveAttribute("rel", /noopener/);

      await expectNoA11yViolations(page);
      assertNoErrors();
    });

    test("type filter", async ({ page, request }) => {
      const events = await activeEvents(request);
      await open(page, mode, "/events");
      for (const [label, type] of [
        ["Workshops", "workshop"],
        ["Webinars", "webinar"],
        ["Competitions", "competition"],
      ] as const) {
        await choose(page, mode, "Event type", label);
        await expect(page).toHaveURL((url) => url.pathname === "/events" && url.searchParams.get("type") === type);
        const now = Date.now();
        const expected = events.filter((event) => event.eventType === type && time(event) >= now);
        expect(expected.length).toBeGreaterThan(0);
        await expect(cardTitles(page)).toHaveText(expected.map((event) => event.title));
        await expect(foundText(page)).toHaveText(foundCount(expected.length));
      }
      // The Register links keep the list's filters for the dialog's way back.
      const first = eventList(page)
        .getByRole("link", { name: /^Register Now/ })
        .first();
      await expect(first).toHaveAttribute("href", /\/register\?type=competition&time=all$/);
      await choose(page, mode, "Event type", "All Types");
      await expect(foundText(page)).toHaveText(foundCount(events.filter((event) => time(event) >= Date.now()).length));
    });

    test("time filters: upcoming, this week (7 days), this month", async ({ page, request }) => {
      const events = await activeEvents(request);
      const byTitle = new Map(events.map((event) => [event.title, event]));
      await open(page, mode, "/events");

      await choose(page, mode, "When", "Upcoming");
      await expect(page).toHaveURL((url) => url.searchParams.get("time") === "upcoming");
      let now = Date.now();
      await expect(cardTitles(page)).toHaveText(events.filter((e) => time(e) >= now).map((e) => e.title));

      await choose(page, mode, "When", "This Week");
      await expect(page).toHaveURL((url) => url.searchParams.get("time") === "this-week");
      await expect(page.getByLabel("When")).toHaveValue("this-week");
      now = Date.now();
      const week = await shownTitles(page);
      expect(week.length).toBeGreaterThan(0);
      for (const title of week) {
        const start = time(byTitle.get(title)!);
        expect(start, title).toBeGreaterThanOrEqual(now - 60_000);
        expect(start, title).toBeLessThan(now + 7 * DAY_MS);
      }
      // Nothing within the week is left out (a minute's margin either side for the clock:
      // an event right at the week's edge may fall either way).
      const surelyThisWeek = events.filter((e) => time(e) > now + 60_000 && time(e) < now + 7 * DAY_MS - 60_000);
      for (const event of surelyThisWeek) expect(week).toContain(event.title);
      const dates = week.map((title) => time(byTitle.get(title)!));
      expect(dates).toEqual([...dates].sort((a, b) => a - b));

      await choose(page, mode, "When", "This Month");
      await expect(page).toHaveURL((url) => url.searchParams.get("time") === "this-month");
      now = Date.now();
      const month = await shownTitles(page);
      expect(month.length).toBeGreaterThan(week.length);
      for (const title of month) {
        const start = time(byTitle.get(title)!);
        expect(start, title).toBeGreaterThanOrEqual(now - 60_000);
        expect(start, title).toBeLessThanOrEqual(now + 31 * DAY_MS);
      }
      // Every event in the next 28 days is within one month whatever the month's length.
      const surelyThisMonth = events.filter((e) => time(e) > now + 60_000 && time(e) < now + 28 * DAY_MS);
      for (const event of surelyThisMonth) expect(month).toContain(event.title);
      const monthDates = month.map((title) => time(byTitle.get(title)!));
      expect(monthDates).toEqual([...monthDates].sort((a, b) => a - b));
    });

    test("type and time combine; no match shows the empty state; garbage falls back", async ({ page, request }) => {
      const events = await activeEvents(request);
      const now = Date.now();
      // A type with nothing in the next 7 days (in the seed: competitions).
      const type = ["competition", "workshop", "webinar"].find(
        (t) => !events.some((e) => e.eventType === t && time(e) >= now - DAY_MS && time(e) < now + 8 * DAY_MS),
      );
      expect(type).toBeTruthy();

      const response = await open(page, mode, `/events?type=${type}&time=this-week`);
      expect(response?.status()).toBe(200);
      await expect(foundText(page)).toHaveText("0 events found");
      await expect(page.getByText("No events found", { exact: true })).toBeVisible();
      await expect(eventList(page)).toHaveCount(0);
      await expectNoA11yViolations(page);

      await open(page, mode, "/events?type=%3Cscript%3E&time=yesterday");
      await expect(page.getByLabel("Event type")).toHaveValue("all");
      await expect(page.getByLabel("When")).toHaveValue("all");
      await expect(foundText(page)).toHaveText(foundCount(events.filter((event) => time(event) >= Date.now()).length));
    });
  });
});
