import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, openTestDatabase, queryTestDatabase, test } from "./fixtures";
import { auditActionsOf, signInAsAdmin, toast, visitAdmin } from "./admin-support";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes, type Mode } from "./page-checks";

// The admin Mentors tab (beyond the spec: the About page's mentors had no
// screens): list, Add / Edit / Delete dialogs, roles, and what the About page
// shows afterwards. Every test makes its own mentors (unique names).

type StoredMentor = {
  id: number;
  name: string;
  title: string;
  bio: string;
  image_url: string | null;
  experience: string | null;
  specialization: string;
  social_links: string;
  is_active: number;
  display_order: number;
};

const uniqueName = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;
const storedMentorsNamed = (name: string) => queryTestDatabase<StoredMentor>("SELECT * FROM mentors WHERE name = ?", name);

/** A mentor written straight to the database, as the seed or another admin would leave it. */
function insertMentor(values: { name: string; title?: string; isActive?: boolean; displayOrder?: number; twitter?: string }): number {
  const database = openTestDatabase();
  try {
    const result = database
      .prepare(
        "INSERT INTO mentors (name, title, bio, specialization, social_links, is_active, display_order) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        values.name,
        values.title ?? "Equity Mentor",
        "Trades the Nifty. Teaches risk first.",
        JSON.stringify(["Equity"]),
        JSON.stringify(values.twitter ? { twitter: values.twitter } : {}),
        values.isActive === false ? 0 : 1,
        values.displayOrder ?? 50,
      );
    return Number(result.lastInsertRowid);
  } finally {
    database.close();
  }
}

const dialog = (page: Page, title: string) => page.getByRole("dialog", { name: title });
const card = (page: Page, name: string) =>
  page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });
const aboutMentor = (page: Page, name: string) =>
  page
    .getByRole("region", { name: "Meet Our Mentors" })
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });

async function openDialog(page: Page, mode: Mode, link: string, title: string) {
  await page.getByRole("link", { name: link, exact: true }).click();
  const opened = dialog(page, title);
  await expect(opened).toBeVisible();
  if (mode.javaScriptEnabled) await waitForHydration(page);
  return opened;
}

