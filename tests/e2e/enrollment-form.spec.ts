import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { createStudent, expect, openTestDatabase, test } from "./fixtures";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes, type Mode, tickConsent } from "./page-checks";

type Choice = { id: number; title: string };
type StoredForm = {
  user_id: string;
  name: string;
  whatsapp_number: string;
  email: string | null;
  age: number | null;
  country: string | null;
  state: string;
  city: string;
  experience_level: string;
  course_or_event_id: number;
  course_or_event_type: string;
  source_of_lead: string;
  broker: string | null;
  training_preference: string | null;
  payment_status: string;
};

const SAVED_TITLE = "Information Saved!";
const SAVED_TEXT = "Thank you — our team will contact you on WhatsApp shortly.";
const UNDER_18_TEXT =
  "You must be 18 or older to enrol: a contract with someone under 18 is void in India, and we cannot take a parent's consent.";

async function activeCourses(request: APIRequestContext): Promise<Choice[]> {
  const response = await request.get("/api/courses");
  expect(response.status()).toBe(200);
  return response.json();
}

async function upcomingEvents(request: APIRequestContext): Promise<Choice[]> {
  const response = await request.get("/api/events");
  expect(response.status()).toBe(200);
  const events: (Choice & { eventDate: string })[] = await response.json();
  return events.filter((event) => Date.parse(event.eventDate) > Date.now());
}

function storedForms(userId: string): StoredForm[] {
  const database = openTestDatabase();
  try {
    // The payment status as the admin's list shows it: the latest order made with the form, else pending.
    return database
      .prepare(
        `SELECT f.*, coalesce((SELECT payment_status FROM orders WHERE enrollment_form_id = f.id ORDER BY id DESC LIMIT 1), 'pending')
           AS payment_status FROM enrollment_forms f WHERE f.user_id = ? ORDER BY f.id`,
      )
      .all(userId) as StoredForm[];
  } finally {
    database.close();
  }
}

async function open(page: Page, mode: Mode, path: string) {
  const response = await page.goto(path);
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return response;
}

const textbox = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });
const select = (page: Page, name: string) => page.getByRole("combobox", { name, exact: true });
const age = (page: Page) => page.getByRole("spinbutton", { name: "Age (optional)" });
async function submit(page: Page) {
  await tickConsent(page);
  await page.getByRole("button", { name: "Save Information" }).click();
}
const toast = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" });

/** Every required field, plus the optional ones, with good values. */
async function fillValid(page: Page, choiceLabel?: string) {
  await textbox(page, "Full name").fill("Priya Sharma");
  await textbox(page, "WhatsApp number").fill("+91 98765 43210");
  await textbox(page, "Email (optional)").fill("priya@example.com");
  await age(page).fill("27");
  await textbox(page, "Country (optional)").fill("India");
  await textbox(page, "State").fill("Maharashtra");
  await textbox(page, "City").fill("Pune");
  await select(page, "Experience level").selectOption("Intermediate");
  if (choiceLabel) await select(page, "Course or event").selectOption({ label: choiceLabel });
  await select(page, "How did you hear about us?").selectOption("WhatsApp group");
  await select(page, "Training preference (optional)").selectOption({ label: "Offline" });
  await textbox(page, "Broker (optional)").fill("Zerodha");
}

