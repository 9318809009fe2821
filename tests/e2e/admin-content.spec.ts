import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, queryTestDatabase, test, withDatabase } from "./fixtures";
import { auditActionsOf, signInAsAdmin, toast, visitAdmin } from "./admin-support";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes, type Mode } from "./page-checks";

// The admin Content tab: the 5
// newest blog posts and testimonials, the full lists, and every create / edit
// / publish / approve / delete dialog, which the earlier app left dead. Every
// test makes its own rows (unique titles and names) and asserts on those.

type StoredPost = {
  id: number;
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  category: string;
  image_url: string | null;
  tags: string;
  is_published: number;
  published_at: number | null;
};
type StoredTestimonial = {
  id: number;
  name: string;
  content: string;
  rating: number;
  profession: string | null;
  image_url: string | null;
  is_approved: number;
};

/**
 * A post written straight to the database. `createdAt` in the future keeps it
 * among the tab's 5 newest while the test runs (the test deletes it at the end).
 */
function insertPost(values: { title: string; slug: string; isPublished?: boolean; createdAt?: number; category?: string }): number {
  const createdAt = values.createdAt ?? Date.now();
  return withDatabase((database) =>
    Number(
      database
        .prepare(
          `INSERT INTO blog_posts (title, slug, content, excerpt, category, tags, is_published, published_at, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, '["Spec"]', ?, ?, ?, ?)`,
        )
        .run(
          values.title,
          values.slug,
          "<p>Written by the admin-content spec.</p>",
          "An excerpt from the admin-content spec.",
          values.category ?? "psychology",
          values.isPublished ? 1 : 0,
          values.isPublished ? Date.now() : null,
          createdAt,
          createdAt,
        ).lastInsertRowid,
    ),
  );
}

function insertTestimonial(values: { name: string; content?: string; rating?: number; isApproved?: boolean; createdAt?: number }): number {
  return withDatabase((database) =>
    Number(
      database
        // Its author agreed to publication with their name and city, as the public page requires.
        .prepare(
          "INSERT INTO testimonials (name, content, rating, is_approved, created_at, city, publish_consent_at) VALUES (?, ?, ?, ?, ?, 'Pune', unixepoch() * 1000)",
        )
        .run(
          values.name,
          values.content ?? `A testimonial from the admin-content spec ${randomUUID()}.`,
          values.rating ?? 5,
          values.isApproved ? 1 : 0,
          values.createdAt ?? Date.now(),
        ).lastInsertRowid,
    ),
  );
}

const storedPost = (id: number) => queryTestDatabase<StoredPost>("SELECT * FROM blog_posts WHERE id = ?", id)[0];
const storedPostsTitled = (title: string) => queryTestDatabase<StoredPost>("SELECT * FROM blog_posts WHERE title = ?", title);
const storedTestimonial = (id: number) => queryTestDatabase<StoredTestimonial>("SELECT * FROM testimonials WHERE id = ?", id)[0];
const storedTestimonialsNamed = (name: string) => queryTestDatabase<StoredTestimonial>("SELECT * FROM testimonials WHERE name = ?", name);

const unique = () => randomUUID().slice(0, 8);
const MODES_JS: Mode = { javaScriptEnabled: true, label: "with JavaScript" };
const IN_A_MINUTE = () => Date.now() + 60_000;
const dialog = (page: Page, title: string) => page.getByRole("dialog", { name: title });
/** The list item (a card) whose heading is `heading`, within the page or one of its sections. */
function card(scope: Page | Locator, heading: string) {
  const page = "page" in scope ? scope.page() : scope;
  return scope.getByRole("listitem").filter({ has: page.getByRole("heading", { name: heading, exact: true }) });
}
const section = (page: Page, heading: string) => page.getByRole("region", { name: heading });

/** Opens a full list narrowed to the test's own rows. */
async function openList(page: Page, mode: Mode, path: "/admin/blog" | "/admin/testimonials", query: string) {
  await visitAdmin(page, mode, `${path}?q=${encodeURIComponent(query)}`);
}

/**
 * With JavaScript, no errors in the browser. Without it there is no script to
 * fail, and a form refused with 400 is logged by the browser as a failed load.
 */
function watchPageErrors(page: Page, mode: Mode) {
  return mode.javaScriptEnabled ? failOnPageErrors(page) : () => {};
}

