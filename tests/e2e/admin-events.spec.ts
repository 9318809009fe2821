import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, queryTestDatabase, test, withDatabase } from "./fixtures";
import { auditActionsOf, signInAsAdmin, toast, uniqueTitle, visitAdmin } from "./admin-support";
import { waitForHydration, waitForNavigationIdle } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes, type Mode } from "./page-checks";

// The admin Events tab: list, search
// and filter, create / edit / delete / deactivate dialogs, View Registrations,
// roles, and auto-refresh. Every test makes its own events (unique titles).

const DAY_MS = 24 * 60 * 60 * 1000;
/** A 1×1 PNG: a banner the upload check accepts. */
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082",
  "hex",
);

type StoredEvent = {
  id: number;
  title: string;
  description: string;
  event_type: string;
  event_date: number;
  duration_minutes: number;
  max_participants: number | null;
  price_paise: number;
  registration_url: string | null;
  is_active: number;
};

/** An event written straight to the database, as another admin session (or the seed) would leave it. */
function insertEvent(values: {
  title: string;
  description?: string;
  eventType?: string;
  eventDate: number;
  pricePaise?: number;
  isActive?: boolean;
  durationMinutes?: number;
}): number {
  return withDatabase((database) => {
    // Without a duration the column's default (60) applies.
    const columns = ["title", "description", "event_type", "event_date", "price_paise", "is_active"];
    const params: unknown[] = [
      values.title,
      values.description ?? "An event made by the admin-events spec.",
      values.eventType ?? "webinar",
      values.eventDate,
      values.pricePaise ?? 0,
      values.isActive === false ? 0 : 1,
    ];
    if (values.durationMinutes !== undefined) {
      columns.push("duration_minutes");
      params.push(values.durationMinutes);
    }
    const result = database
      .prepare(`INSERT INTO events (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
      .run(...params);
    return Number(result.lastInsertRowid);
  });
}

function addRegistration(eventId: number, name: string, registeredAt: number) {
  withDatabase((database) =>
    database
      .prepare("INSERT INTO event_registrations (event_id, user_id, name, email, phone, registered_at) VALUES (?, NULL, ?, ?, ?, ?)")
      .run(eventId, name, `${name.toLowerCase().replace(/\W+/g, ".")}@example.test`, "+91 98765 43210", registeredAt),
  );
}

const storedEvent = (id: number) => queryTestDatabase<StoredEvent>("SELECT * FROM events WHERE id = ?", id)[0];
const storedEventsTitled = (title: string) => queryTestDatabase<StoredEvent>("SELECT * FROM events WHERE title = ?", title);

const dialog = (page: Page, title: string) => page.getByRole("dialog", { name: title });
const card = (page: Page, title: string) =>
  page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });
const cardTitles = (page: Page) => page.getByRole("main").getByRole("listitem").getByRole("heading", { level: 2 });

/** With JavaScript the filter applies on change; without it the admin presses Search. */
async function chooseFilter(page: Page, mode: Mode, label: string) {
  await page.getByLabel("Filter", { exact: true }).selectOption({ label });
  if (mode.javaScriptEnabled) await expect(page).toHaveURL(/status=/);
  else await page.getByRole("button", { name: "Search" }).click();
}

inBothModes((mode) => {
  test.describe("/admin/events", () => {
    // Each test opens the list and one or two dialogs and audits them with axe:
    // several page loads that take their time on a busy 2-core machine.
    test.describe.configure({ timeout: 90_000 });

    test("Add Event: the spec's defaults, '<Label> is required' messages, then the created event", async ({ page, context, baseURL }) => {
      const admin = await signInAsAdmin(context, baseURL ?? "");
      // Without JavaScript the browser logs the form's 400 answer itself; with it, nothing may go wrong.
      const checkErrors = mode.javaScriptEnabled ? failOnPageErrors(page) : () => {};
      // A search only this test's event will match, so the list stays short and the new card is easy to find.
      const token = randomUUID().slice(0, 8);
      await visitAdmin(page, mode, `/admin/events?q=${token}`);
      await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
      await expect(page.getByText("No Events Found", { exact: true })).toBeVisible();

      await page.getByRole("link", { name: "Add Event" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/events/new\\?q=${token}$`));
      const form = dialog(page, "Create New Event");
      await expect(form).toBeVisible();
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await expect(form.getByLabel("Event type")).toHaveValue("webinar");
      await expect(form.getByLabel("Duration (minutes)")).toHaveValue("60");
      await expect(form.getByLabel("Price (₹, 0 for free)")).toHaveValue("0");
      await expect(form.getByLabel("Active")).toBeChecked();
      await expect(form.getByLabel("Date")).toHaveAttribute("type", "date");
      await expect(form.getByLabel("Time (India)")).toHaveAttribute("type", "time");
      await expectNoA11yViolations(page);

      // Required fields left empty, the type unset, and two bad values.
      await form.getByLabel("Event type").selectOption("");
      await form.getByLabel("Duration (minutes)").fill("0");
      await form.getByLabel("Registration URL (optional)").fill("javascript:alert(1)");
      await form.getByRole("button", { name: "Create Event" }).click();
      for (const message of [
        "Title is required",
        "Description is required",
        "Event type is required",
        "Date is required",
        "Time is required",
        "Duration must be at least 1",
        "Registration URL must start with https:// or /",
      ])
        await expect(form.getByText(message, { exact: true })).toBeVisible();
      expect(auditActionsOf(admin)).toEqual([]);

      const title = `Options Masterclass ${token}`;
      await form.getByLabel("Title").fill(title);
      await form.getByLabel("Description").fill("Two hours on option chains.\nBring a notebook.");
      await form.getByLabel("Event type").selectOption("workshop");
      await form.getByLabel("Date").fill("2031-06-15");
      await form.getByLabel("Time (India)").fill("18:30");
      await form.getByLabel("Duration (minutes)").fill("120");
      await form.getByLabel("Max participants (optional)").fill("40");
      await form.getByLabel("Price (₹, 0 for free)").fill("1,499.50");
      await form.getByLabel("Registration URL (optional)").fill("https://example.com/masterclass");
      await form.getByRole("button", { name: "Create Event" }).click();

      await expect(page).toHaveURL(new RegExp(`/admin/events\\?q=${token}$`));
      await expect(toast(page)).toContainText("Event created");
      await expect(toast(page)).toContainText(`“${title}” has been created.`);
      const [stored] = storedEventsTitled(title);
      expect(stored).toMatchObject({
        description: "Two hours on option chains.\nBring a notebook.",
        event_type: "workshop",
        // 18:30 in India is 13:00 UTC.
        event_date: Date.UTC(2031, 5, 15, 13, 0),
        duration_minutes: 120,
        max_participants: 40,
        price_paise: 149950,
        registration_url: "https://example.com/masterclass",
        is_active: 1,
      });
      expect(auditActionsOf(admin)).toEqual([{ action: "event_created", entityType: "event", entityId: String(stored!.id) }]);

      const created = card(page, title);
      await expect(created).toContainText("Active");
      await expect(created).toContainText("Jun 15, 2031, 6:30 pm IST");
      await expect(created).toContainText("Workshop");
      await expect(created).toContainText("₹1,500");
      await expect(created).toContainText("120 minutes");
      await expect(created).toContainText("0 registrations");
      checkErrors();
    });

    test("Edit Event: prefilled, date as yyyy-mm-dd, duration 60 when none was stored; saves and keeps the search", async ({
      page,
      context,
      baseURL,
    }) => {
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const token = randomUUID().slice(0, 8);
      const title = `Nifty Weekly ${token}`;
      // 09:15 in India on 1 July 2031; no duration given, so the column's default applies.
      const id = insertEvent({ title, eventType: "competition", eventDate: Date.UTC(2031, 6, 1, 3, 45), pricePaise: 99900 });

      await visitAdmin(page, mode, `/admin/events?q=${token}`);
      await expect(cardTitles(page)).toHaveText([title]);
      await card(page, title)
        .getByRole("link", { name: `Edit ${title}` })
        .click();
      const form = dialog(page, "Edit Event");
      await expect(form).toBeVisible();
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await expect(form.getByLabel("Title")).toHaveValue(title);
      await expect(form.getByLabel("Event type")).toHaveValue("competition");
      await expect(form.getByLabel("Date")).toHaveValue("2031-07-01");
      await expect(form.getByLabel("Time (India)")).toHaveValue("09:15");
      await expect(form.getByLabel("Duration (minutes)")).toHaveValue("60");
      await expect(form.getByLabel("Price (₹, 0 for free)")).toHaveValue("999");
      await expect(form.getByLabel("Max participants (optional)")).toHaveValue("");
      await expect(form.getByLabel("Active")).toBeChecked();
      await expectNoA11yViolations(page);

      await form.getByLabel("Title").fill("");
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expect(form.getByText("Title is required", { exact: true })).toBeVisible();

      const renamed = `Nifty Weekly Final ${token}`;
      await form.getByLabel("Title").fill(renamed);
      await form.getByLabel("Date").fill("2031-07-02");
      await form.getByLabel("Active").uncheck();
      await form.getByRole("button", { name: "Save Changes" }).click();

      await expect(page).toHaveURL(new RegExp(`/admin/events\\?q=${token}$`));
      await expect(toast(page)).toContainText("Event updated");
      await expect(toast(page)).toContainText(`“${renamed}” has been saved.`);
      await expect(card(page, renamed)).toContainText("Inactive");
      await expect(card(page, renamed)).toContainText("Jul 2, 2031, 9:15 am IST");
      expect(storedEvent(id)).toMatchObject({
        title: renamed,
        event_date: Date.UTC(2031, 6, 2, 3, 45),
        duration_minutes: 60,
        price_paise: 99900,
        is_active: 0,
      });
      expect(auditActionsOf(admin)).toEqual([{ action: "event_updated", entityType: "event", entityId: String(id) }]);
    });

    test("Edit Event takes a banner: uploaded, shown on the event's card, then removed", async ({ page, context, baseURL }) => {
      await signInAsAdmin(context, baseURL ?? "");
      const token = randomUUID().slice(0, 8);
      const title = `Banner Night ${token}`;
      const id = insertEvent({ title, eventDate: Date.UTC(2031, 7, 1, 13, 30) });
      const bannerOf = () =>
        queryTestDatabase<{ banner_url: string | null }>("SELECT banner_url FROM events WHERE id = ?", id)[0]?.banner_url;

      await visitAdmin(page, mode, `/admin/events/${id}?q=${token}`);
      const form = dialog(page, "Edit Event");
      await expect(form).toBeVisible();
      await expect(form.getByLabel("Remove the banner")).toHaveCount(0);
      await form.getByLabel("Banner", { exact: true }).setInputFiles({ name: "banner.png", mimeType: "image/png", buffer: PNG });
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expect(toast(page)).toContainText("Event updated");
      const banner = bannerOf();
      expect(banner).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);

      await page.goto("/events");
      const eventCard = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
      await expect(eventCard.locator("img")).toHaveAttribute("src", banner ?? "");

      await visitAdmin(page, mode, `/admin/events/${id}?q=${token}`);
      await expect(form.getByRole("img", { name: "The event's banner now" })).toHaveAttribute("src", banner ?? "");
      await form.getByLabel("Remove the banner").check();
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expect(toast(page)).toContainText("Event updated");
      expect(bannerOf()).toBeNull();
    });

    test("Delete asks 'Are you sure you want to delete \"{title}\"?', Cancel keeps it, Delete removes it", async ({
      page,
      context,
      baseURL,
    }) => {
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const token = randomUUID().slice(0, 8);
      const title = `Swing Trading Q&A ${token}`;
      const id = insertEvent({ title, eventDate: Date.now() + 10 * DAY_MS });

      await visitAdmin(page, mode, `/admin/events?q=${token}`);
      await card(page, title)
        .getByRole("link", { name: `Delete ${title}` })
        .click();
      const confirm = dialog(page, "Confirm delete");
      await expect(confirm).toContainText(`Are you sure you want to delete "${title}"?`);
      await expectNoA11yViolations(page);
      await confirm.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/events\\?q=${token}$`));
      await expect(card(page, title)).toBeVisible();
      expect(storedEvent(id)).toBeDefined();

      if (mode.javaScriptEnabled) await waitForHydration(page);
      await card(page, title)
        .getByRole("link", { name: `Delete ${title}` })
        .click();
      await dialog(page, "Confirm delete").getByRole("button", { name: "Delete" }).click();
      await expect(toast(page)).toContainText("Event deleted");
      await expect(toast(page)).toContainText(`“${title}” has been deleted.`);
      await expect(page.getByText("No Events Found")).toBeVisible();
      expect(storedEvent(id)).toBeUndefined();
      expect(auditActionsOf(admin)).toEqual([{ action: "event_deleted", entityType: "event", entityId: String(id) }]);
    });

    test("an event with registrations is not deleted: the dialog says why and deactivates it instead", async ({
      page,
      context,
      baseURL,
    }) => {
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const token = randomUUID().slice(0, 8);
      const title = `Crypto Basics ${token}`;
      const id = insertEvent({ title, eventDate: Date.now() + 5 * DAY_MS });
      addRegistration(id, "Kavya Iyer", Date.now() - DAY_MS);

      await visitAdmin(page, mode, `/admin/events?q=${token}`);
      await expect(card(page, title)).toContainText("1 registration");
      await card(page, title)
        .getByRole("link", { name: `Delete ${title}` })
        .click();
      const keep = dialog(page, "Keep the history");
      await expect(keep).toContainText(`Are you sure you want to delete "${title}"?`);
      await expect(keep.getByRole("alert")).toContainText("This cannot be deleted");
      await expect(keep.getByRole("alert")).toContainText("This event has 1 registration.");
      await expect(keep.getByRole("button", { name: "Delete" })).toHaveCount(0);
      await expectNoA11yViolations(page);

      await keep.getByRole("button", { name: "Deactivate event" }).click();
      await expect(toast(page)).toContainText("Event deactivated");
      await expect(card(page, title)).toContainText("Inactive");
      expect(storedEvent(id)?.is_active).toBe(0);
      expect(queryTestDatabase("SELECT id FROM event_registrations WHERE event_id = ?", id)).toHaveLength(1);
      expect(auditActionsOf(admin)).toEqual([{ action: "event_deactivated", entityType: "event", entityId: String(id) }]);

      // Already inactive: nothing left to offer but going back.
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await card(page, title)
        .getByRole("link", { name: `Delete ${title}` })
        .click();
      await expect(dialog(page, "Keep the history").getByRole("button")).toHaveCount(0);
      await dialog(page, "Keep the history").getByRole("link", { name: "Back" }).click();
      await expect(card(page, title)).toBeVisible();
    });

    test("search by title or description, the five filters, and 'No Events Found'", async ({ page, context, baseURL }) => {
      await signInAsAdmin(context, baseURL ?? "");
      const token = randomUUID().slice(0, 8);
      const upcoming = `Upcoming Active ${token}`;
      const hidden = `Upcoming Inactive ${token}`;
      const past = `Past Active ${token}`;
      insertEvent({ title: upcoming, eventDate: Date.now() + 3 * DAY_MS });
      insertEvent({ title: hidden, eventDate: Date.now() + 4 * DAY_MS, isActive: false });
      insertEvent({ title: past, eventDate: Date.now() - 3 * DAY_MS, description: `Recording of ${token}-recap` });

      await visitAdmin(page, mode, `/admin/events?q=nothing-${token}`);
      await expect(page.getByLabel("Filter", { exact: true }).locator("option")).toHaveText([
        "All Events",
        "Active Only",
        "Inactive Only",
        "Upcoming",
        "Past Events",
      ]);
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await page.getByLabel("Search events").fill(token);
      await page.getByRole("button", { name: "Search" }).click();
      // Newest date first; the admin sees inactive events too.
      await expect(cardTitles(page)).toHaveText([hidden, upcoming, past]);
      await expect(page.getByText("3 events", { exact: true })).toBeVisible();
      await expectNoA11yViolations(page);

      await chooseFilter(page, mode, "Active Only");
      await expect(cardTitles(page)).toHaveText([upcoming, past]);
      await chooseFilter(page, mode, "Inactive Only");
      await expect(cardTitles(page)).toHaveText([hidden]);
      await chooseFilter(page, mode, "Upcoming");
      await expect(cardTitles(page)).toHaveText([upcoming, hidden]);
      await chooseFilter(page, mode, "Past Events");
      await expect(cardTitles(page)).toHaveText([past]);
      await expect(page).toHaveURL(new RegExp(`q=${token}.*status=past|status=past.*q=${token}`));

      // The description is searched too.
      await visitAdmin(page, mode, `/admin/events?q=${token}-recap`);
      await expect(cardTitles(page)).toHaveText([past]);

      await visitAdmin(page, mode, `/admin/events?q=no-such-event-${token}`);
      await expect(page.getByText("No Events Found", { exact: true })).toBeVisible();
      await expect(page.getByText("Try another search or filter, or add an event.")).toBeVisible();
      await expectNoA11yViolations(page);
    });

    test("View Registrations lists name, email, phone and date; 'No Registrations Yet' when none", async ({ page, context, baseURL }) => {
      await signInAsAdmin(context, baseURL ?? "");
      const token = randomUUID().slice(0, 8);
      const busy = `Busy Webinar ${token}`;
      const quiet = `Quiet Webinar ${token}`;
      const busyId = insertEvent({ title: busy, eventDate: Date.now() + 6 * DAY_MS });
      insertEvent({ title: quiet, eventDate: Date.now() + 7 * DAY_MS });
      // 10:00 IST on 1 March 2026, then 09:00 IST on 2 March.
      addRegistration(busyId, "Rohan Mehta", Date.UTC(2026, 2, 1, 4, 30));
      addRegistration(busyId, "Anita Desai", Date.UTC(2026, 2, 2, 3, 30));

      await visitAdmin(page, mode, `/admin/events?q=${token}`);
      await expect(card(page, busy)).toContainText("2 registrations");
      await card(page, busy)
        .getByRole("link", { name: `View Registrations: ${busy}` })
        .click();
      const list = dialog(page, "Event Registrations");
      await expect(list).toContainText(busy);
      const table = list.getByRole("table", { name: `Registrations for ${busy}` });
      await expect(table.getByRole("columnheader")).toHaveText(["Name", "Email", "Phone", "Registered"]);
      await expect(table.getByRole("row")).toHaveCount(3);
      await expect(table.getByRole("row").nth(1).getByRole("cell")).toHaveText([
        "Rohan Mehta",
        "rohan.mehta@example.test",
        "+91 98765 43210",
        "Mar 1, 2026, 10:00 am IST",
      ]);
      await expect(table.getByRole("row").nth(2).getByRole("cell").first()).toHaveText("Anita Desai");
      await expectNoA11yViolations(page);
      await list.getByRole("link", { name: "Close" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/events\\?q=${token}$`));

      if (mode.javaScriptEnabled) await waitForHydration(page);
      await card(page, quiet)
        .getByRole("link", { name: `View Registrations: ${quiet}` })
        .click();
      await expect(dialog(page, "Event Registrations").getByText("No Registrations Yet", { exact: true })).toBeVisible();
      await expect(dialog(page, "Event Registrations").getByRole("table")).toHaveCount(0);
      await expectNoA11yViolations(page);
    });

    test("a content manager uses the Events tab; an unknown id is 'Not found'", async ({ page, context, baseURL }) => {
      const manager = await signInAsAdmin(context, baseURL ?? "", "content_manager");
      const title = uniqueTitle("Managers Meetup");
      const id = insertEvent({ title, eventDate: Date.now() + 9 * DAY_MS, pricePaise: 49_900 });
      const response = await visitAdmin(page, mode, `/admin/events/${id}`);
      expect(response?.status()).toBe(200);
      await expect(dialog(page, "Edit Event").getByLabel("Title")).toHaveValue(title);
      // The price is the admin's: shown as text, no input.
      await expect(dialog(page, "Edit Event").getByRole("textbox", { name: /price/i })).toHaveCount(0);
      await expect(dialog(page, "Edit Event").getByRole("region", { name: "Price: set by an admin" })).toContainText("₹499");
      await dialog(page, "Edit Event").getByLabel("Duration (minutes)").fill("45");
      await dialog(page, "Edit Event").getByRole("button", { name: "Save Changes" }).click();
      await expect(toast(page)).toContainText("Event updated");
      expect(storedEvent(id)).toMatchObject({ duration_minutes: 45, price_paise: 49_900 });
      expect(auditActionsOf(manager)).toEqual([{ action: "event_updated", entityType: "event", entityId: String(id) }]);

      for (const path of ["/admin/events/99999999", "/admin/events/abc?confirm=delete"]) {
        const missing = await visitAdmin(page, mode, path);
        expect(missing?.status(), path).toBe(404);
        await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
      }

      // Who registered is personal data: the admin's alone.
      await visitAdmin(page, mode, "/admin/events");
      await expect(page.getByRole("link", { name: /^View Registrations/ })).toHaveCount(0);
      const refused = await visitAdmin(page, mode, `/admin/events/${id}/registrations`);
      expect(refused?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
    });

    test("without an admin session every Events page goes to /admin/login", async ({ page }) => {
      for (const path of [
        "/admin/events",
        "/admin/events/new",
        "/admin/events/1",
        "/admin/events/1?confirm=delete",
        "/admin/events/1/registrations",
      ]) {
        await visitAdmin(page, mode, path);
        await expect(page, path).toHaveURL(new RegExp(`/admin/login\\?redirectTo=${encodeURIComponent(path).replace(/\//g, "%2F")}$`));
      }
      // A page's form post is refused the same way and stores nothing.
      const title = uniqueTitle("Anonymous post");
      const response = await page.request.post("/admin/events/new", {
        form: { title, description: "x", eventType: "webinar", date: "2031-01-01", time: "10:00" },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(302);
      expect(response.headers()["location"]).toMatch(/^\/admin\/login/);
      expect(storedEventsTitled(title)).toEqual([]);
    });
  });
});

