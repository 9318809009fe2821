import { beforeEach, describe, expect, test } from "vitest";
import { blogPosts } from "../../../db/schema";
import { AdminBlogPostSchema, type AdminBlogPostInput } from "~/schemas/admin-blog";
import { db } from "~/utils/db.server";
import {
  contentForStorage,
  createPost,
  deletePost,
  findPostById,
  findPublishedPost,
  listAllPostsForAdmin,
  listPostsForAdmin,
  setPostPublished,
  toAdminBlogPostJson,
  updatePost,
} from "./blog.server";

// The admin's blog functions (Content tab, /api/blog writes).

const DAY = 24 * 60 * 60 * 1000;
const start = new Date(Date.UTC(2026, 2, 1, 6, 0, 0));
const day = (n: number) => new Date(start.getTime() + n * DAY);

const input = (fields: Partial<Record<keyof AdminBlogPostInput, unknown>> = {}): AdminBlogPostInput =>
  AdminBlogPostSchema.parse({
    title: "Reading Candles",
    slug: "reading-candles",
    excerpt: "What a candle says.",
    content: "<p>Open, high, low, close.</p>",
    category: "education",
    tags: "Candles, Basics",
    ...fields,
  });

function created(fields: Partial<Record<keyof AdminBlogPostInput, unknown>> = {}, now = start) {
  const result = createPost(input(fields), now);
  if (!result.ok) throw new Error(`create failed: ${result.reason}`);
  return result.post;
}

beforeEach(() => {
  db.delete(blogPosts).run();
});

describe("createPost", () => {
  test("stores a draft with no publishedAt, tags as a list", () => {
    const post = created();
    expect(findPostById(post.id)).toMatchObject({
      title: "Reading Candles",
      slug: "reading-candles",
      category: "education",
      tags: ["Candles", "Basics"],
      imageUrl: null,
      isPublished: false,
      publishedAt: null,
      createdAt: start,
      updatedAt: start,
    });
  });

  test("a post published at creation gets publishedAt now and shows on the public blog", () => {
    const post = created({ isPublished: "on" }, day(1));
    expect(post.publishedAt).toEqual(day(1));
    expect(findPublishedPost("reading-candles")?.id).toBe(post.id);
  });

  test("a duplicate slug is refused and nothing is stored", () => {
    created();
    expect(createPost(input({ title: "Another" }))).toEqual({
      ok: false,
      reason: "duplicate-slug",
    });
    expect(listAllPostsForAdmin()).toHaveLength(1);
  });

  test("HTML content is sanitised before it is stored; plain text is kept as typed", () => {
    const post = created({
      content: `<p onclick="x()">Hi</p><script>alert(1)</script><img src="/a.png" onerror="alert(2)">`,
    });
    expect(post.content).not.toMatch(/script|onerror|onclick|alert/);
    expect(post.content).toContain("<p>Hi</p>");
    const plain = created({
      slug: "plain",
      content: "Risk 1% < 2% & more\nper trade",
    });
    expect(plain.content).toBe("Risk 1% < 2% & more\nper trade");
  });

  test("content that is nothing but unsafe HTML is refused", () => {
    expect(createPost(input({ content: "<script>alert(1)</script>" }))).toEqual({ ok: false, reason: "empty-content" });
    expect(listAllPostsForAdmin()).toEqual([]);
  });
});

describe("contentForStorage", () => {
  test("is idempotent for sanitised HTML", () => {
    const once = contentForStorage(`<p>A &amp; B <a href="https://example.com">link</a></p>`);
    expect(contentForStorage(once)).toBe(once);
  });
});

