import type { Page } from "@playwright/test";
import { visit } from "./checkout-support";
import { expect, queryTestDatabase, test, withDatabase } from "./fixtures";
import { failOnPageErrors, inBothModes } from "./page-checks";

// A student withdraws one consent on their privacy page with one click, with
// JavaScript and without: the toast says so, the button goes, the record stays.

const toast = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status");
const PURPOSE = "Calling you back about a course (enrollment forms)";

inBothModes((mode) => {
  test("withdraw the call-back consent in one click", async ({ page, student }) => {
    const checkErrors = failOnPageErrors(page);
    withDatabase((database) =>
      database
        .prepare(
          "INSERT INTO consent_records (user_id, purpose, decision, source, created_at) VALUES (?, 'enrolment-callback', 'granted', 'enrollment-form', ?)",
        )
        .run(student.id, Date.now() - 60_000),
    );
    await visit(page, mode, "/account/privacy");
    const consents = page.getByRole("region", { name: "Your consents" });
    await expect(consents).toContainText(PURPOSE);
    await consents.getByRole("button", { name: `Withdraw: ${PURPOSE}` }).click();
    await expect(toast(page)).toContainText(`Consent withdrawn: ${PURPOSE}`);
    await expect(consents.getByRole("button", { name: `Withdraw: ${PURPOSE}` })).toHaveCount(0);
    expect(
      queryTestDatabase(
        "SELECT decision FROM consent_records WHERE user_id = ? AND purpose = 'enrolment-callback' ORDER BY id",
        student.id,
      ),
    ).toEqual([{ decision: "granted" }, { decision: "withdrawn" }]);
    checkErrors();
  });
});
