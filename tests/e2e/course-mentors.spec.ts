import { makeCourse } from "../support/rows";
import { signInAsAdmin, toast, uniqueTitle, visitAdmin } from "./admin-support";
import { expect, queryTestDatabase, test } from "./fixtures";
import { expectNoA11yViolations, inBothModes } from "./page-checks";

// Who teaches a course: the admin ticks mentors on the Edit Course dialog and the
// course page names them with their photo and title; the owner's dashboard opens
// on today's orders, what waits and the next live sessions.

type MentorRow = { id: number; name: string; title: string };

inBothModes((mode) => {
  test("an admin ticks a course's mentors; its page shows them in that order", async ({ page, context, baseURL }) => {
    await signInAsAdmin(context, baseURL ?? "");
    const course = makeCourse({ title: uniqueTitle("Mentored"), pricePaise: 250_000 });
    const [first, second] = queryTestDatabase<MentorRow>("SELECT id, name, title FROM mentors WHERE is_active = 1 ORDER BY id");
    if (!first || !second) throw new Error("The demo content has mentors");

    await visitAdmin(page, mode, `/admin/courses?q=${encodeURIComponent(course.title)}`);
    await page.getByRole("link", { name: `Edit ${course.title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Course" });
    const mentors = dialog.getByRole("group", { name: "Mentors who teach it (shown on the course page)" });
    await mentors.getByLabel(`${first.name}, ${first.title}`).check();
    await mentors.getByLabel(`${second.name}, ${second.title}`).check();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page)).toContainText("Course updated");

    await page.goto(`/courses/${course.id}`);
    const section = page.getByRole("region", { name: "Your Mentors" });
    await expect(section.getByRole("heading", { level: 3 })).toHaveText([first.name, second.name]);
    await expect(section.getByText(first.title)).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("the dashboard opens on today's orders, what waits, and the next live sessions", async ({ page, context, baseURL }) => {
    await signInAsAdmin(context, baseURL ?? "");
    await visitAdmin(page, mode, "/admin");
    const glance = page.getByRole("region", { name: "At a glance" });
    await expect(glance.getByText("Orders today")).toBeVisible();
    await expect(glance.getByRole("heading", { name: "Next live sessions" })).toBeVisible();
    await expectNoA11yViolations(page);
    await glance.getByRole("link", { name: "Unread messages" }).click();
    await expect(page).toHaveURL(/\/admin\/inbox$/);
  });
});