async function expectToast(page: Page, title: string, description: string) {
  await expect(toast(page)).toContainText(title);
  await expect(toast(page)).toContainText(description);
}

inBothModes((mode) => {
  test.describe("/admin/content", () => {
    // Each test walks a whole flow (several pages, dialogs and axe audits).
    test.describe.configure({ timeout: 90_000 });

    test("the tab: Blog Posts and Testimonials, the 5 newest of each, badges, rating n/5 and the 50-character preview", async ({
      page,
      context,
      baseURL,
    }) => {
      await signInAsAdmin(context, baseURL ?? "");
      const checkErrors = watchPageErrors(page, mode);
      const id = unique();
      const published = { title: `Published Spec Post ${id}`, slug: `published-spec-${id}` };
      const draft = { title: `Draft Spec Post ${id}`, slug: `draft-spec-${id}` };
      const longContent = `This course changed how I read charts, entry by entry, ${id} and more besides.`;
      const pending = { name: `Pending Student ${id}`, content: longContent, rating: 4 };
      const approvedContent = "Short and sweet.";
      const approved = { name: `Approved Student ${id}`, content: approvedContent, rating: 2, isApproved: true };
      const ids = {
        published: insertPost({ ...published, isPublished: true, createdAt: IN_A_MINUTE(), category: "risk management" }),
        draft: insertPost({ ...draft, createdAt: IN_A_MINUTE() }),
        pending: insertTestimonial({ ...pending, createdAt: IN_A_MINUTE() }),
        approved: insertTestimonial({ ...approved, createdAt: IN_A_MINUTE() }),
      };

      try {
        // Other tests add rows at the same time: compare with the database as the page was drawn.
        await expect(async () => {
          await visitAdmin(page, mode, "/admin/content");
          const posts = queryTestDatabase<{ title: string }>("SELECT title FROM blog_posts ORDER BY created_at DESC, id DESC LIMIT 5");
          const testimonials = queryTestDatabase<{ name: string }>(
            "SELECT name FROM testimonials ORDER BY created_at DESC, id DESC LIMIT 5",
          );
          const [{ posts: postCount, testimonials: testimonialCount }] = queryTestDatabase<{
            posts: number;
            testimonials: number;
          }>("SELECT (SELECT count(*) FROM blog_posts) AS posts, (SELECT count(*) FROM testimonials) AS testimonials") as [
            { posts: number; testimonials: number },
          ];
          await expect(section(page, "Blog Posts").getByRole("heading", { level: 3 })).toHaveText(
            posts.map((post) => post.title),
            { timeout: 1_000 },
          );
          await expect(section(page, "Testimonials").getByRole("heading", { level: 3 })).toHaveText(
            testimonials.map((testimonial) => testimonial.name),
            { timeout: 1_000 },
          );
          expect(postCount).toBeGreaterThan(5);
          await expect(page.getByRole("link", { name: `View all posts (${postCount})` })).toBeVisible({ timeout: 1_000 });
          await expect(page.getByRole("link", { name: `View all testimonials (${testimonialCount})` })).toBeVisible({
            timeout: 1_000,
          });
        }).toPass({ timeout: 20_000 });

        await expect(page.getByRole("heading", { level: 1, name: "Content" })).toBeVisible();
        const blog = section(page, "Blog Posts");
        await expect(card(blog, published.title)).toContainText("Published");
        await expect(card(blog, published.title)).toContainText("risk management");
        await expect(card(blog, draft.title)).toContainText("Draft");
        await expect(card(blog, draft.title)).toContainText("psychology");
        await expect(card(blog, draft.title).getByRole("button", { name: `Publish “${draft.title}”`, exact: true })).toBeVisible();
        await expect(
          card(blog, published.title).getByRole("button", { name: `Unpublish “${published.title}”`, exact: true }),
        ).toBeVisible();

        const testimonials = section(page, "Testimonials");
        const pendingCard = card(testimonials, pending.name);
        await expect(pendingCard).toContainText("4/5");
        await expect(pendingCard.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
        await expect(pendingCard).toContainText("Pending");
        await expect(pendingCard.getByText(`${longContent.slice(0, 50)}...`, { exact: true })).toBeVisible();
        await expect(pendingCard).not.toContainText(longContent.slice(50));
        const approvedCard = card(testimonials, approved.name);
        await expect(approvedCard).toContainText("2/5");
        await expect(approvedCard).toContainText("Approved");
        await expect(approvedCard.getByText(approvedContent, { exact: true })).toBeVisible();
        await expect(approvedCard.getByRole("link", { name: `Edit the testimonial from ${approved.name}` })).toBeVisible();
        await expect(approvedCard.getByRole("link", { name: `Delete the testimonial from ${approved.name}` })).toBeVisible();
        await expectNoA11yViolations(page);
        checkErrors();
      } finally {
        withDatabase((database) => {
          database.prepare("DELETE FROM blog_posts WHERE id IN (?, ?)").run(ids.published, ids.draft);
          database.prepare("DELETE FROM testimonials WHERE id IN (?, ?)").run(ids.pending, ids.approved);
        });
      }
    });

    test("Add Blog Post: the required-field messages, then a stored draft with its toast and audit row", async ({
      page,
      context,
      baseURL,
    }) => {
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const checkErrors = watchPageErrors(page, mode);
      await visitAdmin(page, mode, "/admin/content");
      await page.getByRole("link", { name: "Add Blog Post" }).click();
      await expect(page).toHaveURL(/\/admin\/blog\/new$/);
      const form = dialog(page, "Create New Blog Post");
      await expect(form).toBeVisible();
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await expectNoA11yViolations(page);

      await form.getByRole("button", { name: "Create Post" }).click();
      for (const message of ["Title is required", "Slug is required", "Excerpt is required", "Content is required", "Category is required"])
        await expect(form.getByText(message, { exact: true })).toBeVisible();
      expect(auditActionsOf(admin)).toEqual([]);

      const id = unique();
      const title = `Candle Basics: Part ${id}!`;
      await form.getByLabel("Title").fill(title);
      const slug = `candle-basics-part-${id}`;
      // With JavaScript the slug is suggested from the title; the server still checks it.
      if (mode.javaScriptEnabled) await expect(form.getByLabel("Slug")).toHaveValue(slug);
      else await form.getByLabel("Slug").fill(slug);
      await form.getByLabel("Excerpt").fill("What each candle tells you.");
      await form.getByLabel("Content").fill("<h2>Bodies and wicks</h2>\n<p>Read the <strong>close</strong> first.</p>");
      await form.getByLabel("Category").selectOption("strategy");
      await form.getByLabel("Image URL").fill("/images/blog/default.svg");
      await form.getByLabel("Tags").fill("Candles, Price Action\nBasics, candles");
      await form.getByRole("button", { name: "Create Post" }).click();

      await expect(page).toHaveURL(/\/admin\/blog$/);
      await expectToast(page, "Blog post created", `“${title}” has been saved.`);
      const [stored] = storedPostsTitled(title);
      expect(stored).toMatchObject({
        slug,
        excerpt: "What each candle tells you.",
        content: "<h2>Bodies and wicks</h2>\n<p>Read the <strong>close</strong> first.</p>",
        category: "strategy",
        image_url: "/images/blog/default.svg",
        is_published: 0,
        published_at: null,
      });
      expect(JSON.parse(stored!.tags)).toEqual(["Candles", "Price Action", "Basics"]);
      expect(auditActionsOf(admin)).toEqual([{ action: "blog_created", entityType: "blog", entityId: String(stored!.id) }]);

      // The full list finds it as a draft.
      await openList(page, mode, "/admin/blog", id);
      await expect(card(page, title)).toContainText("Draft");
      await expect(card(page, title)).toContainText("strategy");
      checkErrors();
    });

    test("a duplicate slug gets 'This slug is already used by another post', on create and on edit", async ({ page, context, baseURL }) => {
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const id = unique();
      const taken = { title: `Slug Owner ${id}`, slug: `slug-owner-${id}` };
      insertPost(taken);
      const otherId = insertPost({ title: `Slug Other ${id}`, slug: `slug-other-${id}` });

      await visitAdmin(page, mode, `/admin/blog/new?q=${id}`);
      const form = dialog(page, "Create New Blog Post");
      await form.getByLabel("Title").fill(`Copycat ${id}`);
      await form.getByLabel("Slug").fill(taken.slug);
      await form.getByLabel("Excerpt").fill("Same address.");
      await form.getByLabel("Content").fill("Plain text body.");
      await form.getByLabel("Category").selectOption("education");
      await form.getByRole("button", { name: "Create Post" }).click();
      await expect(form.getByText("This slug is already used by another post", { exact: true })).toBeVisible();
      await expect(form.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
      await expect(page).toHaveURL(new RegExp(`/admin/blog/new\\?q=${id}$`));
      expect(storedPostsTitled(`Copycat ${id}`)).toEqual([]);

      await visitAdmin(page, mode, `/admin/blog/${otherId}?q=${id}`);
      const edit = dialog(page, "Edit Blog Post");
      await expect(edit.getByLabel("Slug")).toHaveValue(`slug-other-${id}`);
      await edit.getByLabel("Slug").fill(taken.slug);
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await expect(edit.getByText("This slug is already used by another post", { exact: true })).toBeVisible();
      expect(storedPost(otherId)?.slug).toBe(`slug-other-${id}`);

      // A malformed slug is refused by its rule.
      await edit.getByLabel("Slug").fill("Not A Slug");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await expect(
        edit.getByText("Slug may use only lowercase letters, digits and single dashes (like my-first-post)", { exact: true }),
      ).toBeVisible();
      expect(auditActionsOf(admin)).toEqual([]);
    });

    test("edit a post from the full list (prefilled), publish it onto /blog/{slug}, unpublish it off again", async ({
      page,
      context,
      baseURL,
    }) => {
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const checkErrors = watchPageErrors(page, mode);
      const id = unique();
      const original = { title: `Trend Lines ${id}`, slug: `trend-lines-${id}` };
      const postId = insertPost(original);

      await openList(page, mode, "/admin/blog", id);
      await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
      await expect(page.getByText(`Showing 1–1 of 1 post matching “${id}”.`)).toBeVisible();
      await expectNoA11yViolations(page);
      await card(page, original.title)
        .getByRole("link", { name: `Edit “${original.title}”` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/admin/blog/${postId}\\?q=${id}$`));
      const form = dialog(page, "Edit Blog Post");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await expect(form.getByLabel("Title")).toHaveValue(original.title);
      await expect(form.getByLabel("Slug")).toHaveValue(original.slug);
      await expect(form.getByLabel("Excerpt")).toHaveValue("An excerpt from the admin-content spec.");
      await expect(form.getByLabel("Content")).toHaveValue("<p>Written by the admin-content spec.</p>");
      await expect(form.getByLabel("Category")).toHaveValue("psychology");
      await expect(form.getByLabel("Tags")).toHaveValue("Spec");
      await expect(form.getByLabel("Published")).not.toBeChecked();
      await expectNoA11yViolations(page);

      const title = `Drawing Trend Lines ${id}`;
      await form.getByLabel("Title").fill(title);
      // Editing the title leaves an existing post's slug alone.
      await expect(form.getByLabel("Slug")).toHaveValue(original.slug);
      await form.getByLabel("Excerpt").fill("");
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expect(form.getByText("Excerpt is required", { exact: true })).toBeVisible();
      await form.getByLabel("Excerpt").fill("Connect the swing lows.");
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/blog\\?q=${id}$`));
      await expectToast(page, "Blog post updated", `“${title}” has been saved.`);
      expect(storedPost(postId)).toMatchObject({
        title,
        slug: original.slug,
        excerpt: "Connect the swing lows.",
        is_published: 0,
      });

      await card(page, title)
        .getByRole("button", { name: `Publish “${title}”`, exact: true })
        .click();
      await expectToast(page, "Blog post published", `“${title}” is now live on the blog.`);
      await expect(card(page, title)).toContainText("Published");
      const publishedAt = storedPost(postId)?.published_at;
      expect(storedPost(postId)?.is_published).toBe(1);
      expect(publishedAt).toEqual(expect.any(Number));
      const article = await page.request.get(`/blog/${original.slug}`);
      expect(article.status()).toBe(200);
      await visitAdmin(page, mode, `/blog/${original.slug}`);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

      await openList(page, mode, "/admin/blog", id);
      await card(page, title)
        .getByRole("button", { name: `Unpublish “${title}”`, exact: true })
        .click();
      await expectToast(page, "Blog post unpublished", `“${title}” is now a draft.`);
      await expect(card(page, title)).toContainText("Draft");
      // Unpublishing keeps the first publication date.
      expect(storedPost(postId)).toMatchObject({ is_published: 0, published_at: publishedAt });
      expect((await page.request.get(`/blog/${original.slug}`)).status()).toBe(404);

      expect(auditActionsOf(admin)).toEqual([
        { action: "blog_updated", entityType: "blog", entityId: String(postId) },
        { action: "blog_published", entityType: "blog", entityId: String(postId) },
        { action: "blog_unpublished", entityType: "blog", entityId: String(postId) },
      ]);
      checkErrors();
    });

    test("the full blog list pages 20 at a time, keeping the search through its dialogs", async ({ page, context, baseURL }) => {
      await signInAsAdmin(context, baseURL ?? "");
      const id = unique();
      const start = Date.now() - 60 * 60_000;
      // 21 posts, "Paged 01" the oldest and "Paged 21" the newest.
      for (let n = 1; n <= 21; n++) {
        const label = String(n).padStart(2, "0");
        insertPost({ title: `Paged ${label} ${id}`, slug: `paged-${label}-${id}`, createdAt: start + n * 1000 });
      }
      await openList(page, mode, "/admin/blog", id);
      await expect(page.getByText(`Showing 1–20 of 21 posts matching “${id}”.`)).toBeVisible();
      const titles = page.getByRole("main").getByRole("listitem").getByRole("heading", { level: 2 });
      await expect(titles).toHaveCount(20);
      await expect(titles.first()).toHaveText(`Paged 21 ${id}`);
      await expect(page.getByText("Page 1 of 2")).toBeVisible();
      await expect(page.getByRole("link", { name: "Previous page" })).toHaveCount(0);

      await page.getByRole("link", { name: "Next page" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/blog\\?q=${id}&page=2$`));
      await expect(page.getByText(`Showing 21–21 of 21 posts matching “${id}”.`)).toBeVisible();
      await expect(titles).toHaveText([`Paged 01 ${id}`]);
      await expectNoA11yViolations(page);

      // A dialog opened from page 2 comes back to page 2.
      await card(page, `Paged 01 ${id}`)
        .getByRole("link", { name: `Edit “Paged 01 ${id}”` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/admin/blog/\\d+\\?q=${id}&page=2$`));
      await dialog(page, "Edit Blog Post").getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/blog\\?q=${id}&page=2$`));
      await expect(titles).toHaveText([`Paged 01 ${id}`]);

      await page.getByRole("link", { name: "Previous page" }).click();
      await expect(titles).toHaveCount(20);
      // A page past the end shows the last one.
      await visitAdmin(page, mode, `/admin/blog?q=${id}&page=9`);
      await expect(page.getByText("Page 2 of 2")).toBeVisible();
      await expect(titles).toHaveText([`Paged 01 ${id}`]);
    });

    test("from the tab: publish, unpublish and delete a post ('Are you sure you want to delete \"{title}\"?')", async ({
      page,
      context,
      baseURL,
    }) => {
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const id = unique();
      const title = `Tab Post ${id}`;
      const postId = insertPost({ title, slug: `tab-post-${id}`, createdAt: IN_A_MINUTE() });
      try {
        await visitAdmin(page, mode, "/admin/content");
        const blog = section(page, "Blog Posts");
        await card(blog, title)
          .getByRole("button", { name: `Publish “${title}”`, exact: true })
          .click();
        await expectToast(page, "Blog post published", `“${title}” is now live on the blog.`);
        await expect(page).toHaveURL(/\/admin\/content$/);
        await expect(card(blog, title)).toContainText("Published");
        await card(blog, title)
          .getByRole("button", { name: `Unpublish “${title}”`, exact: true })
          .click();
        await expect(card(blog, title)).toContainText("Draft");
        expect(storedPost(postId)?.is_published).toBe(0);

        await card(blog, title)
          .getByRole("link", { name: `Delete “${title}”` })
          .click();
        await expect(page).toHaveURL(new RegExp(`/admin/blog/${postId}\\?confirm=delete$`));
        const confirm = dialog(page, "Confirm delete");
        await expect(confirm.getByText(`Are you sure you want to delete "${title}"?`, { exact: true })).toBeVisible();
        await expectNoA11yViolations(page);
        // Cancel keeps it.
        await confirm.getByRole("link", { name: "Cancel" }).click();
        // The dialog belongs to the blog list: Cancel and Delete return there.
        await expect(page).toHaveURL(/\/admin\/blog$/);
        expect(storedPost(postId)).toBeDefined();

        await visitAdmin(page, mode, "/admin/content");
        await card(blog, title)
          .getByRole("link", { name: `Delete “${title}”` })
          .click();
        await dialog(page, "Confirm delete").getByRole("button", { name: "Delete" }).click();
        await expect(page).toHaveURL(/\/admin\/blog$/);
        await expectToast(page, "Blog post deleted", `“${title}” has been deleted.`);
        expect(storedPost(postId)).toBeUndefined();
        await visitAdmin(page, mode, "/admin/content");
        await expect(page.getByRole("heading", { level: 2, name: "Blog Posts" })).toBeVisible();
        await expect(card(blog, title)).toHaveCount(0);
        expect(auditActionsOf(admin).map((row) => row.action)).toEqual(["blog_published", "blog_unpublished", "blog_deleted"]);
      } finally {
        withDatabase((database) => database.prepare("DELETE FROM blog_posts WHERE id = ?").run(postId));
      }
    });

    test("Add Testimonial: the messages, the default rating 5, then a stored pending testimonial with its 50-character preview", async ({
      page,
      context,
      baseURL,
    }) => {
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const checkErrors = watchPageErrors(page, mode);
      await visitAdmin(page, mode, "/admin/content");
      await page.getByRole("link", { name: "Add Testimonial" }).click();
      await expect(page).toHaveURL(/\/admin\/testimonials\/new$/);
      const form = dialog(page, "Add Testimonial");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await expect(form.getByLabel("Rating")).toHaveValue("5");
      await expect(form.getByLabel("Approved")).not.toBeChecked();
      await expectNoA11yViolations(page);

      await form.getByRole("button", { name: "Add Testimonial" }).click();
      for (const message of ["Name is required", "Content is required"])
        await expect(form.getByText(message, { exact: true })).toBeVisible();
      expect(auditActionsOf(admin)).toEqual([]);

      const id = unique();
      const name = `Kavya Rao ${id}`;
      const content = `The risk module alone was worth it; my drawdowns halved within a quarter (${id}).`;
      await form.getByLabel("Name").fill(name);
      await form.getByLabel("Content").fill(content);
      await form.getByLabel("Rating").selectOption("4");
      await form.getByLabel("Profession").fill("Software Engineer");
      await form.getByRole("button", { name: "Add Testimonial" }).click();

      await expect(page).toHaveURL(/\/admin\/testimonials$/);
      await expectToast(page, "Testimonial added", `The testimonial from ${name} has been saved.`);
      const [stored] = storedTestimonialsNamed(name);
      expect(stored).toMatchObject({ content, rating: 4, profession: "Software Engineer", image_url: null, is_approved: 0 });
      expect(auditActionsOf(admin)).toEqual([{ action: "testimonial_created", entityType: "testimonial", entityId: String(stored!.id) }]);

      await openList(page, mode, "/admin/testimonials", id);
      await expect(page.getByRole("heading", { level: 1, name: "Testimonials" })).toBeVisible();
      const shown = card(page, name);
      await expect(shown).toContainText("4/5");
      await expect(shown).toContainText("Pending");
      await expect(shown.getByText(`${content.slice(0, 50)}...`, { exact: true })).toBeVisible();
      await expectNoA11yViolations(page);
      checkErrors();
    });

    test("approve a testimonial onto /testimonials, unapprove it, edit it (prefilled) and delete it", async ({
      page,
      context,
      baseURL,
    }) => {
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const id = unique();
      const name = `Arjun Mehta ${id}`;
      const content = `Clear teaching and honest feedback ${id}.`;
      const testimonialId = insertTestimonial({ name, content, rating: 3 });

      await openList(page, mode, "/admin/testimonials", id);
      await card(page, name)
        .getByRole("button", { name: `Approve the testimonial from ${name}`, exact: true })
        .click();
      await expectToast(page, "Testimonial approved", `The testimonial from ${name} now shows on the site.`);
      await expect(page).toHaveURL(new RegExp(`/admin/testimonials\\?q=${id}$`));
      await expect(card(page, name)).toContainText("Approved");
      expect(storedTestimonial(testimonialId)?.is_approved).toBe(1);
      await visitAdmin(page, mode, "/testimonials");
      await expect(page.getByText(content).first()).toBeVisible();
      // The author is named with their city, as they agreed.
      await expect(page.getByText(`${name}, Pune`, { exact: true })).toBeVisible();

      await openList(page, mode, "/admin/testimonials", id);
      await card(page, name)
        .getByRole("button", { name: `Unapprove the testimonial from ${name}`, exact: true })
        .click();
      await expectToast(page, "Testimonial unapproved", `The testimonial from ${name} is hidden from the site.`);
      expect(storedTestimonial(testimonialId)?.is_approved).toBe(0);
      await visitAdmin(page, mode, "/testimonials");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText(content)).toHaveCount(0);

      await openList(page, mode, "/admin/testimonials", id);
      await card(page, name)
        .getByRole("link", { name: `Edit the testimonial from ${name}` })
        .click();
      const form = dialog(page, "Edit Testimonial");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await expect(form.getByLabel("Name")).toHaveValue(name);
      await expect(form.getByLabel("Content")).toHaveValue(content);
      await expect(form.getByLabel("Rating")).toHaveValue("3");
      await expectNoA11yViolations(page);
      const renamed = `Arjun M. ${id}`;
      await form.getByLabel("Name").fill(renamed);
      await form.getByLabel("Rating").selectOption("1");
      await form.getByLabel("Image URL").fill("javascript:alert(1)");
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expect(form.getByText("Image URL must start with https:// or /", { exact: true })).toBeVisible();
      await form.getByLabel("Image URL").fill("https://example.com/arjun.jpg");
      await form.getByLabel("Approved").check();
      await form.getByRole("button", { name: "Save Changes" }).click();
      await expectToast(page, "Testimonial updated", `The testimonial from ${renamed} has been saved.`);
      expect(storedTestimonial(testimonialId)).toMatchObject({
        name: renamed,
        rating: 1,
        image_url: "https://example.com/arjun.jpg",
        is_approved: 1,
      });

      await card(page, renamed)
        .getByRole("link", { name: `Delete the testimonial from ${renamed}` })
        .click();
      const confirm = dialog(page, "Confirm delete");
      await expect(confirm.getByText(`Are you sure you want to delete this testimonial from ${renamed}?`, { exact: true })).toBeVisible();
      await expectNoA11yViolations(page);
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expectToast(page, "Testimonial deleted", `The testimonial from ${renamed} has been deleted.`);
      await expect(page).toHaveURL(new RegExp(`/admin/testimonials\\?q=${id}$`));
      expect(storedTestimonial(testimonialId)).toBeUndefined();
      await expect(page.getByText("No Testimonials Found")).toBeVisible();

      expect(auditActionsOf(admin).map((row) => row.action)).toEqual([
        "testimonial_approved",
        "testimonial_unapproved",
        "testimonial_updated",
        "testimonial_deleted",
      ]);
    });

    test("from the tab: approve, edit and delete a testimonial", async ({ page, context, baseURL }) => {
      const admin = await signInAsAdmin(context, baseURL ?? "");
      const id = unique();
      const name = `Tab Student ${id}`;
      const testimonialId = insertTestimonial({ name, createdAt: IN_A_MINUTE() });
      try {
        await visitAdmin(page, mode, "/admin/content");
        const testimonials = section(page, "Testimonials");
        await card(testimonials, name)
          .getByRole("button", { name: `Approve the testimonial from ${name}`, exact: true })
          .click();
        await expectToast(page, "Testimonial approved", `The testimonial from ${name} now shows on the site.`);
        await expect(card(testimonials, name)).toContainText("Approved");

        await card(testimonials, name)
          .getByRole("link", { name: `Edit the testimonial from ${name}` })
          .click();
        await expect(page).toHaveURL(new RegExp(`/admin/testimonials/${testimonialId}$`));
        const form = dialog(page, "Edit Testimonial");
        if (mode.javaScriptEnabled) await waitForHydration(page);
        await expect(form.getByLabel("Approved")).toBeChecked();
        await form.getByLabel("Profession").fill("Chartered Accountant");
        await form.getByRole("button", { name: "Save Changes" }).click();
        await expect(page).toHaveURL(/\/admin\/testimonials$/);
        await expectToast(page, "Testimonial updated", `The testimonial from ${name} has been saved.`);
        await expect(card(page, name)).toContainText("Chartered Accountant");

        await visitAdmin(page, mode, "/admin/content");
        await expect(card(testimonials, name)).toContainText("Chartered Accountant");
        await card(testimonials, name)
          .getByRole("link", { name: `Delete the testimonial from ${name}` })
          .click();
        await dialog(page, "Confirm delete").getByRole("button", { name: "Delete" }).click();
        await expectToast(page, "Testimonial deleted", `The testimonial from ${name} has been deleted.`);
        await expect(page).toHaveURL(/\/admin\/testimonials$/);
        expect(storedTestimonial(testimonialId)).toBeUndefined();
        expect(auditActionsOf(admin).map((row) => row.action)).toEqual([
          "testimonial_approved",
          "testimonial_updated",
          "testimonial_deleted",
        ]);
      } finally {
        withDatabase((database) => database.prepare("DELETE FROM testimonials WHERE id = ?").run(testimonialId));
      }
    });

    test("a content manager may use the tab; an anonymous visitor goes to /admin/login; unknown ids are 'Not found'", async ({
      page,
      context,
      baseURL,
    }) => {
      for (const path of ["/admin/content", "/admin/blog", "/admin/blog/new", "/admin/testimonials", "/admin/testimonials/new"]) {
        await visitAdmin(page, mode, path);
        const expected = `/admin/login?${new URLSearchParams({ redirectTo: path })}`;
        await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === expected);
      }

      const manager = await signInAsAdmin(context, baseURL ?? "", "content_manager");
      await visitAdmin(page, mode, "/admin/content");
      await expect(page.getByRole("heading", { level: 1, name: "Content" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Content" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      const id = unique();
      const name = `Manager Approved ${id}`;
      const testimonialId = insertTestimonial({ name });
      await openList(page, mode, "/admin/testimonials", id);
      // The full lists are the Content tab's resources: the tab stays current on them.
      await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Content" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await card(page, name)
        .getByRole("button", { name: `Approve the testimonial from ${name}`, exact: true })
        .click();
      await expectToast(page, "Testimonial approved", `The testimonial from ${name} now shows on the site.`);
      expect(storedTestimonial(testimonialId)?.is_approved).toBe(1);
      expect(auditActionsOf(manager)).toEqual([
        { action: "testimonial_approved", entityType: "testimonial", entityId: String(testimonialId) },
      ]);

      for (const path of ["/admin/blog/999999999", "/admin/testimonials/abc?confirm=delete", "/admin/blog/0"]) {
        const response = await visitAdmin(page, mode, path);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
      }
    });
  });
});

test.describe("blog HTML", () => {
  test("a <script> and an onerror payload are stored sanitised and never run on /blog/{slug}", async ({ page, context, baseURL }) => {
    const admin = await signInAsAdmin(context, baseURL ?? "");
    const dialogs: string[] = [];
    page.on("dialog", (alert) => {
      dialogs.push(alert.message());
      void alert.dismiss();
    });
    const id = unique();
    const title = `Safe HTML ${id}`;
    const slug = `safe-html-${id}`;
    await visitAdmin(page, MODES_JS, `/admin/blog/new?q=${id}`);
    const form = dialog(page, "Create New Blog Post");
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Slug").fill(slug);
    await form.getByLabel("Excerpt").fill("Nothing runs here.");
    await form
      .getByLabel("Content")
      .fill(
        `<p>Kept paragraph ${id}</p><script>window.__xss = "script"; alert("script")</script>` +
          `<img src="/no-such-image-${id}.png" alt="" onerror="window.__xss = 'img'; alert('img')">` +
          `<a href="javascript:alert('link')">a link</a>`,
      );
    await form.getByLabel("Category").selectOption("education");
    await form.getByLabel("Published").check();
    await form.getByRole("button", { name: "Create Post" }).click();
    await expectToast(page, "Blog post created", `“${title}” has been saved.`);

    const [stored] = storedPostsTitled(title);
    expect(stored?.content).toContain(`<p>Kept paragraph ${id}</p>`);
    expect(stored?.content).not.toMatch(/<script|onerror|javascript:|alert/i);
    expect(stored?.is_published).toBe(1);
    expect(auditActionsOf(admin).map((row) => row.action)).toEqual(["blog_created"]);

    await visitAdmin(page, MODES_JS, `/blog/${slug}`);
    await expect(page.getByText(`Kept paragraph ${id}`)).toBeVisible();
    // Once hydrated, every script the page carries has run: a payload would have fired by now.
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});
