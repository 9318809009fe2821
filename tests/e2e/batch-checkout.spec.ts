import type { Page } from "@playwright/test";
import { FAKE_RAZORPAY_URL, RAZORPAY_BASE_URL, RAZORPAY_DATABASE } from "../../playwright.config";
import { withDatabase } from "../support/database";
import { payButton, saveInformation, toasts, visit } from "./checkout-support";
import { createStudent, expect, signInAs, test } from "./fixtures";
import { expectNoA11yViolations, inBothModes, type Mode } from "./page-checks";

// Choosing a batch and paying for it through Razorpay, with JavaScript on and
// off: the course page lists the upcoming batches, "Choose this batch" leads
// through the enrollment information to a checkout that names the batch and
// charges its price, and the captured payment seats the student in it. Then
// the batch's next class, from /learn to its page and "Join the class".

test.use({ baseURL: RAZORPAY_BASE_URL });

const COURSE = withDatabase(
  (database) => database.prepare("SELECT id, title FROM courses WHERE pacing = 'both' LIMIT 1").get() as { id: number; title: string },
  RAZORPAY_DATABASE,
);

/** A fresh batch of the demo batch course, in person in Pune, starting in ten days; its own price ₹4,500. */
function makeBatch(label: string): { id: number; name: string } {
  const name = `${label} ${crypto.randomUUID().slice(0, 6)}`;
  const day = (offset: number) => new Date(Date.now() + (10 + offset) * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
  const id = withDatabase(
    (database) =>
      Number(
        database
          .prepare(
            "INSERT INTO batches (course_id, name, starts_on, ends_on, delivery_mode, venue_state_code, venue, seats, price_paise) VALUES (?, ?, ?, ?, 'venue', '27', 'Pune', 5, 450000)",
          )
          .run(COURSE.id, name, day(0), day(20)).lastInsertRowid,
      ),
    RAZORPAY_DATABASE,
  );
  return { id, name };
}

async function serveCheckoutScript(page: Page) {
  const script = await (await fetch(`${FAKE_RAZORPAY_URL}/v1/checkout.js`)).text();
  await page.route("https://checkout.razorpay.com/v1/checkout.js", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: script }),
  );
}

async function payAtRazorpay(page: Page, mode: Mode) {
  if (mode.javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: "Razorpay Checkout" });
    await expect(dialog).toContainText("₹4500.00");
    await dialog.getByRole("button", { name: "Pay with UPI" }).click();
    return;
  }
  await page.getByRole("button", { name: "Continue to secure payment" }).click();
  await expect(page).toHaveURL(`${FAKE_RAZORPAY_URL}/v1/checkout/embedded`);
  await expect(page.getByText("₹4500.00")).toBeVisible();
  await page.getByRole("button", { name: "Pay with UPI" }).click();
}

const seatedIn = (batchId: number) =>
  withDatabase(
    (database) =>
      (database.prepare("SELECT user_id FROM batch_students WHERE batch_id = ?").all(batchId) as { user_id: string }[]).map(
        (row) => row.user_id,
      ),
    RAZORPAY_DATABASE,
  );

/** A class of the batch starting in five minutes, online at `meeting`; its id. */
const addSession = (batchId: number, meeting: string) =>
  withDatabase(
    (database) =>
      Number(
        database
          .prepare(
            "INSERT INTO batch_sessions (batch_id, title, starts_at, duration_minutes, join_url, prices_at_least_30_days_old) VALUES (?, 'Replay: the open', ?, 90, ?, 1)",
          )
          .run(batchId, Date.now() + 5 * 60_000, meeting).lastInsertRowid,
      ),
    RAZORPAY_DATABASE,
  );

const joinedOf = (sessionId: number) =>
  withDatabase(
    (database) =>
      (
        database.prepare("SELECT user_id FROM session_attendance WHERE session_id = ? AND joined_at IS NOT NULL").all(sessionId) as {
          user_id: string;
        }[]
      ).map((row) => row.user_id),
    RAZORPAY_DATABASE,
  );

inBothModes((mode) => {
  test("chooses a batch on the course page, pays its price, is seated in it, and joins its next class", async ({ page }) => {
    const batch = makeBatch("Journey batch");
    const student = await createStudent({}, RAZORPAY_DATABASE);
    await signInAs(page.context(), student, RAZORPAY_BASE_URL, RAZORPAY_DATABASE);
    await serveCheckoutScript(page);

    await visit(page, mode, `/courses/${COURSE.id}`);
    const batches = page.getByRole("region", { name: "Upcoming Batches" });
    await expect(batches).toContainText(batch.name);
    await expect(batches).toContainText("In person: Pune, Maharashtra");
    await expectNoA11yViolations(page);
    await batches.getByRole("link", { name: `Choose ${batch.name}` }).click();

    await saveInformation(page, mode);
    const summary = page.getByRole("complementary", { name: "Order summary" });
    await expect(summary).toContainText(`${COURSE.title}: ${batch.name}`);
    await expect(summary).toContainText("₹4,500");
    await page.getByRole("checkbox", { name: /I agree to the terms/ }).check();
    await payButton(page).click();
    await payAtRazorpay(page, mode);

    await expect(page).toHaveURL(`${RAZORPAY_BASE_URL}/account/orders`);
    await expect(toasts(page).getByRole("status")).toContainText("Enrollment Successful!");
    expect(seatedIn(batch.id)).toEqual([student.id]);

    // A class of the batch starts in five minutes: Join is open.
    const meeting = `https://meet.jit.si/TradeMaster-e2e-${batch.id}`;
    const sessionId = addSession(batch.id, meeting);
    await visit(page, mode, "/learn");
    const yours = page.getByRole("region", { name: "Your Batches" });
    await expect(yours).toContainText("Next class");
    await yours.getByRole("link", { name: /Open the class/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Replay: the open" })).toBeVisible();
    await expect(page.getByText("Online, on Jitsi")).toBeVisible();
    await expectNoA11yViolations(page);
    // The browser is sent to the meeting (the network here reaches no meeting service, so the request itself is the proof).
    const toMeeting = page.waitForRequest((request) => request.url() === meeting);
    await page.getByRole("button", { name: "Join the class" }).click();
    await toMeeting;
    expect(joinedOf(sessionId)).toEqual([student.id]);
  });
});