inBothModes((mode) => {
  test.describe("/enrollment-form", () => {
    test("a signed-out visitor is sent to sign in, then back to the form", async ({ page, request }) => {
      const [course] = await activeCourses(request);
      const student = await createStudent();
      const path = `/enrollment-form?course=${course!.id}`;
      await open(page, mode, path);
      await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === path);
      await expect(toast(page).getByText("Sign in to fill in the enrollment form.")).toBeVisible();

      await page.getByLabel("Email").fill(student.email);
      await page.getByLabel("Password").fill(student.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL((url) => url.pathname + url.search === path);
      await expect(page.getByRole("heading", { level: 1, name: "Enrollment Information" })).toBeVisible();
      await expect(select(page, "Course or event")).toHaveValue(`course:${course!.id}`);
    });

    test("lists active courses and upcoming events only; an empty submit names every required field", async ({
      page,
      request,
      student,
    }) => {
      const assertNoErrors = failOnPageErrors(page);
      const courses = await activeCourses(request);
      const events = await upcomingEvents(request);
      await open(page, mode, "/enrollment-form");
      await expect(page.getByRole("heading", { level: 1, name: "Enrollment Information" })).toBeVisible();

      // The choice: active courses, then events still to come; never the retired or the cancelled ones.
      const choice = select(page, "Course or event");
      await expect(choice.locator("optgroup")).toHaveCount(2);
      const offered = (group: string) =>
        choice
          .locator(`optgroup[label="${group}"] option`)
          .evaluateAll((options) =>
            options.map((option) => ({ value: (option as HTMLOptionElement).value, text: option.textContent ?? "" })),
          );
      const courseOptions = await offered("Courses");
      const eventOptions = await offered("Events");
      for (const course of courses) expect(courseOptions).toContainEqual({ value: `course:${course.id}`, text: course.title });
      for (const event of events)
        expect(eventOptions).toContainEqual({
          value: `event:${event.id}`,
          text: expect.stringMatching(new RegExp(`^${escapeRegExp(event.title)} \\([A-Z][a-z]{2} \\d{1,2}, \\d{4}\\)$`)),
        });
      // Every option is open, checked against the database: courses by title
      // (case ignored), events by date.
      const titles = courseOptions.map((option) => option.text.toLowerCase());
      expect(titles).toEqual([...titles].sort());
      const database = openTestDatabase();
      try {
        const activeCourse = database.prepare("SELECT 1 AS ok FROM courses WHERE id = ? AND is_active = 1");
        const activeEvent = database.prepare("SELECT event_date AS at FROM events WHERE id = ? AND is_active = 1");
        for (const option of courseOptions)
          expect(activeCourse.get(Number(option.value.replace("course:", ""))), option.text).toEqual({ ok: 1 });
        const dates = eventOptions.map((option) => {
          const row = activeEvent.get(Number(option.value.replace("event:", ""))) as { at: number } | undefined;
          expect(row?.at, option.text).toBeGreaterThanOrEqual(Date.now() - 60_000);
          return row?.at ?? 0;
        });
        expect(dates).toEqual([...dates].sort((a, b) => a - b));
      } finally {
        database.close();
      }
      await expect(choice.getByText(/retired|Cancelled/)).toHaveCount(0);
      await expect(select(page, "Experience level").locator("option:not([value=''])")).toHaveText(["Beginner", "Intermediate", "Expert"]);
      await expect(select(page, "How did you hear about us?").locator("option:not([value=''])")).toHaveText([
        "Facebook",
        "Instagram",
        "Referral",
        "YouTube",
        "WhatsApp group",
        "Seminar",
      ]);
      expect(
        await select(page, "Training preference (optional)")
          .locator("option:not([value=''])")
          .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)),
      ).toEqual(["online", "offline"]);
      await expect(select(page, "Training preference (optional)").locator("option:not([value=''])")).toHaveText(["Online", "Offline"]);
      // Signed in: name and email come from the account.
      await expect(textbox(page, "Full name")).toHaveValue(`${student.firstName} ${student.lastName}`);
      await expect(textbox(page, "Email (optional)")).toHaveValue(student.email);
      await expectNoA11yViolations(page);
      // (Without JavaScript the refused post below is a 400 document, which the browser logs.)
      assertNoErrors();

      await textbox(page, "Full name").fill("");
      await textbox(page, "Email (optional)").fill("");
      await submit(page);
      const expected: [ReturnType<typeof textbox>, string][] = [
        [textbox(page, "Full name"), "Name is required"],
        [textbox(page, "WhatsApp number"), "Valid mobile number is required"],
        [textbox(page, "State"), "State is required"],
        [textbox(page, "City"), "City is required"],
        [select(page, "Experience level"), "Experience level is required"],
        [select(page, "Course or event"), "Please select a course or event"],
        [select(page, "How did you hear about us?"), "Source of lead is required"],
      ];
      for (const [field, message] of expected) {
        await expect(field).toHaveAttribute("aria-invalid", "true");
        await expect(field).toHaveAccessibleDescription(message);
      }
      // Optional fields stay quiet.
      for (const field of [
        textbox(page, "Email (optional)"),
        age(page),
        textbox(page, "Country (optional)"),
        textbox(page, "Broker (optional)"),
      ])
        await expect(field).not.toHaveAttribute("aria-invalid", "true");
      await expect(select(page, "Training preference (optional)")).not.toHaveAttribute("aria-invalid", "true");
      await expect(page).toHaveURL(/\/enrollment-form$/);
      await expectNoA11yViolations(page);
      expect(storedForms(student.id)).toEqual([]);
    });

    test("bad values get their messages; a course that is not offered is refused by the server", async ({ page, request, student }) => {
      const [course] = await activeCourses(request);
      await open(page, mode, "/enrollment-form");
      await fillValid(page, course!.title);
      await textbox(page, "WhatsApp number").fill("98765");
      await textbox(page, "Email (optional)").fill("priya@");
      await age(page).fill("150");
      await submit(page);
      await expect(textbox(page, "WhatsApp number")).toHaveAccessibleDescription("Valid mobile number is required");
      await expect(textbox(page, "Email (optional)")).toHaveAccessibleDescription("Please enter a valid email address");
      await expect(age(page)).toHaveAccessibleDescription("Age must be a whole number from 18 to 100");
      // What was typed is kept.
      await expect(textbox(page, "City")).toHaveValue("Pune");

      await textbox(page, "WhatsApp number").fill("9876543210");
      await textbox(page, "Email (optional)").fill("priya@example.com");
      await age(page).fill("101");
      await submit(page);
      await expect(age(page)).toHaveAccessibleDescription("Age must be a whole number from 18 to 100");
      await expect(textbox(page, "WhatsApp number")).not.toHaveAttribute("aria-invalid", "true");

      // A tampered choice naming the retired course passes the form's own check
      // and is refused on the server.
      const database = openTestDatabase();
      const retired = database.prepare("SELECT id FROM courses WHERE is_active = 0 LIMIT 1").get() as { id: number };
      database.close();
      await age(page).fill("30");
      await select(page, "Course or event").evaluate((element, id) => {
        const option = document.createElement("option");
        option.value = `course:${id}`;
        option.textContent = "Retired course";
        element.append(option);
      }, retired.id);
      await select(page, "Course or event").selectOption(`course:${retired.id}`);
      await submit(page);
      await expect(select(page, "Course or event")).toHaveAccessibleDescription("Please select a course or event");
      await expect(age(page)).toHaveValue("30");
      expect(storedForms(student.id)).toEqual([]);
    });

    test("someone under 18 is refused with the reason, and nothing of the form is kept", async ({ page, request, student }) => {
      const [course] = await activeCourses(request);
      await open(page, mode, "/enrollment-form");
      await fillValid(page, course!.title);
      await age(page).fill("16");
      await submit(page);
      await expect(age(page)).toHaveAccessibleDescription(UNDER_18_TEXT);
      await expect(page).toHaveURL(/\/enrollment-form$/);
      expect(storedForms(student.id)).toEqual([]);
      const database = openTestDatabase();
      try {
        expect(database.prepare("SELECT id FROM consent_records WHERE user_id = ?").all(student.id)).toEqual([]);
      } finally {
        database.close();
      }
    });

    test("saves an event choice with its derived type and goes to the events page", async ({ page, request, student }) => {
      const assertNoErrors = failOnPageErrors(page);
      const [event] = await upcomingEvents(request);
      await open(page, mode, "/enrollment-form");
      await fillValid(page);
      await select(page, "Course or event").selectOption(`event:${event!.id}`);
      await submit(page);

      await expect(page).toHaveURL((url) => url.pathname === "/events");
      await expect(toast(page).getByRole("status")).toContainText(SAVED_TITLE);
      await expect(toast(page).getByRole("status")).toContainText(SAVED_TEXT);
      expect(storedForms(student.id)).toEqual([
        expect.objectContaining({
          user_id: student.id,
          name: "Priya Sharma",
          whatsapp_number: "+91 98765 43210",
          email: "priya@example.com",
          age: 27,
          country: "India",
          state: "Maharashtra",
          city: "Pune",
          experience_level: "Intermediate",
          course_or_event_id: event!.id,
          course_or_event_type: "event",
          source_of_lead: "WhatsApp group",
          broker: "Zerodha",
          training_preference: "offline",
          payment_status: "pending",
        }),
      ]);
      assertNoErrors();
    });

    test("the course page links to the form with the course chosen; saving returns to the course", async ({ page, request, student }) => {
      const courses = await activeCourses(request);
      const course = courses[courses.length - 1]!;
      await open(page, mode, `/courses/${course.id}`);
      const link = page.getByRole("link", { name: "Fill in the enrollment form" });
      await expect(link).toHaveAttribute("href", `/enrollment-form?course=${course.id}`);
      await link.click();

      await expect(page).toHaveURL((url) => url.pathname === "/enrollment-form" && url.searchParams.get("course") === String(course.id));
      if (mode.javaScriptEnabled) await waitForHydration(page);
      const choice = select(page, "Course or event");
      await expect(choice).toHaveValue(`course:${course.id}`);
      await expect(choice.locator("option:checked")).toHaveText(course.title);

      // Only what the student must give; the optional fields stay empty.
      await textbox(page, "Email (optional)").fill("");
      await textbox(page, "WhatsApp number").fill("9876543210");
      await textbox(page, "State").fill("Karnataka");
      await textbox(page, "City").fill("Bengaluru");
      await select(page, "Experience level").selectOption("Beginner");
      await select(page, "How did you hear about us?").selectOption("YouTube");
      await submit(page);

      await expect(page).toHaveURL((url) => url.pathname === `/courses/${course.id}`);
      await expect(toast(page).getByRole("status")).toContainText(SAVED_TITLE);
      expect(storedForms(student.id)).toEqual([
        expect.objectContaining({
          name: `${student.firstName} ${student.lastName}`,
          whatsapp_number: "9876543210",
          email: null,
          age: null,
          country: null,
          broker: null,
          training_preference: null,
          course_or_event_id: course.id,
          course_or_event_type: "course",
          source_of_lead: "YouTube",
          payment_status: "pending",
        }),
      ]);
    });

    test("?event= chooses the event; an unknown or retired id chooses nothing", async ({ page, request, student: _student }) => {
      const [event] = await upcomingEvents(request);
      await open(page, mode, `/enrollment-form?event=${event!.id}`);
      await expect(select(page, "Course or event")).toHaveValue(`event:${event!.id}`);

      const database = openTestDatabase();
      const retired = database.prepare("SELECT id FROM courses WHERE is_active = 0 LIMIT 1").get() as { id: number };
      database.close();
      for (const query of [`course=${retired.id}`, "course=999999", "course=abc"]) {
        await open(page, mode, `/enrollment-form?${query}`);
        await expect(select(page, "Course or event")).toHaveValue("");
      }
    });

    test("a failed save says so and keeps the form", async ({ page, request, student }) => {
      const [course] = await activeCourses(request);
      // A trigger makes the database refuse this one test's row: a real write failure.
      const marker = randomUUID().replace(/-/g, "");
      const city = `Failtown ${marker}`;
      const database = openTestDatabase();
      database.exec(
        `CREATE TRIGGER fail_enrollment_${marker} BEFORE INSERT ON enrollment_forms
         WHEN NEW.city = '${city}' BEGIN SELECT RAISE(ABORT, 'simulated failure'); END`,
      );
      try {
        await open(page, mode, "/enrollment-form");
        await fillValid(page, course!.title);
        await textbox(page, "City").fill(city);
        await submit(page);
        const notice = page.getByRole("alert").filter({ hasText: "Error" });
        await expect(notice).toContainText("Failed to save enrollment information. Please try again.");
        await expect(page).toHaveURL(/\/enrollment-form$/);
        await expect(textbox(page, "City")).toHaveValue(city);
        await expect(textbox(page, "Broker (optional)")).toHaveValue("Zerodha");
        await expectNoA11yViolations(page);
        expect(storedForms(student.id)).toEqual([]);
      } finally {
        database.exec(`DROP TRIGGER IF EXISTS fail_enrollment_${marker}`);
        database.close();
      }
    });
  });
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