test.describe("/admin/events auto-refresh with JavaScript", () => {
  test.describe.configure({ timeout: 60_000 });

  test("Live badge on by default; an event added from another session appears on window focus and after 30 s, without a reload", async ({
    page,
    context,
    baseURL,
  }) => {
    await signInAsAdmin(context, baseURL ?? "");
    await page.clock.install();
    const checkErrors = failOnPageErrors(page);
    const token = randomUUID().slice(0, 8);
    const first = `Pre-existing ${token}`;
    insertEvent({ title: first, eventDate: Date.now() + 2 * DAY_MS });
    await visitAdmin(page, { javaScriptEnabled: true, label: "" }, `/admin/events?q=${token}`);

    await expect(page.getByRole("button", { name: "Auto-refresh" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("Live", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Refresh" })).toHaveCount(0);
    await expect(cardTitles(page)).toHaveText([first]);
    await expectNoA11yViolations(page);
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    // Another admin adds an event; coming back to the window shows it.
    const second = `Added elsewhere ${token}`;
    insertEvent({ title: second, eventDate: Date.now() + 3 * DAY_MS });
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(cardTitles(page)).toHaveText([second, first]);

    // And 30 s of polling shows the next one without any focus change.
    const third = `Added later ${token}`;
    insertEvent({ title: third, eventDate: Date.now() + 4 * DAY_MS });
    await expect(cardTitles(page)).toHaveText([second, first]);
    await page.clock.fastForward(30_000);
    await expect(cardTitles(page)).toHaveText([third, second, first]);

    expect(await page.evaluate(() => "__sameDocument" in window)).toBe(true);
    checkErrors();
  });

  test("switched off: no Live badge, no polling, a Refresh link; switched back on", async ({ page, context, baseURL }) => {
    await signInAsAdmin(context, baseURL ?? "");
    await page.clock.install();
    const token = randomUUID().slice(0, 8);
    await visitAdmin(page, { javaScriptEnabled: true, label: "" }, `/admin/events?q=${token}&status=upcoming`);
    await expect(page.getByText("No Events Found")).toBeVisible();

    const toggle = page.getByRole("button", { name: "Auto-refresh" });
    await toggle.click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${token}&status=upcoming&live=off$`));
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByText("Live", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Refresh" })).toBeVisible();
    await expectNoA11yViolations(page);
    // The search form keeps the choice. (Wait for its load to finish: an event
    // added while it is under way would rightly show up in it.)
    const searched = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/admin/events.data"));
    await page.getByRole("button", { name: "Search" }).click();
    await searched;
    await expect(page).toHaveURL(/live=off/);
    await expect(page.getByText("No Events Found")).toBeVisible();

    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/admin/events.data")) dataRequests.push(request.url());
    });
    const title = `Unseen until refreshed ${token}`;
    insertEvent({ title, eventDate: Date.now() + 2 * DAY_MS });
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await page.clock.fastForward(60_000);
    // A (wrongly) started refresh would have sent its request by the time the router is idle again.
    await waitForNavigationIdle(page);
    expect(dataRequests).toEqual([]);
    await expect(page.getByText("No Events Found")).toBeVisible();

    await page.getByRole("link", { name: "Refresh" }).click();
    await expect(cardTitles(page)).toHaveText([title]);

    await toggle.click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${token}&status=upcoming$`));
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("Live", { exact: true })).toBeVisible();
  });

  test("polling waits while a dialog is open, so a half-filled form is never reset", async ({ page, context, baseURL }) => {
    await signInAsAdmin(context, baseURL ?? "");
    await page.clock.install();
    await visitAdmin(page, { javaScriptEnabled: true, label: "" }, "/admin/events/new");
    const form = dialog(page, "Create New Event");
    await form.getByLabel("Title").fill("Half-typed title");
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
    });
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await page.clock.fastForward(60_000);
    await waitForNavigationIdle(page);
    expect(dataRequests).toEqual([]);
    await expect(form.getByLabel("Title")).toHaveValue("Half-typed title");
  });
});

test.describe("/admin/events auto-refresh without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("no Live badge: a Refresh link to the same list instead; the switch still records the choice in the URL", async ({
    page,
    context,
    baseURL,
  }) => {
    await signInAsAdmin(context, baseURL ?? "");
    const token = randomUUID().slice(0, 8);
    await page.goto(`/admin/events?q=${token}`);
    await expect(page.getByText("Live", { exact: true })).toHaveCount(0);
    const refresh = page.getByRole("link", { name: "Refresh" });
    await expect(refresh).toHaveAttribute("href", `/admin/events?q=${token}`);
    await expect(page.getByText("Automatic updates need JavaScript; use Refresh to see the latest.")).toBeVisible();

    const title = `Seen after Refresh ${token}`;
    insertEvent({ title, eventDate: Date.now() + 2 * DAY_MS });
    await refresh.click();
    await expect(cardTitles(page)).toHaveText([title]);

    await page.getByRole("button", { name: "Auto-refresh" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${token}&live=off$`));
    await expect(page.getByRole("button", { name: "Auto-refresh" })).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByText("Automatic updates are off; use Refresh to see the latest.")).toBeVisible();
  });
});
