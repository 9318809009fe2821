import type { Page } from "@playwright/test";
import { FAKE_RAZORPAY_URL, RAZORPAY_BASE_URL, RAZORPAY_DATABASE } from "../../playwright.config";
import { withDatabase } from "../support/database";
import { insertEvent, type TestEvent } from "../support/rows";
import { payButton, saveInformation, toasts, visit } from "./checkout-support";
import { createStudent, expect, signInAs, test } from "./fixtures";
import { expectNoA11yViolations, inBothModes, type Mode } from "./page-checks";

// A paid event's seat, bought through Razorpay on the server where Razorpay
// takes payments: from the event's register dialog ("Pay ₹499") through the
// enrollment information and checkout to Razorpay and back. The seat is held
// for 15 minutes while the student pays; a payment that arrives after the
// hold ran out, the event full by then, is refunded and the student told so.

test.use({ baseURL: RAZORPAY_BASE_URL });

async function serveCheckoutScript(page: Page) {
  const script = await (await fetch(`${FAKE_RAZORPAY_URL}/v1/checkout.js`)).text();
  await page.route("https://checkout.razorpay.com/v1/checkout.js", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: script }),
  );
}

async function arrange(page: Page, seats: number) {
  const student = await createStudent({}, RAZORPAY_DATABASE);
  await signInAs(page.context(), student, RAZORPAY_BASE_URL, RAZORPAY_DATABASE);
  const event = insertEvent("Paid seat", { pricePaise: 49_900, maxParticipants: seats, databasePath: RAZORPAY_DATABASE });
  await serveCheckoutScript(page);
  return { student, event };
}

/** The register dialog's Pay, the enrollment information, the terms and the checkout's Pay. */
async function payFromDialog(page: Page, mode: Mode, event: TestEvent) {
  await visit(page, mode, `/events/${event.id}/register`);
  const dialog = page.getByRole("dialog", { name: "Register for Event" });
  await expect(dialog).toContainText("Your seat is held for you for 15 minutes while you pay");
  await dialog.getByRole("link", { name: "Pay ₹499" }).click();
  await saveInformation(page, mode);
  await expect(page.getByRole("complementary", { name: "Order summary" })).toContainText(event.title);
  await page.getByRole("checkbox", { name: /I agree to the terms/ }).check();
  await payButton(page).click();
}

/** The pending order the Pay press stored, its seat held (with JavaScript the press is a fetch: wait for it). */
async function expectSeatHeld(studentId: string, eventId: number) {
  await expect.poll(() => orderOf(studentId, eventId)?.payment_status).toBe("pending");
  expect(orderOf(studentId, eventId)?.seat_held_until).toBeGreaterThan(Date.now());
}

/** Razorpay's checkout (its dialog with JavaScript, its hosted page without) shows the seat's price; the student pays by UPI. */
async function payAtRazorpay(page: Page, mode: Mode) {
  if (mode.javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: "Razorpay Checkout" });
    await expect(dialog).toContainText("₹499.00");
    await dialog.getByRole("button", { name: "Pay with UPI" }).click();
    return;
  }
  await page.getByRole("button", { name: "Continue to secure payment" }).click();
  await expect(page).toHaveURL(`${FAKE_RAZORPAY_URL}/v1/checkout/embedded`);
  await expect(page.getByText("₹499.00")).toBeVisible();
  await page.getByRole("button", { name: "Pay with UPI" }).click();
}

const orderOf = (studentId: string, eventId: number) =>
  withDatabase(
    (database) =>
      database.prepare("SELECT payment_status, seat_held_until FROM orders WHERE user_id = ? AND event_id = ?").get(studentId, eventId) as
        { payment_status: string; seat_held_until: number | null } | undefined,
    RAZORPAY_DATABASE,
  );

/** Who holds a seat at the event, on the Razorpay server. */
const seated = (eventId: number) =>
  withDatabase(
    (database) =>
      (
        database.prepare("SELECT user_id FROM event_registrations WHERE event_id = ? ORDER BY id").all(eventId) as Array<{
          user_id: string;
        }>
      ).map((row) => row.user_id),
    RAZORPAY_DATABASE,
  );

inBothModes((mode) => {
  test("pays for a seat from the register dialog and lands on their events, registered", async ({ page }) => {
    const { student, event } = await arrange(page, 5);
    await payFromDialog(page, mode, event);
    await expectSeatHeld(student.id, event.id);
    await payAtRazorpay(page, mode);
    await expect(page).toHaveURL(`${RAZORPAY_BASE_URL}/account/events`);
    await expect(toasts(page).getByRole("status")).toContainText("Registration Successful!");
    await expect(page.getByRole("main")).toContainText(event.title);
    expect(orderOf(student.id, event.id)).toEqual({ payment_status: "completed", seat_held_until: null });
    expect(seated(event.id)).toEqual([student.id]);
  });

  test("a payment after the seat's hold ran out, the last seat taken meanwhile, is refunded and the waitlist offered", async ({ page }) => {
    const { student, event } = await arrange(page, 1);
    await payFromDialog(page, mode, event);
    await expectSeatHeld(student.id, event.id);
    // While the student is at Razorpay the 15 minutes pass, and another student takes the last seat.
    const other = await createStudent({}, RAZORPAY_DATABASE);
    withDatabase((database) => {
      database
        .prepare("UPDATE orders SET seat_held_until = ? WHERE user_id = ? AND event_id = ?")
        .run(Date.now() - 1_000, student.id, event.id);
      database
        .prepare("INSERT INTO event_registrations (event_id, user_id, name, email, phone) VALUES (?, ?, 'Other Student', ?, '9876543210')")
        .run(event.id, other.id, other.email);
    }, RAZORPAY_DATABASE);
    await payAtRazorpay(page, mode);

    await expect(page).toHaveURL(`${RAZORPAY_BASE_URL}/events/${event.id}/register`);
    const refunded = toasts(page).getByRole("alert");
    await expect(refunded).toContainText("Payment refunded");
    await expect(refunded).toContainText("The event filled up before your payment reached us, so we have refunded it in full.");
    const dialog = page.getByRole("dialog", { name: "Register for Event" });
    await expect(dialog.getByText("This event is full.", { exact: true })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Join the waitlist" })).toBeVisible();
    await expectNoA11yViolations(page);
    expect(orderOf(student.id, event.id)?.payment_status).toBe("refunded");
    expect(seated(event.id)).toEqual([other.id]);
  });
});
