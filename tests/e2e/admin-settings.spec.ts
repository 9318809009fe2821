import { randomUUID } from "node:crypto";
import { expect, queryTestDatabase, test } from "./fixtures";
import { signInAsAdmin, toast, visitAdmin } from "./admin-support";
import { expectNoA11yViolations, failOnPageErrors, inBothModes } from "./page-checks";
import { withDatabase } from "../support/database";

// The Settings tab: an admin switches the team's notices and says where they
// go, sees a mistake on its field, and finds the saved values on the page
// again; changes the institute's phone and finds it in the site's footer. The
// HTTP tests cover who may post and what a save stores.

const storedNotifications = () =>
  queryTestDatabase<{ value: string }>("SELECT value FROM site_settings WHERE section = 'notifications'").map(
    (row) => JSON.parse(row.value) as Record<string, unknown>,
  )[0];

inBothModes((mode) => {
  test(`an admin changes where notices go and which are sent (${mode.label})`, async ({ page, context, baseURL }) => {
    failOnPageErrors(page);
    await signInAsAdmin(context, baseURL!);
    await visitAdmin(page, mode, "/admin/settings");
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await expectNoA11yViolations(page);

    const card = page.getByRole("region", { name: "Notifications" });
    const address = card.getByRole("textbox", { name: "Send notifications to" });
    await address.fill("not an address");
    await card.getByRole("button", { name: "Save notifications" }).click();
    await expect(card.getByText("Please enter a valid email address")).toBeVisible();
    await expect(address).toHaveAttribute("aria-invalid", "true");

    const desk = `desk-${randomUUID().slice(0, 8)}@example.com`;
    await address.fill(desk);
    await card.getByRole("checkbox", { name: "A new contact message" }).check();
    await card.getByRole("checkbox", { name: "A new enrollment lead" }).uncheck();
    await card.getByRole("button", { name: "Save notifications" }).click();
    await expect(toast(page)).toContainText("Settings saved");
    await expect(toast(page)).toContainText("Notifications are up to date.");
    expect(storedNotifications()).toEqual({ notifyAddress: desk, contactMessages: true, enrolmentLeads: false });

    await page.reload();
    await expect(page.getByRole("region", { name: "Notifications" }).getByRole("textbox", { name: "Send notifications to" })).toHaveValue(
      desk,
    );
    await expect(
      page.getByRole("region", { name: "Notifications" }).getByRole("checkbox", { name: "A new enrollment lead" }),
    ).not.toBeChecked();
  });
});

// The worker's database is shared by the specs that run after this one: they expect the demo institute.
const restoreDemoInstitute = () =>
  withDatabase((database) => database.prepare("DELETE FROM site_settings WHERE section = 'institute'").run());

inBothModes((mode) => {
  test.afterEach(restoreDemoInstitute);

  test(`an admin changes the institute's phone and the footer shows it (${mode.label})`, async ({ page, context, baseURL }) => {
    failOnPageErrors(page);
    await signInAsAdmin(context, baseURL!);
    await visitAdmin(page, mode, "/admin/settings");
    const card = page.getByRole("region", { name: "Institute details" });
    const phone = card.getByRole("textbox", { name: "Phone 1" });
    await expect(phone).toHaveValue("+91 98765 43210");
    await phone.fill("98765");
    await card.getByRole("button", { name: "Save institute details" }).click();
    await expect(card.getByText("Phone must be an Indian number, like +91 98765 43210 or 020 2612 3456")).toBeVisible();

    const newPhone = `+91 70${String(Date.now()).slice(-3)} 12345`;
    await phone.fill(newPhone);
    await card.getByRole("button", { name: "Save institute details" }).click();
    await expect(toast(page)).toContainText("Institute details are up to date.");

    await page.goto("/contact");
    const footerContact = page.getByRole("contentinfo").getByRole("region", { name: "Contact" });
    await expect(footerContact.getByRole("link", { name: newPhone })).toHaveAttribute("href", `tel:${newPhone.replace(/\s/g, "")}`);
    await expect(footerContact.getByRole("link", { name: "+91 98765 43210" })).toHaveCount(0);
  });
});
