import { beforeAll, describe, expect, test } from "vitest";
import { blogPosts } from "../../../db/schema";
import { db } from "~/utils/db.server";
import {
  blogPostDate,
  countPublishedPosts,
  findPublishedPost,
  listCategoryCounts,
  listPopularTags,
  listPublishedPosts,
  listRecentPosts,
  listRelatedPosts,
  toBlogPostJson,
} from "./blog.server";

const DAY = 24 * 60 * 60 * 1000;
const start = Date.UTC(2026, 0, 10, 6, 0, 0);
const day = (n: number) => new Date(start + n * DAY);

type NewPost = typeof blogPosts.$inferInsert;
const post = (id: number, fields: Partial<NewPost> & Pick<NewPost, "title" | "category">): NewPost => ({
  id,
  slug: `post-${id}`,
  content: "<p>Body</p>",
  excerpt: "An excerpt.",
  tags: [],
  isPublished: true,
  createdAt: day(-30),
  ...fields,
});

beforeAll(() => {
  db.delete(blogPosts).run();
  db.insert(blogPosts)
    .values([
      post(1, {
        title: "Understanding Order Blocks",
        category: "education",
        excerpt: "Institutional footprints on the chart.",
        tags: ["SMC", "Order Blocks"],
        publishedAt: day(1),
      }),
      post(2, {
        title: "alpha psychology",
        category: "psychology",
        excerpt: "Stay calm 100% of the time.",
        tags: ["Mindset", "smc"],
        publishedAt: day(2),
      }),
      // No publishedAt: the shown date falls back to createdAt.
      post(3, {
        title: "Position Sizing",
        category: "risk management",
        content: "Risk 1% < 2% per trade\nAlways.",
        tags: ["Risk", "SMC"],
        publishedAt: null,
        createdAt: day(3),
      }),
      post(4, {
        title: "Breakout Strategy",
        category: "strategy",
        content: `<p>Breakouts</p><script>alert("xss")</script><img src="/images/blog/a.svg" alt="A" onerror="alert(2)"><a href="javascript:alert(3)">bad</a>`,
        tags: ["Breakouts"],
        publishedAt: day(4),
      }),
      post(5, {
        title: "Draft Secret",
        slug: "draft-secret",
        category: "education",
        tags: ["Secret", "SMC"],
        isPublished: false,
        publishedAt: day(10),
      }),
      post(6, { title: "Fair Value Gaps", category: "education", tags: ["SMC", "FVG"], publishedAt: day(5) }),
      post(7, { title: "Liquidity Sweeps", category: "education", tags: ["Liquidity", "SMC"], publishedAt: day(6) }),
      post(8, { title: "Zone_Trading", category: "strategy", excerpt: "Zones.", publishedAt: day(0) }),
      post(9, {
        title: "Many Tags",
        category: "other",
        tags: ["Risk", ...Array.from({ length: 12 }, (_, i) => `t${String(i + 1).padStart(2, "0")}`)],
        publishedAt: day(-1),
      }),
      post(10, { title: "Candlestick Basics", category: "education", tags: ["Candles"], publishedAt: day(-2) }),
    ])
    .run();
});

const ids = (posts: { id: number }[]) => posts.map((p) => p.id);

describe("listPublishedPosts", () => {
  test("lists published posts only, latest first by default", () => {
    expect(ids(listPublishedPosts())).toEqual([7, 6, 4, 3, 2, 1, 8, 9, 10]);
    expect(ids(listPublishedPosts({ sort: "latest" }))).toEqual([7, 6, 4, 3, 2, 1, 8, 9, 10]);
  });

  test("sorts oldest first and by title case-insensitively", () => {
    expect(ids(listPublishedPosts({ sort: "oldest" }))).toEqual([10, 9, 8, 1, 2, 3, 4, 6, 7]);
    expect(listPublishedPosts({ sort: "title" }).map((p) => p.title)).toEqual([
      "alpha psychology",
      "Breakout Strategy",
      "Candlestick Basics",
      "Fair Value Gaps",
      "Liquidity Sweeps",
      "Many Tags",
      "Position Sizing",
      "Understanding Order Blocks",
      "Zone_Trading",
    ]);
  });

  test("searches title, excerpt and tags case-insensitively", () => {
    expect(ids(listPublishedPosts({ search: "smc" }))).toEqual([7, 6, 3, 2, 1]);
    expect(ids(listPublishedPosts({ search: "ORDER blocks" }))).toEqual([1]);
    expect(ids(listPublishedPosts({ search: "institutional" }))).toEqual([1]);
    expect(ids(listPublishedPosts({ search: "fvg" }))).toEqual([6]);
    expect(ids(listPublishedPosts({ search: "  breakout  " }))).toEqual([4]);
    expect(listPublishedPosts({ search: "nothing matches this" })).toEqual([]);
  });

  test("an empty search lists everything", () => {
    expect(listPublishedPosts({ search: "   " })).toHaveLength(9);
  });

  test("LIKE wildcards are taken literally", () => {
    expect(ids(listPublishedPosts({ search: "100%" }))).toEqual([2]);
    expect(ids(listPublishedPosts({ search: "%" }))).toEqual([2]);
    expect(ids(listPublishedPosts({ search: "_" }))).toEqual([8]);
    expect(listPublishedPosts({ search: "\\" })).toEqual([]);
  });

  test("filters by category, 'all' meaning every category", () => {
    expect(ids(listPublishedPosts({ category: "education" }))).toEqual([7, 6, 1, 10]);
    expect(ids(listPublishedPosts({ category: "risk management" }))).toEqual([3]);
    expect(listPublishedPosts({ category: "all" })).toHaveLength(9);
    expect(listPublishedPosts({ category: "no such category" })).toEqual([]);
  });

  test("combines search, category and sort", () => {
    expect(ids(listPublishedPosts({ search: "smc", category: "education", sort: "oldest" }))).toEqual([1, 6, 7]);
  });

  test("drafts are never listed", () => {
    expect(listPublishedPosts({ search: "Secret" })).toEqual([]);
    expect(ids(listPublishedPosts())).not.toContain(5);
  });

  test("a list item carries no content", () => {
    expect(listPublishedPosts()[0]).not.toHaveProperty("content");
  });
});

