import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { waitForHydration } from "./hydration";
import { expectNoA11yViolations, failOnPageErrors, inBothModes, type Mode } from "./page-checks";

type ApiPost = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  tags: string[];
  imageUrl: string | null;
  publishedAt: string | null;
  createdAt: string;
  content?: string;
};

// The seed's one unpublished post (db/seed.ts): it must never be reachable.
const DRAFT = { slug: "draft-options-greeks-for-currency-traders", title: "Draft: Options Greeks for Currency Traders" };

const shownTime = (post: ApiPost) => Date.parse(post.publishedAt ?? post.createdAt);
const latestFirst = (a: ApiPost, b: ApiPost) => shownTime(b) - shownTime(a) || b.id - a.id;
/** SQLite's `collate nocase`: ASCII case folded, then compared code unit by code unit. */
const byTitle = (a: ApiPost, b: ApiPost) => {
  const [x, y] = [a.title.toLowerCase(), b.title.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
};
const shortDate = new Intl.DateTimeFormat("en-US", {
  timeZone: "Asia/Kolkata",
  month: "short",
  day: "numeric",
  year: "numeric",
});

async function publishedPosts(request: APIRequestContext): Promise<ApiPost[]> {
  const response = await request.get("/api/blog");
  expect(response.status()).toBe(200);
  const posts: ApiPost[] = await response.json();
  return posts.sort(latestFirst);
}

function matchesSearch(post: ApiPost, term: string) {
  const needle = term.toLowerCase();
  return [post.title, post.excerpt, ...post.tags].some((text) => text.toLowerCase().includes(needle));
}

/** The most used tag in the seed, as the search term a reader would click. */
function mostUsedTag(posts: ApiPost[]): string {
  const counts = new Map<string, number>();
  for (const tag of posts.flatMap((post) => post.tags)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const [tag] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
  return tag;
}

const articleList = (page: Page) => page.getByRole("list", { name: "Articles" });
const cardTitles = (page: Page) => articleList(page).getByRole("heading", { level: 3 });
const foundText = (page: Page) => page.getByText(/^\d+ articles found$/);

/** With JavaScript the selects submit themselves; without it the reader presses Apply. */
async function choose(page: Page, mode: Mode, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
  if (!mode.javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
}

async function expectCards(page: Page, posts: ApiPost[]) {
  await expect(foundText(page)).toHaveText(`${posts.length} articles found`);
  await expect(cardTitles(page)).toHaveText(posts.map((post) => post.title));
}

inBothModes((mode) => {
  test.describe("/blog", () => {
    test("hero stats, every published post, sidebar, no draft", async ({ page, request }) => {
      const assertNoErrors = failOnPageErrors(page);
      const posts = await publishedPosts(request);
      const categories = new Set(posts.map((post) => post.category));
      await page.goto("/blog");
      if (mode.javaScriptEnabled) await waitForHydration(page);

      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trading Insights & Tips");
      const stat = (label: string) =>
        page
          .locator("dl > div")
          .filter({ has: page.getByText(label, { exact: true }) })
          .locator("dd");
      await expect(stat("Articles Published")).toHaveText(String(posts.length));
      await expect(stat("Categories")).toHaveText(String(categories.size));
      const mentors = (await (await request.get("/api/mentors")).json()) as unknown[];
      await expect(stat("Mentors Writing")).toHaveText(String(mentors.length));
      await expect(page.getByText("10K+")).toHaveCount(0);

      await expectCards(page, posts);
      await expect(page.getByRole("link", { name: "Clear filters" })).toHaveCount(0);
      await expect(page.getByText(DRAFT.title)).toHaveCount(0);

      // Each card: category, date, title linking to the article, Read More opening the popup.
      const first = articleList(page).getByRole("listitem").first();
      await expect(first.getByText(posts[0]!.category, { exact: true })).toBeVisible();
      await expect(first.locator("time")).toHaveText(shortDate.format(new Date(shownTime(posts[0]!))));
      await expect(first.getByRole("link", { name: posts[0]!.title, exact: true })).toHaveAttribute("href", `/blog/${posts[0]!.slug}`);
      await expect(first.getByRole("link", { name: `Read More: ${posts[0]!.title}` })).toHaveAttribute(
        "href",
        `/blog/preview/${posts[0]!.slug}`,
      );
      // A post without an image gets the default one.
      const imageless = posts.find((post) => !post.imageUrl);
      if (imageless) {
        const card = articleList(page).getByRole("listitem").filter({ hasText: imageless.title });
        await expect(card.locator("img")).toHaveAttribute("src", "/images/blog/default.svg");
      }

      const recent = page.getByRole("region", { name: "Recent Posts" }).getByRole("link");
      await expect(recent).toHaveText(posts.slice(0, 5).map((post) => post.title));

      const categoryLinks = page.getByRole("region", { name: "Categories" }).getByRole("link");
      await expect(categoryLinks).toHaveCount(categories.size);
      for (const category of categories) {
        const count = posts.filter((post) => post.category === category).length;
        const link = categoryLinks.filter({ hasText: new RegExp(category, "i") });
        await expect(link).toContainText(`(${count})`);
        await expect(link).toHaveAttribute("href", `/blog?category=${encodeURIComponent(category).replace(/%20/g, "+")}`);
      }

      const tags = page.getByRole("region", { name: "Popular Tags" }).getByRole("link");
      const tagTexts = await tags.allTextContents();
      expect(tagTexts.length).toBeGreaterThan(0);
      expect(tagTexts.length).toBeLessThanOrEqual(10);
      expect(new Set(tagTexts.map((tag) => tag.toLowerCase())).size).toBe(tagTexts.length);
      expect(tagTexts[0]).toBe(mostUsedTag(posts));

      const newsletter = page.getByRole("region", { name: "Stay Updated" });
      await expect(newsletter.getByLabel("Email address")).toHaveAttribute("type", "email");
      await expect(newsletter.getByRole("button", { name: "Subscribe" })).toBeVisible();

      await expectNoA11yViolations(page);
      assertNoErrors();
    });

    test("searching by a tag narrows the list, updates the URL, and Clear filters resets", async ({ page, request }) => {
      const posts = await publishedPosts(request);
      const tag = mostUsedTag(posts);
      const expected = posts.filter((post) => matchesSearch(post, tag));
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(posts.length);

      await page.goto("/blog");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await page.getByLabel("Search articles").fill(tag.toUpperCase());
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/blog" && url.searchParams.get("q") === tag.toUpperCase());
      await expectCards(page, expected);

      const clear = page.getByRole("link", { name: "Clear filters" });
      await expect(clear).toHaveAttribute("href", "/blog");
      await clear.click();
      await expect(page).toHaveURL((url) => url.pathname === "/blog" && url.search === "");
      await expectCards(page, posts);
      await expect(page.getByLabel("Search articles")).toHaveValue("");
      await expect(clear).toHaveCount(0);
    });

    test("a popular tag link sets the search", async ({ page, request }) => {
      const posts = await publishedPosts(request);
      await page.goto("/blog");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      const tagLink = page.getByRole("region", { name: "Popular Tags" }).getByRole("link").first();
      const tag = (await tagLink.textContent()) ?? "";
      await tagLink.click();
      await expect(page).toHaveURL((url) => url.searchParams.get("q") === tag);
      await expectCards(
        page,
        posts.filter((post) => matchesSearch(post, tag)),
      );
      await expect(page.getByLabel("Search articles")).toHaveValue(tag);
    });

    test("category filter and sort", async ({ page, request }) => {
      const posts = await publishedPosts(request);
      const category = posts[posts.length - 1]!.category;
      const inCategory = posts.filter((post) => post.category === category);

      await page.goto("/blog");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await choose(
        page,
        mode,
        "Category",
        category.replace(/\b\w/g, (c) => c.toUpperCase()),
      );
      await expect(page).toHaveURL((url) => url.searchParams.get("category") === category);
      await expectCards(page, inCategory);
      await expect(page.getByRole("link", { name: "Clear filters" })).toBeVisible();

      await choose(page, mode, "Sort by", "Oldest First");
      await expect(page).toHaveURL((url) => url.searchParams.get("sort") === "oldest" && url.searchParams.get("category") === category);
      await expectCards(page, [...inCategory].reverse());

      await page.goto("/blog");
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await choose(page, mode, "Sort by", "Title A-Z");
      await expect(page).toHaveURL((url) => url.searchParams.get("sort") === "title");
      await expectCards(page, [...posts].sort(byTitle));
      // Sorting alone is not a filter.
      await expect(page.getByRole("link", { name: "Clear filters" })).toHaveCount(0);
      await expect(page.getByLabel("Sort by")).toHaveValue("title");
    });

    test("no results: empty state; garbage filters fall back to defaults", async ({ page, request }) => {
      const posts = await publishedPosts(request);
      // The draft's tag: nothing published matches it.
      const response = await page.goto("/blog?q=options");
      expect(response?.status()).toBe(200);
      await expect(foundText(page)).toHaveText("0 articles found");
      await expect(page.getByText("No articles found", { exact: true })).toBeVisible();
      await expect(page.getByText("Try a different search or category.")).toBeVisible();
      await expect(page.getByText(DRAFT.title)).toHaveCount(0);

      await page.goto("/blog?category=%3Cscript%3E&sort=sideways&q=%25");
      await expect(page.getByLabel("Category")).toHaveValue("all");
      await expect(page.getByLabel("Sort by")).toHaveValue("latest");
      await expect(foundText(page)).toHaveText(`${posts.filter((post) => matchesSearch(post, "%")).length} articles found`);
    });

    test("Read More opens the popup over the list; Close returns with the same filters", async ({ page, request }) => {
      const assertNoErrors = failOnPageErrors(page);
      const posts = await publishedPosts(request);
      const category = posts[0]!.category;
      const post = posts.filter((p) => p.category === category).sort(byTitle)[0]!;
      const listUrl = `/blog?category=${encodeURIComponent(category)}&sort=title`;

      await page.goto(listUrl);
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await page.getByRole("link", { name: `Read More: ${post.title}` }).click();
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === `/blog/preview/${post.slug}` &&
          url.searchParams.get("category") === category &&
          url.searchParams.get("sort") === "title",
      );

      const dialog = page.getByRole("dialog", { name: post.title });
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAttribute("aria-modal", "true");
      await expect(dialog.getByRole("heading", { name: post.title })).toBeVisible();
      await expect(dialog.getByText("5 min read")).toBeVisible();
      await expect(dialog.getByText(post.category, { exact: true })).toBeVisible();
      await expect(dialog.locator("time")).toHaveText(shortDate.format(new Date(shownTime(post))));
      await expect(dialog.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(post.tags.map((tag) => `#${tag}`));
      for (const name of ["Twitter", "Facebook", "LinkedIn"])
        await expect(dialog.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("target", "_blank");
      // The list stays underneath.
      await expect(articleList(page)).toHaveCount(1);
      if (mode.javaScriptEnabled) await expect(dialog).toBeFocused();
      await expectNoA11yViolations(page);

      await dialog.getByRole("link", { name: "Close" }).click();
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === listUrl);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByLabel("Category")).toHaveValue(category);
      await expect(page.getByLabel("Sort by")).toHaveValue("title");

      if (mode.javaScriptEnabled) {
        await page.getByRole("link", { name: `Read More: ${post.title}` }).click();
        await expect(page.getByRole("dialog", { name: post.title })).toBeFocused();
        await page.keyboard.press("Escape");
        await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === listUrl);
        await expect(page.getByRole("dialog")).toHaveCount(0);
      }
      assertNoErrors();
    });

    test("the popup of an unknown or draft post is a 404 'Article Not Found'", async ({ page }) => {
      for (const slug of ["no-such-article", DRAFT.slug]) {
        const response = await page.goto(`/blog/preview/${slug}`);
        expect(response?.status()).toBe(404);
        const dialog = page.getByRole("dialog", { name: "Article Not Found" });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
        await expect(page.getByText(DRAFT.title)).toHaveCount(0);
      }
    });
  });

  test.describe("/blog/:slug", () => {
    test("every part of the article", async ({ page, request }) => {
      const assertNoErrors = failOnPageErrors(page);
      const posts = await publishedPosts(request);
      // A post with more than 3 tags and at least one related post shows every part.
      const post = posts.find((p) => p.tags.length > 3 && posts.some((o) => o.category === p.category && o.id !== p.id))!;
      expect(post).toBeTruthy();
      const full: ApiPost = await (await request.get(`/api/blog/${post.slug}`)).json();

      const response = await page.goto(`/blog/${post.slug}`);
      expect(response?.status()).toBe(200);
      if (mode.javaScriptEnabled) await waitForHydration(page);
      const origin = new URL(page.url()).origin;

      await expect(page).toHaveTitle(new RegExp(`^${post.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
      const header = page.locator("article header");
      await expect(header.getByText(post.category, { exact: true })).toBeVisible();
      await expect(header.getByText(post.excerpt)).toBeVisible();
      await expect(header.locator("time")).toHaveText(shortDate.format(new Date(shownTime(post))));
      await expect(header.getByText("5 min read")).toBeVisible();
      await expect(header.getByRole("list", { name: "Main topics" }).getByRole("listitem")).toHaveText(
        post.tags.slice(0, 3).map((tag) => `#${tag}`),
      );
      const hero = page.locator("article > div > picture > img, article > div > img").first();
      await expect(hero).toHaveAttribute("src", post.imageUrl?.replace(/\.jpg$/, "-640.jpg") ?? "/images/blog/default.svg");

      // The content, sanitised by the server: its first heading shows.
      const firstHeading = /<h2[^>]*>([^<]+)<\/h2>/.exec(full.content ?? "")?.[1];
      if (firstHeading) await expect(page.getByRole("heading", { level: 2, name: firstHeading })).toBeVisible();
      await expect(page.getByRole("list", { name: "All tags" }).getByRole("listitem")).toHaveText(post.tags.map((tag) => `#${tag}`));

      const articleUrl = `${origin}/blog/${post.slug}`;
      const shares = {
        Twitter: "https://twitter.com/intent/tweet?",
        Facebook: "https://www.facebook.com/sharer/sharer.php?",
        LinkedIn: "https://www.linkedin.com/sharing/share-offsite/?",
      };
      const shareList = page.getByRole("list", { name: "Share this article" });
      for (const [name, prefix] of Object.entries(shares)) {
        const link = shareList.getByRole("link", { name: new RegExp(`^${name}`) });
        await expect(link).toHaveAttribute("target", "_blank");
        const href = (await link.getAttribute("href")) ?? "";
        expect(href.startsWith(prefix)).toBe(true);
        expect(href).toContain(encodeURIComponent(articleUrl));
      }

      const toc = page.getByRole("navigation", { name: "In This Article" }).getByRole("link");
      await expect(toc).toHaveText(["Introduction", "Key Concepts", "Practical Tips", "Conclusion"]);
      for (const id of ["introduction", "key-concepts", "practical-tips", "conclusion"]) {
        await expect(page.locator(`a[href="#${id}"]`)).toHaveCount(1);
        await expect(page.locator(`[id="${id}"]`)).toHaveCount(1);
      }
      await page.getByRole("link", { name: "Practical Tips" }).click();
      await expect(page).toHaveURL(/#practical-tips$/);

      await expect(page.getByRole("region", { name: "About the Author" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Stay Updated" }).getByLabel("Email address")).toHaveAttribute("type", "email");

      const related = posts.filter((p) => p.category === post.category && p.id !== post.id).slice(0, 3);
      const relatedSection = page.getByRole("region", { name: "Related Articles" });
      const relatedTitles = relatedSection.getByRole("heading", { level: 3 });
      await expect(relatedTitles).toHaveText(related.map((p) => p.title));
      expect(await relatedTitles.count()).toBeLessThanOrEqual(3);
      for (const p of related) {
        await expect(relatedSection.getByRole("link", { name: p.title, exact: true })).toHaveAttribute("href", `/blog/${p.slug}`);
        await expect(
          relatedSection.getByRole("listitem").filter({ hasText: p.title }).getByText(p.category, { exact: true }),
        ).toBeVisible();
      }

      const ldJson = await page.locator('script[type="application/ld+json"]').textContent();
      const ld = JSON.parse(ldJson ?? "{}");
      expect(ld).toMatchObject({
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description: post.excerpt,
        datePublished: new Date(shownTime(post)).toISOString(),
        author: { "@type": "Organization" },
      });
      expect(ld.image).toBe(new URL(post.imageUrl ?? "/images/blog/default.svg", origin).href);

      await expectNoA11yViolations(page);
      assertNoErrors();
    });

    test("share links open a 600x400 window with JavaScript, a new tab without", async ({ page, request }) => {
      const [post] = await publishedPosts(request);
      await page.goto(`/blog/${post!.slug}`);
      const twitter = page.getByRole("list", { name: "Share this article" }).getByRole("link", { name: /^Twitter/ });
      await expect(twitter).toHaveAttribute("target", "_blank");
      if (!mode.javaScriptEnabled) return;
      await waitForHydration(page);
      await page.evaluate(() => {
        const opened: string[][] = [];
        Object.assign(window, { opened });
        window.open = (url?: string | URL, target?: string, features?: string) => {
          opened.push([String(url), target ?? "", features ?? ""]);
          return null;
        };
      });
      await twitter.click();
      const opened = await page.evaluate(() => (window as unknown as { opened: string[][] }).opened);
      expect(opened).toHaveLength(1);
      expect(opened[0]![0]).toContain("https://twitter.com/intent/tweet?");
      expect(opened[0]![2]).toContain("width=600");
      expect(opened[0]![2]).toContain("height=400");
      expect(page.url()).toContain(`/blog/${post!.slug}`);
    });

    test("related articles lead to other articles", async ({ page, request }) => {
      const posts = await publishedPosts(request);
      const post = posts.find((p) => posts.some((o) => o.category === p.category && o.id !== p.id))!;
      const next = posts.find((p) => p.category === post.category && p.id !== post.id)!;
      await page.goto(`/blog/${post.slug}`);
      if (mode.javaScriptEnabled) await waitForHydration(page);
      await page.getByRole("region", { name: "Related Articles" }).getByRole("link", { name: next.title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/blog/${next.slug}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(next.title);
    });

    test("unknown, draft and odd slugs: 404 'Article Not Found' with Back to Blog", async ({ page }) => {
      const slugs = ["no-such-article", DRAFT.slug, "a".repeat(2000), "%27%3B%20drop%20table%20blog_posts%3B--", "%E2%9C%93%25_"];
      for (const slug of slugs) {
        const response = await page.goto(`/blog/${slug}`);
        expect(response?.status(), slug.slice(0, 40)).toBe(404);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Article Not Found");
        await expect(page.getByText("The article you're looking for doesn't exist or has been removed.")).toBeVisible();
        await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/blog");
        await expect(page.getByText(DRAFT.title)).toHaveCount(0);
      }
      await expectNoA11yViolations(page);
      await page.getByRole("link", { name: "Back to Blog" }).click();
      await expect(page).toHaveURL(/\/blog$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trading Insights & Tips");
    });
  });
});