describe("updatePost", () => {
  test("saves the fields and updatedAt; publishing first sets publishedAt, later edits keep it", () => {
    const post = created();
    const first = updatePost(post.id, input({ title: "Reading Candles Well", isPublished: "on" }), day(2));
    expect(first).toMatchObject({
      ok: true,
      post: {
        title: "Reading Candles Well",
        publishedAt: day(2),
        updatedAt: day(2),
      },
    });
    const second = updatePost(post.id, input({ title: "Reading Candles Better", isPublished: "on" }), day(3));
    expect(second).toMatchObject({
      ok: true,
      post: { publishedAt: day(2), updatedAt: day(3) },
    });
    // Unpublishing keeps the first publication date too.
    const third = updatePost(post.id, input({ isPublished: undefined }), day(4));
    expect(third).toMatchObject({
      ok: true,
      post: { isPublished: false, publishedAt: day(2) },
    });
  });

  test("keeps its own slug; another post's slug is refused; an unknown id is not found", () => {
    const post = created();
    const other = created({ slug: "other-post" });
    expect(updatePost(post.id, input()).ok).toBe(true);
    expect(updatePost(other.id, input())).toEqual({
      ok: false,
      reason: "duplicate-slug",
    });
    expect(findPostById(other.id)?.slug).toBe("other-post");
    expect(updatePost(9999, input({ slug: "fresh" }))).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  test("an image URL and tags can be cleared", () => {
    const post = created({ imageUrl: "https://example.com/a.png" });
    const result = updatePost(post.id, input({ imageUrl: "", tags: "" }));
    expect(result).toMatchObject({
      ok: true,
      post: { imageUrl: null, tags: [] },
    });
  });
});

describe("setPostPublished", () => {
  test("publishes (setting publishedAt once) and unpublishes (keeping it); unknown is null", () => {
    const post = created();
    expect(setPostPublished(post.id, true, day(5))).toEqual({
      title: "Reading Candles",
    });
    expect(findPostById(post.id)).toMatchObject({
      isPublished: true,
      publishedAt: day(5),
      updatedAt: day(5),
    });
    expect(findPublishedPost("reading-candles")).not.toBeNull();
    setPostPublished(post.id, false, day(6));
    expect(findPostById(post.id)).toMatchObject({
      isPublished: false,
      publishedAt: day(5),
    });
    expect(findPublishedPost("reading-candles")).toBeNull();
    setPostPublished(post.id, true, day(7));
    expect(findPostById(post.id)?.publishedAt).toEqual(day(5));
    expect(setPostPublished(9999, true)).toBeNull();
  });
});

describe("deletePost", () => {
  test("removes the post and names it; unknown is null", () => {
    const post = created();
    expect(deletePost(post.id)).toEqual({ title: "Reading Candles" });
    expect(findPostById(post.id)).toBeNull();
    expect(deletePost(post.id)).toBeNull();
  });
});

describe("admin lists", () => {
  test("the latest posts come newest first, drafts included, without content", () => {
    for (let n = 1; n <= 7; n++)
      created(
        {
          slug: `post-${n}`,
          title: `Post ${n}`,
          isPublished: n % 2 ? "on" : undefined,
        },
        day(n),
      );
    const latest = listPostsForAdmin({ limit: 5, offset: 0 }).posts;
    expect(latest.map((post) => post.title)).toEqual(["Post 7", "Post 6", "Post 5", "Post 4", "Post 3"]);
    expect(latest.map((post) => post.isPublished)).toEqual([true, false, true, false, true]);
    expect(latest[0]).not.toHaveProperty("content");
  });

  test("pages and searches title, slug, excerpt and category (LIKE wildcards literal)", () => {
    for (let n = 1; n <= 25; n++) created({ slug: `post-${n}`, title: `Post ${n}` }, day(n));
    created(
      {
        slug: "risk-first",
        title: "Sizing",
        category: "risk management",
        excerpt: "100% sure",
      },
      day(30),
    );
    const first = listPostsForAdmin({ limit: 20, offset: 0 });
    expect(first.total).toBe(26);
    expect(first.posts).toHaveLength(20);
    expect(first.posts[0]?.title).toBe("Sizing");
    const second = listPostsForAdmin({ limit: 20, offset: 20 });
    expect(second.posts.map((post) => post.title)).toEqual(["Post 6", "Post 5", "Post 4", "Post 3", "Post 2", "Post 1"]);
    expect(listPostsForAdmin({ search: "RISK", limit: 20, offset: 0 }).posts.map((post) => post.slug)).toEqual(["risk-first"]);
    expect(listPostsForAdmin({ search: "post-2", limit: 20, offset: 0 }).total).toBe(7);
    expect(listPostsForAdmin({ search: "0%", limit: 20, offset: 0 }).total).toBe(1);
    expect(listPostsForAdmin({ search: "_", limit: 20, offset: 0 }).total).toBe(0);
  });
});

describe("toAdminBlogPostJson", () => {
  test("every field, ISO dates", () => {
    const post = created({ isPublished: "on" });
    expect(toAdminBlogPostJson(post)).toEqual({
      id: post.id,
      slug: "reading-candles",
      title: "Reading Candles",
      excerpt: "What a candle says.",
      content: "<p>Open, high, low, close.</p>",
      category: "education",
      tags: ["Candles", "Basics"],
      imageUrl: null,
      isPublished: true,
      publishedAt: start.toISOString(),
      createdAt: start.toISOString(),
      updatedAt: start.toISOString(),
    });
  });
});
