import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import argon2 from "argon2";
import { createStudent, expect, queryTestDatabase, test, withDatabase } from "./fixtures";
import { toast, visitAdmin } from "./admin-support";
import { expectNoA11yViolations, failOnPageErrors, MODES } from "./page-checks";

// A mentor's day on a phone, without JavaScript (and with it): they sign in
// with their own Admin ID, land on the batches they teach, open theirs, open a
// class's attendance and save it. Nothing else of the panel is theirs.

const PASSWORD = "chalk dust on the evening batch";

/** A mentor profile, an account that teaches as it, and a batch it leads with one held class and two students. */
async function arrange() {
  const tag = randomUUID().slice(0, 8);
  const [asha, ravi] = [
    await createStudent({ firstName: "Asha", lastName: `Rao${tag}` }),
    await createStudent({ firstName: "Ravi", lastName: `Iyer${tag}` }),
  ];
  const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
  const adminId = `mentor-${tag}`;
  const ids = withDatabase((database) => {
    const insert = (sql: string, ...values: unknown[]) => Number(database.prepare(sql).run(...values).lastInsertRowid);
    const mentor = insert("INSERT INTO mentors (name, title, bio) VALUES (?, 'Options mentor', 'Bio')", `Meera ${tag}`);
    insert("INSERT INTO admins (admin_id, password_hash, role, mentor_id) VALUES (?, ?, 'mentor', ?)", adminId, hash, mentor);
    const course = insert(
      "INSERT INTO courses (title, short_description, description, duration, price_paise) VALUES (?, 's', 'd', '4 weeks', 0)",
      `Options course ${tag}`,
    );
    const batch = insert(
      "INSERT INTO batches (course_id, name, starts_on, ends_on, lead_mentor_id) VALUES (?, ?, '2026-01-05', '2031-01-31', ?)",
      course,
      `Evening batch ${tag}`,
      mentor,
    );
    const session = insert(
      "INSERT INTO batch_sessions (batch_id, title, starts_at, duration_minutes, join_url, prices_at_least_30_days_old) VALUES (?, 'Reading the option chain', ?, 90, 'https://meet.jit.si/mentor-journey', 1)",
      batch,
      Date.now() - 3 * 60 * 60 * 1000,
    );
    const seat = database.prepare("INSERT INTO batch_students (batch_id, course_id, user_id, joined_at) VALUES (?, ?, ?, ?)");
    for (const student of [asha, ravi]) seat.run(batch, course, student.id, Date.now() - 86_400_000);
    return { batch, session, batchName: `Evening batch ${tag}` };
  });
  return { ...ids, adminId, asha, ravi };
}

const studentRow = (page: Page, name: string) => page.getByRole("group", { name: new RegExp(`^${name}`) });

for (const mode of MODES)
  test.describe(`a mentor, ${mode.label}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, viewport: { width: 390, height: 844 } });

    test("signs in to the batches they teach, opens theirs and saves a class's attendance", async ({ page }) => {
      const noErrors = failOnPageErrors(page);
      const { adminId, batch, session, batchName, asha, ravi } = await arrange();
      await visitAdmin(page, mode, "/admin/login");
      await page.getByLabel("Admin ID").fill(adminId);
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByRole("button", { name: "Login" }).click();

      await expect(page).toHaveURL(/\/admin\/teaching$/);
      await expect(page.getByRole("heading", { level: 1, name: "Teaching" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link")).toHaveText(["Teaching"]);
      await page.getByRole("link", { name: `Open ${batchName}` }).click();

      await expect(page).toHaveURL(new RegExp(`/admin/teaching/${batch}$`));
      await expect(page.getByRole("heading", { level: 1, name: batchName })).toBeVisible();
      await expect(page.getByRole("region", { name: "Students table" })).toContainText(asha.email);
      await expectNoA11yViolations(page);
      await page.getByRole("link", { name: "Attendance for Reading the option chain" }).click();

      await expect(page).toHaveURL(new RegExp(`/admin/teaching/${batch}/sessions/${session}$`));
      await expect(page.getByRole("heading", { level: 1, name: "Attendance: Reading the option chain" })).toBeVisible();
      await studentRow(page, `Asha Rao`).getByLabel("Present").check();
      await studentRow(page, `Ravi Iyer`).getByLabel("Absent").check();
      await expectNoA11yViolations(page);
      await page.getByRole("button", { name: "Save Attendance" }).click();

      await expect(page).toHaveURL(new RegExp(`/admin/teaching/${batch}$`));
      await expect(toast(page)).toContainText("Attendance saved");
      await expect(page.getByRole("main")).toContainText("1 present · 1 absent · 0 joined");
      expect(
        queryTestDatabase<{ user_id: string; attended: number }>(
          "SELECT user_id, attended FROM session_attendance WHERE session_id = ?",
          session,
        ).sort((a, b) => a.attended - b.attended),
      ).toEqual([
        { user_id: ravi.id, attended: 0 },
        { user_id: asha.id, attended: 1 },
      ]);

      // The meeting's report marks Ravi present after all; an address that is no student's is named, not marked.
      await page.getByRole("link", { name: "Attendance for Reading the option chain" }).click();
      await page.getByLabel("Participant report (CSV)").setInputFiles({
        name: "Attendance report.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(
          `First name,Last name,Email,Duration,Time joined,Time exited\nRavi,Iyer,${ravi.email},80 min,7:05 PM,8:25 PM\nA,Guest,guest@example.net,5 min,7:00 PM,7:05 PM\n`,
        ),
      });
      await page.getByRole("button", { name: "Upload Report" }).click();
      // A warning (an address matched no student), so an alert rather than a status.
      const warning = page.getByRole("region", { name: "Notifications (F8)" }).getByRole("alert");
      await expect(warning).toContainText("1 student marked present from the Google Meet attendance report");
      await expect(warning).toContainText("Not students of this batch (not marked): guest@example.net.");
      await expect(studentRow(page, "Ravi Iyer").getByLabel("Present")).toBeChecked();

      noErrors();
      // The rest of the panel is not theirs.
      const courses = await page.goto("/admin/courses");
      expect(courses?.status()).toBe(403);
    });
  });
