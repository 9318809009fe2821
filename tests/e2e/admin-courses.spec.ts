import type { Page } from "@playwright/test";
import { createStudent, expect, openTestDatabase, test } from "./fixtures";
import { auditActionsOf, signInAsAdmin, toast, uniqueTitle, visitAdmin } from "./admin-support";
import { addCompletedEnrollment, makeCourse } from "./checkout-support";
import { expectNoA11yViolations, inBothModes } from "./page-checks";

// The admin Courses tab: search, cards,
// 'Create New Course' and 'Edit Course' with real uploads checked by content,
// and a delete that asks first and never loses a course's history.

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082",
  "hex",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(300, 0x90)]);

type CourseRow = {
  id: number;
  title: string;
  price_paise: number;
  level: string;
  is_active: number;
  cover_photo_url: string | null;
  brochure_pdf_url: string | null;
  features: string;
};

function coursesTitled(title: string): CourseRow[] {
  const database = openTestDatabase();
  try {
    return database.prepare("SELECT * FROM courses WHERE title = ?").all(title) as CourseRow[];
  } finally {
    database.close();
  }
}

async function fillRequired(dialog: ReturnType<Page["getByRole"]>, title: string) {
  await dialog.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await dialog.getByLabel("Short description").fill("Liquidity, order blocks and fair value gaps.");
  await dialog.getByRole("textbox", { name: "Description", exact: true }).fill("OVERVIEW\nA course for traders who know the basics.");
  await dialog.getByRole("textbox", { name: "Price (₹)", exact: true }).fill("6,499.50");
  await dialog.getByLabel("Duration").fill("10 weeks");
  await dialog.getByLabel("Level").selectOption("advanced");
}