inBothModes((mode) => {
  test.describe("/admin/mentors", () => {
    test("Add Mentor: required messages, https-only links, then the mentor on the list and the About page", async ({
      page,
      context,
      baseURL,
    }) => {
      test.slow();
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const checkErrors = failOnPageErrors(page);
      const response = await visitAdmin(page, mode, "/admin/mentors");
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(/^Mentors \| /);
      await expect(page.getByRole("heading", { level: 1, name: "Mentors" })).toBeVisible();
      await expectNoA11yViolations(page);

      const form = await openDialog(page, mode, "Add Mentor", "Add Mentor");
      await expect(page).toHaveURL(/\/admin\/mentors\/new$/);
      await expect(form.getByRole("checkbox", { name: "Active" })).toBeChecked();
      await expect(form.getByLabel("Display order (lower comes first)")).toHaveValue("0");
      await expectNoA11yViolations(page);

      await form.getByLabel("Twitter/X (optional)").fill("http://twitter.com/plain-http");
      await form.getByLabel("Display order (lower comes first)").fill("2.5");
      await form.getByRole("button", { name: "Create Mentor" }).click();
      for (const message of [
        "Name is required",
        "Title is required",
        "Bio is required",
        "Twitter/X must be a link starting with https://",
        "Display order must be a whole number",
      ]) {
        await expect(form.getByText(message, { exact: true })).toBeVisible();
      }
      await expect(page).toHaveURL(/\/admin\/mentors\/new$/);

      const name = uniqueName("Kavya Rao");
      await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
      await form.getByRole("textbox", { name: "Title", exact: true }).fill("Options Strategist");
      await form
        .getByRole("textbox", { name: "Bio (each sentence becomes a bullet point)" })
        .fill("Ten years on the derivatives desk. Teaches risk first.");
      await form.getByLabel("Experience (optional)").fill("10+ years");
      await form.getByLabel("Specialization (one per line)").fill("Options\n\nNifty weeklies\n");
      await form.getByLabel("LinkedIn (optional)").fill("https://www.linkedin.com/in/kavya-rao");
      await form.getByLabel("Twitter/X (optional)").fill("https://x.com/kavya_rao");
      await form.getByLabel("Display order (lower comes first)").fill("4");
      await form.getByRole("button", { name: "Create Mentor" }).click();

      await expect(page).toHaveURL(/\/admin\/mentors$/);
      await expect(toast(page)).toContainText("Mentor created");
      await expect(toast(page)).toContainText(`“${name}” has been saved.`);
      await expect(dialog(page, "Add Mentor")).toHaveCount(0);
      await expect(card(page, name)).toContainText("Options Strategist");
      await expect(card(page, name)).toContainText("Active");
      await expect(card(page, name)).toContainText("Display order 4");

      const [stored] = storedMentorsNamed(name);
      expect(stored).toMatchObject({
        title: "Options Strategist",
        bio: "Ten years on the derivatives desk. Teaches risk first.",
        image_url: null,
        experience: "10+ years",
        is_active: 1,
        display_order: 4,
      });
      expect(JSON.parse(stored!.specialization)).toEqual(["Options", "Nifty weeklies"]);
      expect(JSON.parse(stored!.social_links)).toEqual({
        linkedin: "https://www.linkedin.com/in/kavya-rao",
        twitter: "https://x.com/kavya_rao",
      });
      expect(auditActionsOf(admin)).toEqual([{ action: "mentor_created", entityType: "mentor", entityId: String(stored!.id) }]);

      // The About page shows an active mentor: bio points, specialisations, the Twitter link.
      await page.goto("/about");
      const shown = aboutMentor(page, name);
      await expect(shown).toBeVisible();
      await expect(shown.getByRole("listitem").filter({ hasText: "Teaches risk first" })).toHaveCount(1);
      await expect(shown.getByRole("list", { name: `${name}'s specialisations` }).getByRole("listitem")).toHaveText([
        "Options",
        "Nifty weeklies",
      ]);
      await expect(shown.getByRole("link", { name: `${name} on Twitter` })).toHaveAttribute("href", "https://x.com/kavya_rao");
      // Without JavaScript the browser logs each 400 answer to a refused form as a failed load.
      if (mode.javaScriptEnabled) checkErrors();
    });

    test("Edit Mentor: prefilled; made inactive, the mentor leaves the About page", async ({ page, context, baseURL }) => {
      test.slow();
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const name = uniqueName("Rohan Iyer");
      const id = insertMentor({ name, twitter: "https://twitter.com/rohan" });
      // Written past the site, so the page cache may still hold a /about from before it (up to 10 s):
      // an address no copy is stored under renders afresh.
      await page.goto(`/about?mentor=${id}`);
      await expect(aboutMentor(page, name)).toBeVisible();

      await visitAdmin(page, mode, "/admin/mentors");
      await expect(card(page, name)).toContainText("Active");
      const form = await openDialog(page, mode, `Edit ${name}`, "Edit Mentor");
      await expect(page).toHaveURL(new RegExp(`/admin/mentors/${id}$`));
      await expect(form.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(name);
      await expect(form.getByRole("textbox", { name: "Title", exact: true })).toHaveValue("Equity Mentor");
      await expect(form.getByLabel("Specialization (one per line)")).toHaveValue("Equity");
      await expect(form.getByLabel("Twitter/X (optional)")).toHaveValue("https://twitter.com/rohan");
      await expect(form.getByLabel("Display order (lower comes first)")).toHaveValue("50");
      await expect(form.getByRole("checkbox", { name: "Active" })).toBeChecked();
      await expectNoA11yViolations(page);

      await form.getByRole("textbox", { name: "Title", exact: true }).fill("");
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expect(form.getByText("Title is required", { exact: true })).toBeVisible();

      await form.getByRole("textbox", { name: "Title", exact: true }).fill("Head of Equity");
      await form.getByLabel("Twitter/X (optional)").fill("");
      await form.getByRole("checkbox", { name: "Active" }).uncheck();
      await form.getByRole("button", { name: "Save Changes" }).click();

      await expect(page).toHaveURL(/\/admin\/mentors$/);
      await expect(toast(page)).toContainText("Mentor updated");
      await expect(toast(page)).toContainText(`“${name}” has been saved.`);
      await expect(card(page, name)).toContainText("Head of Equity");
      await expect(card(page, name)).toContainText("Inactive");
      expect(storedMentorsNamed(name)).toEqual([
        expect.objectContaining({ id, title: "Head of Equity", is_active: 0, social_links: "{}", display_order: 50 }),
      ]);
      expect(auditActionsOf(admin)).toEqual([{ action: "mentor_updated", entityType: "mentor", entityId: String(id) }]);

      await page.goto("/about");
      await expect(page.getByRole("heading", { name: "Meet Our Mentors" })).toBeVisible();
      await expect(aboutMentor(page, name)).toHaveCount(0);
    });

    test("Delete: the confirmation names the mentor; Cancel keeps it, Delete removes it", async ({ page, context, baseURL }) => {
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const name = uniqueName("Meera Das");
      const id = insertMentor({ name });
      await visitAdmin(page, mode, "/admin/mentors");

      let confirm = await openDialog(page, mode, `Delete ${name}`, "Confirm delete");
      await expect(confirm).toContainText(`Are you sure you want to delete "${name}"?`);
      await expectNoA11yViolations(page);
      await confirm.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/admin\/mentors$/);
      await expect(card(page, name)).toBeVisible();
      expect(storedMentorsNamed(name)).toHaveLength(1);

      confirm = await openDialog(page, mode, `Delete ${name}`, "Confirm delete");
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(page).toHaveURL(/\/admin\/mentors$/);
      await expect(toast(page)).toContainText("Mentor deleted");
      await expect(toast(page)).toContainText(`“${name}” has been deleted.`);
      await expect(card(page, name)).toHaveCount(0);
      expect(storedMentorsNamed(name)).toEqual([]);
      expect(auditActionsOf(admin)).toEqual([{ action: "mentor_deleted", entityType: "mentor", entityId: String(id) }]);
    });
  });
});

