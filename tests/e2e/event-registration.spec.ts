import type { Page } from "@playwright/test";
import { createStudent, withDatabase } from "./fixtures";
import {
  addRegistration,
  expect,
  failRegistrationsOf,
  moveEventStart,
  openSeedEvents,
  pastSeedEvent,
  storedRegistrations,
  test,
} from "./event-registration-support";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes, type Mode, tickConsent } from "./page-checks";

function dialogParts(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Register for Event" });
  const field = (name: string) => dialog.getByRole("textbox", { name, exact: true });
  return {
    dialog,
    name: field("Name"),
    email: field("Email"),
    phone: field("Phone"),
    register: dialog.getByRole("button", { name: /^(Register|Registering\.\.\.)$/ }),
    cancel: dialog.getByRole("link", { name: "Cancel" }),
  };
}

async function openDialog(page: Page, mode: Mode, eventId: number, search = "") {
  const response = await page.goto(`/events/${eventId}/register${search}`);
  expect(response?.status()).toBe(200);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  const parts = dialogParts(page);
  await expect(parts.dialog).toBeVisible();
  return parts;
}

const toast = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status");
const registerLink = (page: Page, title: string) => page.getByRole("link", { name: `Register Now: ${title}`, exact: true });

inBothModes((mode) => {
  test.describe("event registration", () => {
    test("signed out: Register Now goes to sign in and back to the dialog; registering shows the toast and stores the row", async ({
      page,
      request,
    }) => {
      const [event] = await openSeedEvents(request);
      const student = await createStudent({ firstName: "Ananya", lastName: "Iyer" });
      const type = event!.eventType;

      await page.goto(`/events?type=${type}`);
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await registerLink(page, event!.title).click();

      await expect(page).toHaveURL((url) => url.pathname === "/login");
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(`/events/${event!.id}/register?type=${type}`);
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await page.getByRole("textbox", { name: "Email", exact: true }).fill(student.email);
      await page.getByLabel("Password").fill(student.password);
      await page.getByRole("button", { name: "Sign In" }).click();

      await expect(page).toHaveURL((url) => url.pathname === `/events/${event!.id}/register` && url.search === `?type=${type}`);
      if (mode.javaScriptEnabled) await waitForHydration(page);
      const form = dialogParts(page);
      await expect(form.dialog).toBeVisible();
      await expect(form.dialog).toContainText(event!.title);
      await expect(form.name).toHaveValue("Ananya Iyer");
      await expect(form.email).toHaveValue(student.email);
      await expect(form.phone).toHaveValue("");
      await form.phone.fill("+91 98765 43210");
      await tickConsent(form.dialog);
      await form.register.click();

      await expect(toast(page)).toContainText("Registration Successful!");
      await expect(toast(page)).toContainText(`You are registered for ${event!.title}.`);
      await expect(page).toHaveURL((url) => url.pathname === "/events" && url.search === `?type=${type}`);
      await expect(form.dialog).toHaveCount(0);
      expect(storedRegistrations(event!.id, student.id)).toEqual([
        { id: expect.any(Number), user_id: student.id, name: "Ananya Iyer", email: student.email, phone: "+91 98765 43210" },
      ]);
    });

    test("the spec's validation messages; nothing is stored until they are fixed", async ({ page, request, student }) => {
      const [event] = await openSeedEvents(request);
      const assertNoErrors = failOnPageErrors(page);
      const form = await openDialog(page, mode, event!.id);
      await expect(form.dialog).toContainText(event!.title);
      await form.name.fill("P");
      await form.email.fill("not-an-email");
      await form.phone.fill("98765");
      await tickConsent(form.dialog);
      await form.register.click();

      await expect(form.dialog.getByText("Name must be at least 2 characters", { exact: true })).toBeVisible();
      await expect(form.dialog.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
      await expect(form.dialog.getByText("Phone number must be at least 10 digits", { exact: true })).toBeVisible();
      for (const field of [form.name, form.email, form.phone]) await expect(field).toHaveAttribute("aria-invalid", "true");
      // What was typed stays.
      await expect(form.email).toHaveValue("not-an-email");
      await expect(toast(page)).toHaveCount(0);
      expect(storedRegistrations(event!.id, student.id)).toEqual([]);
      await expectNoA11yViolations(page);
      // Without JavaScript the browser logs the 400 answer itself; with it, the browser never posted.
      if (mode.javaScriptEnabled) assertNoErrors();

      await form.name.fill("Priya S");
      await form.email.fill("priya.s@example.com");
      await form.phone.fill("9876543210");
      await tickConsent(form.dialog);
      await form.register.click();
      await expect(toast(page)).toContainText("Registration Successful!");
      expect(storedRegistrations(event!.id, student.id)).toEqual([
        { id: expect.any(Number), user_id: student.id, name: "Priya S", email: "priya.s@example.com", phone: "9876543210" },
      ]);
    });

    test("one registration per student: a second one says so", async ({ page, request, student }) => {
      const [event] = await openSeedEvents(request);
      // Registered while the dialog was open (in another tab): the post is refused.
      let form = await openDialog(page, mode, event!.id);
      await form.phone.fill("9876543210");
      addRegistration(event!.id, student);
      await tickConsent(form.dialog);
      await form.register.click();
      await expect(form.dialog.getByText("You are already registered for this event.", { exact: true })).toBeVisible();
      await expect(toast(page)).toHaveCount(0);
      expect(storedRegistrations(event!.id, student.id)).toHaveLength(1);

      // Opening it again says so straight away, with no form.
      form = await openDialog(page, mode, event!.id);
      await expect(form.dialog.getByText("You are already registered for this event.", { exact: true })).toBeVisible();
      await expect(form.register).toHaveCount(0);
      await expectNoA11yViolations(page);
    });

    test("a full event says so plainly and stores nothing more", async ({ page, student, makeEvent }) => {
      const other = await createStudent();

      const full = makeEvent("Full", { maxParticipants: 1 });
      addRegistration(full.id, other);
      let form = await openDialog(page, mode, full.id);
      await expect(form.dialog.getByText("This event is full.", { exact: true })).toBeVisible();
      await expect(form.register).toHaveCount(0);
      await expectNoA11yViolations(page);
      await form.dialog.getByRole("link", { name: "Back to Events" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/events");
      await expect(form.dialog).toHaveCount(0);

      // The last seat goes while the dialog is open.
      const lastSeat = makeEvent("Last seat", { maxParticipants: 1 });
      form = await openDialog(page, mode, lastSeat.id);
      await expect(form.dialog).toContainText("1 seat left");
      await form.phone.fill("9876543210");
      addRegistration(lastSeat.id, other);
      await tickConsent(form.dialog);
      await form.register.click();
      await expect(form.dialog.getByText("This event is full.", { exact: true })).toBeVisible();
      await expect(toast(page)).toHaveCount(0);
      expect(storedRegistrations(lastSeat.id).map((row) => row.user_id)).toEqual([other.id]);
      expect(storedRegistrations(full.id, student.id)).toEqual([]);
    });

    test("a paid event is booked with payment: the dialog offers Pay, which leads to its checkout, and a forced post stores nothing", async ({
      page,
      student,
      makeEvent,
    }) => {
      const paid = makeEvent("Paid", { pricePaise: 99_900, maxParticipants: 30 });
      const form = await openDialog(page, mode, paid.id);
      await expect(form.dialog).toContainText("This is a paid event, and seats are booked with payment.");
      await expect(form.register).toHaveCount(0);
      await expectNoA11yViolations(page);
      await form.dialog.getByRole("link", { name: "Pay ₹999" }).click();
      await expect(page).toHaveURL(new RegExp(`/checkout/information\\?eventId=${paid.id}$`));
      await expect(page.getByRole("dialog", { name: "Enrollment Information" })).toContainText(paid.title);

      // The form is not offered, but a post made anyway is refused by the server.
      const forced = await page.request.post(`/events/${paid.id}/register`, {
        form: { name: "Priya Sharma", email: student.email, phone: "9876543210", consent: "on" },
        headers: { Origin: new URL(page.url()).origin },
      });
      expect(forced.status()).toBe(402);
      expect(storedRegistrations(paid.id)).toEqual([]);
    });

    test("past events refuse registration", async ({ page, request, student, makeEvent }) => {
      const past = await pastSeedEvent(request);
      let form = await openDialog(page, mode, past.id);
      await expect(form.dialog).toContainText(past.title);
      await expect(form.dialog.getByText("Registration for this event has closed.", { exact: true })).toBeVisible();
      await expect(form.register).toHaveCount(0);

      // An event that starts while the dialog is open.
      const starting = makeEvent("Starting");
      form = await openDialog(page, mode, starting.id);
      await form.phone.fill("9876543210");
      moveEventStart(starting.id, Date.now() - 60_000);
      await tickConsent(form.dialog);
      await form.register.click();
      await expect(form.dialog.getByText("Registration for this event has closed.", { exact: true })).toBeVisible();
      expect(storedRegistrations(starting.id)).toEqual([]);
      expect(storedRegistrations(past.id, student.id)).toEqual([]);
    });

    test("unknown and inactive events are 'Page Not Found'", async ({ page, student: _signedIn }) => {
      const inactiveId = withDatabase(
        (database) => (database.prepare("SELECT id FROM events WHERE is_active = 0 LIMIT 1").get() as { id: number } | undefined)?.id,
      );
      expect(inactiveId, "the seed has an inactive event").toBeTruthy();
      for (const path of [`/events/${inactiveId}/register`, "/events/999999/register", "/events/abc/register"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
      }
    });

    test("an unexpected failure: 'Registration Failed' with the spec's text, and the form kept", async ({ page, request, student }) => {
      const [event] = await openSeedEvents(request);
      const restore = failRegistrationsOf(student);
      try {
        const form = await openDialog(page, mode, event!.id);
        await form.phone.fill("9876543210");
        await tickConsent(form.dialog);
        await form.register.click();
        const notice = form.dialog.getByRole("alert");
        await expect(notice).toContainText("Registration Failed");
        await expect(notice).toContainText("There was an error registering for the event. Please try again.");
        await expect(form.phone).toHaveValue("9876543210");
        await expect(toast(page)).toHaveCount(0);
      } finally {
        restore();
      }
      expect(storedRegistrations(event!.id, student.id)).toEqual([]);
    });

    test("Register Now on the home page opens the dialog over the events list", async ({ page, student: _signedIn }) => {
      await page.goto("/");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      const link = page.getByRole("link", { name: /^Register Now: / }).first();
      const href = await link.getAttribute("href");
      expect(href).toMatch(/^\/events\/\d+\/register$/);
      await link.click();
      await expect(page).toHaveURL((url) => url.pathname === href);
      await expect(dialogParts(page).dialog).toBeVisible();
      await expect(page.locator("h1", { hasText: "Trading Events & Webinars" })).toBeAttached();
    });
  });
});

test.describe("event registration dialog with JavaScript", () => {
  test("opens over the list without a page load; Escape and Cancel close it and reset the form", async ({ page, request, student }) => {
    const assertNoErrors = failOnPageErrors(page);
    const [event] = await openSeedEvents(request);
    const type = event!.eventType;
    await page.goto(`/events?time=all&type=${type}`);
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const opener = registerLink(page, event!.title);
    await opener.click();

    const backToList = (url: URL) => url.pathname === "/events" && url.search === `?type=${type}&time=all`;
    await expect(page).toHaveURL((url) => url.pathname === `/events/${event!.id}/register` && url.search === `?time=all&type=${type}`);
    const form = dialogParts(page);
    await expect(form.dialog).toBeVisible();
    await expect(form.dialog).toHaveAttribute("aria-modal", "true");
    await expect(form.name).toBeFocused();
    await expect(form.name).toHaveValue(`${student.firstName} ${student.lastName}`);
    // The list is still there behind it, in the same document.
    await expect(page.locator("h3", { hasText: event!.title })).toBeAttached();
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    await expectNoA11yViolations(page);

    // Tab stays inside the dialog.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await form.dialog.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }

    await form.phone.fill("12345");
    await page.keyboard.press("Escape");
    await expect(form.dialog).toHaveCount(0);
    await expect(page).toHaveURL(backToList);
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(form.dialog).toBeVisible();
    await expect(form.phone).toHaveValue("");
    await form.name.fill("Someone Else");
    await form.cancel.click();
    await expect(form.dialog).toHaveCount(0);
    await expect(page).toHaveURL(backToList);

    await opener.click();
    await expect(form.name).toHaveValue(`${student.firstName} ${student.lastName}`);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    expect(storedRegistrations(event!.id, student.id)).toEqual([]);
    assertNoErrors();
  });
});