describe("blogPostDate", () => {
  test("is publishedAt, else createdAt", () => {
    expect(blogPostDate({ publishedAt: day(1), createdAt: day(-5) })).toEqual(day(1));
    expect(blogPostDate({ publishedAt: null, createdAt: day(-5) })).toEqual(day(-5));
  });
});

describe("sidebar lists", () => {
  test("recent posts are the 5 latest published", () => {
    expect(ids(listRecentPosts(5))).toEqual([7, 6, 4, 3, 2]);
  });

  test("category counts cover published posts only", () => {
    expect(listCategoryCounts()).toEqual([
      { category: "education", count: 4 },
      { category: "other", count: 1 },
      { category: "psychology", count: 1 },
      { category: "risk management", count: 1 },
      { category: "strategy", count: 2 },
    ]);
  });

  test("popular tags are distinct, most used first, at most 10", () => {
    const tags = listPopularTags(10).map((tag) => tag.toLowerCase());
    expect(tags).toEqual(["smc", "risk", "breakouts", "candles", "fvg", "liquidity", "mindset", "order blocks", "t01", "t02"]);
    expect(tags).not.toContain("secret");
    expect(listPopularTags(2).map((tag) => tag.toLowerCase())).toEqual(["smc", "risk"]);
  });

  test("counts published posts", () => {
    expect(countPublishedPosts()).toBe(9);
  });
});

describe("findPublishedPost", () => {
  test("finds a published post by slug", () => {
    expect(findPublishedPost("post-1")?.title).toBe("Understanding Order Blocks");
  });

  test("never finds a draft, an unknown or an odd slug", () => {
    expect(findPublishedPost("draft-secret")).toBeNull();
    expect(findPublishedPost("no-such-post")).toBeNull();
    expect(findPublishedPost("x".repeat(10_000))).toBeNull();
    expect(findPublishedPost("'; drop table blog_posts; --")).toBeNull();
    expect(findPublishedPost("%")).toBeNull();
    expect(countPublishedPosts()).toBe(9);
  });

  test("sanitises HTML content: no script, no onerror, no javascript: link", () => {
    const content = findPublishedPost("post-4")?.content ?? "";
    expect(content).toContain("<p>Breakouts</p>");
    expect(content).toContain(`src="/images/blog/a.svg"`);
    expect(content).not.toMatch(/<script/i);
    expect(content).not.toMatch(/onerror/i);
    expect(content).not.toMatch(/javascript:/i);
    expect(content).not.toContain("alert");
  });

  test("plain-text content is escaped and keeps its line breaks", () => {
    expect(findPublishedPost("post-3")?.content).toBe("Risk 1% &lt; 2% per trade<br>Always.");
  });
});

describe("listRelatedPosts", () => {
  test("same category, excluding the current post and drafts, latest first, at most the limit", () => {
    expect(ids(listRelatedPosts({ id: 1, category: "education" }, 3))).toEqual([7, 6, 10]);
    expect(ids(listRelatedPosts({ id: 7, category: "education" }, 3))).toEqual([6, 1, 10]);
    expect(ids(listRelatedPosts({ id: 7, category: "education" }, 2))).toEqual([6, 1]);
    expect(ids(listRelatedPosts({ id: 4, category: "strategy" }, 3))).toEqual([8]);
    expect(listRelatedPosts({ id: 2, category: "psychology" }, 3)).toEqual([]);
  });
});

describe("toBlogPostJson", () => {
  test("ISO dates, content only when given", () => {
    const summaries = listPublishedPosts({ search: "Position Sizing" });
    expect(summaries.map(toBlogPostJson)).toEqual([
      {
        id: 3,
        slug: "post-3",
        title: "Position Sizing",
        excerpt: "An excerpt.",
        category: "risk management",
        tags: ["Risk", "SMC"],
        imageUrl: null,
        publishedAt: null,
        createdAt: day(3).toISOString(),
      },
    ]);
    const full = findPublishedPost("post-1");
    expect(full && toBlogPostJson(full)).toMatchObject({
      slug: "post-1",
      content: "<p>Body</p>",
      publishedAt: day(1).toISOString(),
    });
    expect(full && toBlogPostJson(full)).not.toHaveProperty("isPublished");
  });
});