inBothModes((mode) => {
  test.describe("/admin/courses", () => {
    test("lists active and inactive courses as cards, and searches them", async ({ page, context, baseURL }) => {
      await signInAsAdmin(context, baseURL ?? "");
      const hidden = makeCourse({ title: uniqueTitle("Hidden Course"), isActive: false, pricePaise: 129_900 });
      await visitAdmin(page, mode, "/admin/courses");
      await expect(page.getByRole("heading", { level: 1, name: "Courses" })).toBeVisible();
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: hidden.title }) });
      await expect(card.getByText("Inactive")).toBeVisible();
      await expect(card.getByText("₹1,299")).toBeVisible();
      await expect(card.getByRole("link", { name: `Edit ${hidden.title}` })).toBeVisible();
      await expectNoA11yViolations(page);

      await page.getByLabel("Search courses").fill(hidden.title);
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/q=Hidden/);
      await expect(page.getByRole("list", { name: "Courses" }).getByRole("listitem")).toHaveCount(1);

      await page.getByLabel("Search courses").fill("no course has this title at all");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page.getByText("No courses match your search")).toBeVisible();
    });

    test("'Create New Course' checks the required fields, then saves with an uploaded cover photo and brochure", async ({
      page,
      context,
      baseURL,
    }) => {
      // Two form posts, two uploads, an axe pass and three follow-up requests: more than the default 30 s on a busy 2-core machine.
      test.slow();
      const admin = await signInAsAdmin(context, baseURL ?? "");
      await visitAdmin(page, mode, "/admin/courses");
      await page.getByRole("link", { name: "Add Course" }).click();
      const dialog = page.getByRole("dialog", { name: "Create New Course" });
      await expect(dialog).toBeVisible();
      // The spec's defaults: price 0, level beginner, active.
      await expect(dialog.getByRole("textbox", { name: "Price (₹)", exact: true })).toHaveValue("0");
      await expect(dialog.getByLabel("Level")).toHaveValue("beginner");
      await expect(dialog.getByLabel("Active (shown on the site)")).toBeChecked();
      await expectNoA11yViolations(page);

      await dialog.getByRole("button", { name: "Create Course" }).click();
      for (const message of ["Title is required", "Short description is required", "Description is required", "Duration is required"])
        await expect(dialog.getByText(message, { exact: true })).toBeVisible();

      const title = uniqueTitle("SMC Mastery");
      await fillRequired(dialog, title);
      await dialog.getByLabel("Features (one per line)").fill("Live classes\nTrade reviews");
      await dialog.getByLabel("Cover photo", { exact: true }).setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PNG });
      await dialog
        .getByLabel("Brochure", { exact: true })
        .setInputFiles({ name: "brochure.pdf", mimeType: "application/pdf", buffer: PDF });
      await dialog.getByRole("button", { name: "Create Course" }).click();

      await expect(toast(page)).toContainText("Course created");
      await expect(page).toHaveURL(/\/admin\/courses$/);
      const [row] = coursesTitled(title);
      expect(row).toMatchObject({ price_paise: 649_950, level: "advanced", is_active: 1, features: '["Live classes","Trade reviews"]' });
      expect(row?.cover_photo_url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
      expect(row?.brochure_pdf_url).toMatch(/^\/uploads\/[a-f0-9]{32}\.pdf$/);
      expect(auditActionsOf(admin)).toContainEqual({ action: "course_created", entityType: "course", entityId: String(row?.id) });

      const image = await page.request.get(row?.cover_photo_url ?? "");
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
      expect(image.headers()["x-content-type-options"]).toContain("nosniff");
      expect(Buffer.from(await image.body()).equals(PNG)).toBe(true);

      await page.goto(`/courses/${row?.id}`);
      await expect(page.getByRole("link", { name: "Download Brochure (PDF)" })).toHaveAttribute("href", row?.brochure_pdf_url ?? "");
      const brochure = await page.request.get(row?.brochure_pdf_url ?? "");
      expect(brochure.headers()["content-type"]).toBe("application/pdf");
      expect(brochure.headers()["content-disposition"]).toContain("attachment");
    });

    test("a program renamed to .png is refused as the cover photo and nothing is saved", async ({ page, context, baseURL }) => {
      await signInAsAdmin(context, baseURL ?? "");
      await visitAdmin(page, mode, "/admin/courses/new");
      const dialog = page.getByRole("dialog", { name: "Create New Course" });
      const title = uniqueTitle("Renamed Exe");
      await fillRequired(dialog, title);
      await dialog.getByLabel("Cover photo", { exact: true }).setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: EXE });
      await dialog.getByRole("button", { name: "Create Course" }).click();
      await expect(dialog.getByText("Cover photo must be a .jpg, .jpeg or .png image")).toBeVisible();
      expect(coursesTitled(title)).toEqual([]);
    });

    test("'Edit Course' opens filled in and saves the change", async ({ page, context, baseURL }) => {
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const course = makeCourse({ title: uniqueTitle("Edit Me"), pricePaise: 250_000 });
      await visitAdmin(page, mode, `/admin/courses?q=${encodeURIComponent(course.title)}`);
      await page.getByRole("link", { name: `Edit ${course.title}` }).click();
      const dialog = page.getByRole("dialog", { name: "Edit Course" });
      await expect(dialog.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(course.title);
      await expect(dialog.getByRole("textbox", { name: "Price (₹)", exact: true })).toHaveValue("2500.00");
      await expectNoA11yViolations(page);

      await dialog.getByRole("textbox", { name: "Price (₹)", exact: true }).fill("2999");
      await dialog.getByLabel("Active (shown on the site)").uncheck();
      await dialog.getByLabel("Cover photo URL").fill("https://images.example.com/cover.jpg");
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(toast(page)).toContainText("Course updated");
      // Back to the list as it was searched.
      await expect(page).toHaveURL(/\/admin\/courses\?q=Edit/);
      expect(coursesTitled(course.title)[0]).toMatchObject({
        price_paise: 299_900,
        is_active: 0,
        cover_photo_url: "https://images.example.com/cover.jpg",
      });
      expect(auditActionsOf(admin).map((row) => row.action)).toContain("course_updated");

      const missing = await page.goto("/admin/courses/999999");
      expect(missing?.status()).toBe(404);
    });

    test("delete asks 'Are you sure you want to delete \"{title}\"?' and then deletes", async ({ page, context, baseURL }) => {
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const course = makeCourse({ title: uniqueTitle("Delete Me"), pricePaise: 100_000 });
      await visitAdmin(page, mode, `/admin/courses?q=${encodeURIComponent(course.title)}`);
      await page.getByRole("link", { name: `Delete ${course.title}` }).click();
      // The question is the course's own address asked to confirm, over the list as it was searched.
      await expect(page).toHaveURL(new RegExp(`/admin/courses/${course.id}\\?q=[^&]+&confirm=delete$`));
      const dialog = page.getByRole("dialog", { name: "Confirm delete" });
      await expect(dialog.getByText(`Are you sure you want to delete "${course.title}"?`)).toBeVisible();
      await expectNoA11yViolations(page);
      await dialog.getByRole("link", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      expect(coursesTitled(course.title)).toHaveLength(1);

      await page.getByRole("link", { name: `Delete ${course.title}` }).click();
      await page.getByRole("dialog", { name: "Confirm delete" }).getByRole("button", { name: "Delete" }).click();
      await expect(toast(page)).toContainText("Course deleted");
      await expect(page).toHaveURL(/\/admin\/courses\?q=Delete/);
      expect(coursesTitled(course.title)).toEqual([]);
      expect(auditActionsOf(admin)).toContainEqual({ action: "course_deleted", entityType: "course", entityId: String(course.id) });
    });

    test("a course with enrollments cannot be deleted: the dialog offers deactivation instead", async ({ page, context, baseURL }) => {
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const course = makeCourse({ title: uniqueTitle("Has Students"), pricePaise: 100_000 });
      addCompletedEnrollment((await createStudent()).id, course.id);
      await visitAdmin(page, mode, `/admin/courses/${course.id}?confirm=delete`);
      const dialog = page.getByRole("dialog", { name: "Keep the history" });
      await expect(dialog.getByText("This course has 1 order.", { exact: false })).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Delete" })).toHaveCount(0);
      await dialog.getByRole("button", { name: "Deactivate Course" }).click();
      await expect(toast(page)).toContainText("Course deactivated");
      expect(coursesTitled(course.title)[0]?.is_active).toBe(0);
      expect(auditActionsOf(admin).map((row) => row.action)).toContain("course_deactivated");
    });

    test("a content manager may manage courses", async ({ page, context, baseURL }) => {
      await signInAsAdmin(context, baseURL ?? "", "content_manager");
      await visitAdmin(page, mode, "/admin");
      await expect(page).toHaveURL(/\/admin\/courses$/);
      await expect(page.getByRole("heading", { level: 1, name: "Courses" })).toBeVisible();
      const tabs = page.getByRole("navigation", { name: "Admin sections" }).getByRole("link");
      await expect(tabs).toHaveText(["Courses", "Events", "Content", "Reviews", "Mentors", "Practice lab"]);
    });

    test("a content manager edits a course's content but not what students pay: the prices show as text, set by an admin", async ({
      page,
      context,
      baseURL,
    }) => {
      await signInAsAdmin(context, baseURL ?? "", "content_manager");
      const course = makeCourse({ title: uniqueTitle("Priced Course"), pricePaise: 250_000 });
      await visitAdmin(page, mode, `/admin/courses/${course.id}`);
      const dialog = page.getByRole("dialog", { name: "Edit Course" });
      await expect(dialog.getByRole("textbox", { name: "Title", exact: true })).toHaveValue(course.title);
      await expect(dialog.getByRole("textbox", { name: /price/i })).toHaveCount(0);
      await expect(dialog.getByRole("checkbox", { name: "Active (shown on the site)" })).toHaveCount(0);
      const prices = dialog.getByRole("region", { name: "Price and sale: set by an admin" });
      await expect(prices).toContainText("Price₹2,500");
      await expect(prices).toContainText("On saleYes: active, shown on the site");
      await expect(prices).toContainText("Only an admin can change these. Saving your changes keeps them as they are.");
      await expectNoA11yViolations(page);

      const retitled = uniqueTitle("Retitled Course");
      await dialog.getByRole("textbox", { name: "Title", exact: true }).fill(retitled);
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(toast(page)).toContainText("Course updated");
      expect(coursesTitled(retitled)[0]).toMatchObject({ price_paise: 250_000, is_active: 1 });
    });

    test("a content manager's new course is saved at ₹0 and inactive, for an admin to price and put on sale", async ({
      page,
      context,
      baseURL,
    }) => {
      await signInAsAdmin(context, baseURL ?? "", "content_manager");
      await visitAdmin(page, mode, "/admin/courses/new");
      const dialog = page.getByRole("dialog", { name: "Create New Course" });
      await expect(dialog.getByRole("textbox", { name: /price/i })).toHaveCount(0);
      const prices = dialog.getByRole("region", { name: "Price and sale: set by an admin" });
      await expect(prices).toContainText("PriceFree");
      await expect(prices).toContainText("The course is saved as inactive: an admin sets the price and puts it on sale.");

      const title = uniqueTitle("Draft Course");
      await dialog.getByRole("textbox", { name: "Title", exact: true }).fill(title);
      await dialog.getByLabel("Short description").fill("Price action from the ground up.");
      await dialog.getByRole("textbox", { name: "Description", exact: true }).fill("OVERVIEW\nCandles, levels and risk.");
      await dialog.getByLabel("Duration").fill("6 weeks");
      await dialog.getByRole("button", { name: "Create Course" }).click();
      await expect(toast(page)).toContainText(`“${title}” has been saved as inactive: an admin sets the price and puts it on sale.`);
      expect(coursesTitled(title)[0]).toMatchObject({ price_paise: 0, is_active: 0 });
    });

    test("a content manager's delete dialog says a course has history without counting its orders, and leaves deactivating to an admin", async ({
      page,
      context,
      baseURL,
    }) => {
      await signInAsAdmin(context, baseURL ?? "", "content_manager");
      const course = makeCourse({ title: uniqueTitle("Sold Course"), pricePaise: 100_000 });
      addCompletedEnrollment((await createStudent()).id, course.id);
      await visitAdmin(page, mode, `/admin/courses/${course.id}?confirm=delete`);
      const dialog = page.getByRole("dialog", { name: "Keep the history" });
      await expect(dialog.getByRole("alert")).toHaveText(
        "This cannot be deletedThis course has orders or enrollment forms. Deleting it would lose that history, so it can only be deactivated, which takes it off sale: an admin can deactivate it.",
      );
      await expect(dialog.getByText("1 order")).toHaveCount(0);
      await expect(dialog.getByRole("button")).toHaveCount(0);
      await expect(dialog.getByRole("link", { name: "Back" })).toBeVisible();
    });
  });
});

test("a signed-out visitor asking for the Courses tab is sent to the admin login", async ({ page }) => {
  await page.goto("/admin/courses/new");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fcourses%2Fnew$/);
});

test("an old bookmark of a course's edit or delete dialog moves for good (301) to the course's own address", async ({
  page,
  context,
  baseURL,
}) => {
  await signInAsAdmin(context, baseURL ?? "");
  const course = makeCourse({ title: uniqueTitle("Bookmarked"), pricePaise: 100_000 });
  const edit = await page.request.get(`/admin/courses/${course.id}/edit?q=x`, { maxRedirects: 0 });
  expect([edit.status(), edit.headers().location]).toEqual([301, `/admin/courses/${course.id}?q=x`]);
  await page.goto(`/admin/courses/${course.id}/delete`);
  await expect(page).toHaveURL(new RegExp(`/admin/courses/${course.id}\\?confirm=delete$`));
  await expect(page.getByRole("dialog", { name: "Confirm delete" })).toContainText(`Are you sure you want to delete "${course.title}"?`);
});