test.describe("/admin/mentors order and access", () => {
  test("listed by display order, then name", async ({ page, context, baseURL }) => {
    await signInAsAdmin(context, baseURL ?? "");
    const tag = randomUUID().slice(0, 8);
    const names = [`Zara ${tag}`, `anil ${tag}`, `Bela ${tag}`, `Omar ${tag}`];
    insertMentor({ name: names[0]!, displayOrder: 9001 });
    insertMentor({ name: names[1]!, displayOrder: 9001 });
    insertMentor({ name: names[2]!, displayOrder: 9001, isActive: false });
    insertMentor({ name: names[3]!, displayOrder: 9000 });
    await page.goto("/admin/mentors");
    const headings = await page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();
    expect(headings.filter((heading) => heading.endsWith(tag))).toEqual([names[3], names[1], names[2], names[0]]);
  });

  test("a content manager manages mentors; a visitor without an admin session goes to /admin/login", async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    const manager = await signInAsAdmin(context, baseURL ?? "", "content_manager");
    const response = await page.goto("/admin/mentors");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Mentors" })).toBeVisible();

    const name = uniqueName("Manager Made");
    await page.getByRole("link", { name: "Add Mentor" }).click();
    const form = dialog(page, "Add Mentor");
    await form.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await form.getByRole("textbox", { name: "Title", exact: true }).fill("Crypto Mentor");
    await form.getByRole("textbox", { name: "Bio (each sentence becomes a bullet point)" }).fill("Explains on-chain data.");
    await form.getByRole("button", { name: "Create Mentor" }).click();
    await expect(toast(page)).toContainText("Mentor created");
    const [stored] = storedMentorsNamed(name);
    expect(auditActionsOf(manager)).toEqual([{ action: "mentor_created", entityType: "mentor", entityId: String(stored!.id) }]);

    for (const path of [`/admin/mentors/${stored!.id}`, `/admin/mentors/${stored!.id}?confirm=delete`, "/admin/mentors/new"]) {
      expect((await page.goto(path))?.status()).toBe(200);
    }
    for (const path of ["/admin/mentors/999999", "/admin/mentors/abc?confirm=delete"]) {
      expect((await page.goto(path))?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
    }

    const anonymous = await browser.newContext({ baseURL });
    try {
      const visitor = await anonymous.newPage();
      await visitor.goto("/admin/mentors");
      await expect(visitor).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fmentors$/);
      const post = await visitor.request.post(`/admin/mentors/${stored!.id}`, { form: { intent: "delete" }, maxRedirects: 0 });
      expect(post.status()).toBe(302);
      expect(post.headers().location).toMatch(/^\/admin\/login/);
      expect(storedMentorsNamed(name)).toHaveLength(1);
    } finally {
      await anonymous.close();
    }
  });
});
