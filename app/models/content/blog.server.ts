import { and, asc, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { blogPosts } from "../../../db/schema";
import type { AdminBlogPostInput } from "~/schemas/admin-blog";
import { renderBlogContent, sanitizeBlogHtml } from "~/utils/blog-html.server";
import { db } from "~/utils/db.server";
import { escapeLike } from "~/utils/validation";

export type BlogPost = typeof blogPosts.$inferSelect;
export const BLOG_SORTS = ["latest", "oldest", "title"] as const;
export type BlogSort = (typeof BLOG_SORTS)[number];
// The categories live with the admin form's schema, which the browser shares.
export { BLOG_CATEGORIES } from "~/schemas/admin-blog";

export type BlogListFilters = { search?: string; category?: string; sort?: BlogSort };

// A card's date: publishedAt, else createdAt.
const shownDate = sql<number>`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`;
const isPublic = eq(blogPosts.isPublished, true);

/** A list item: everything but the (large) content, plus the date shown. */
const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  category: blogPosts.category,
  imageUrl: blogPosts.imageUrl,
  tags: blogPosts.tags,
  publishedAt: blogPosts.publishedAt,
  createdAt: blogPosts.createdAt,
};
export type BlogPostSummary = Pick<BlogPost, keyof typeof summaryColumns>;

export function blogPostDate(post: Pick<BlogPost, "publishedAt" | "createdAt">): Date {
  return post.publishedAt ?? post.createdAt;
}

export function listPublishedPosts(filters: BlogListFilters = {}): BlogPostSummary[] {
  const conditions: SQL[] = [isPublic];
  const search = filters.search?.trim();
  if (search) {
    // SQLite's LIKE ignores ASCII case, as the blog's search must.
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(sql`(
      ${blogPosts.title} like ${pattern} escape '\\'
      or ${blogPosts.excerpt} like ${pattern} escape '\\'
      or exists (select 1 from json_each(${blogPosts.tags}) where value like ${pattern} escape '\\')
    )`);
  }
  if (filters.category && filters.category !== "all") conditions.push(sql`lower(${blogPosts.category}) = lower(${filters.category})`);

  const order = {
    latest: [desc(shownDate), desc(blogPosts.id)],
    oldest: [asc(shownDate), asc(blogPosts.id)],
    title: [asc(sql`${blogPosts.title} collate nocase`)],
  }[filters.sort ?? "latest"];

  return db
    .select(summaryColumns)
    .from(blogPosts)
    .where(and(...conditions))
    .orderBy(...order)
    .all();
}

export function listRecentPosts(limit: number): BlogPostSummary[] {
  return db.select(summaryColumns).from(blogPosts).where(isPublic).orderBy(desc(shownDate), desc(blogPosts.id)).limit(limit).all();
}

export function listCategoryCounts(): { category: string; count: number }[] {
  return db
    .select({ category: blogPosts.category, count: sql<number>`count(*)` })
    .from(blogPosts)
    .where(isPublic)
    .groupBy(blogPosts.category)
    .orderBy(asc(blogPosts.category))
    .all();
}

/** Up to `limit` distinct tags, most used first. */
export function listPopularTags(limit: number): string[] {
  const rows = db.all<{ tag: string }>(sql`
    select tag.value as tag from ${blogPosts}, json_each(${blogPosts.tags}) as tag
    where ${blogPosts.isPublished} = 1
    group by lower(tag.value)
    order by count(*) desc, lower(tag.value) asc
    limit ${limit}`);
  return rows.map((row) => row.tag);
}

/** A published post with its content sanitised for display; null when hidden or unknown. */
export function findPublishedPost(slug: string): BlogPost | null {
  const post = db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isPublic))
    .get();
  return post ? { ...post, content: renderBlogContent(post.content) } : null;
}

export function listRelatedPosts(post: Pick<BlogPost, "id" | "category">, limit: number) {
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .where(and(isPublic, eq(blogPosts.category, post.category), ne(blogPosts.id, post.id)))
    .orderBy(desc(shownDate), desc(blogPosts.id))
    .limit(limit)
    .all();
}

export function countPublishedPosts(): number {
  return (
    db
      .select({ count: sql<number>`count(*)` })
      .from(blogPosts)
      .where(isPublic)
      .get()?.count ?? 0
  );
}

export function toBlogPostJson(post: BlogPostSummary & { content?: string; isPublished?: boolean }) {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    ...(post.content === undefined ? {} : { content: post.content }),
    category: post.category,
    tags: post.tags,
    imageUrl: post.imageUrl,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    createdAt: post.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------
// Admin: every post, drafts included.
//
// publishedAt is set the first time a post is published and kept after that:
// later edits, unpublishing and publishing again leave the original date, so
// the blog's order does not jump when a post is corrected or briefly hidden.
// ---------------------------------------------------------------------------

/** An admin list row: no content. */
const adminColumns = {
  ...summaryColumns,
  isPublished: blogPosts.isPublished,
  updatedAt: blogPosts.updatedAt,
};
export type AdminBlogPostRow = Pick<BlogPost, keyof typeof adminColumns>;

const newestFirst = [desc(blogPosts.createdAt), desc(blogPosts.id)];

function adminSearch(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return sql`(
    ${blogPosts.title} like ${pattern} escape '\\'
    or ${blogPosts.slug} like ${pattern} escape '\\'
    or ${blogPosts.excerpt} like ${pattern} escape '\\'
    or ${blogPosts.category} like ${pattern} escape '\\'
  )`;
}

/** One page of every post, newest first, narrowed by a search of title, slug, excerpt and category. */
export function listPostsForAdmin({ search, limit, offset }: { search?: string; limit: number; offset: number }): {
  posts: AdminBlogPostRow[];
  total: number;
} {
  const where = adminSearch(search);
  const posts = db
    .select(adminColumns)
    .from(blogPosts)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset)
    .all();
  const total =
    db
      .select({ count: sql<number>`count(*)` })
      .from(blogPosts)
      .where(where)
      .get()?.count ?? 0;
  return { posts, total };
}

/** Every post with its content, for an admin's GET /api/blog. */
export function listAllPostsForAdmin(): BlogPost[] {
  return db
    .select()
    .from(blogPosts)
    .orderBy(...newestFirst)
    .all();
}

/** Any post by id, draft or published, with its stored (already sanitised) content. */
export function findPostById(id: number): BlogPost | null {
  return db.select().from(blogPosts).where(eq(blogPosts.id, id)).get() ?? null;
}

/**
 * Content as stored: HTML is sanitised on save (and again when shown); plain
 * text, which the article page escapes and breaks into lines, is kept as typed.
 */
export function contentForStorage(content: string): string {
  return /<\/?[a-z][\s\S]*?>/i.test(content) ? sanitizeBlogHtml(content).trim() : content;
}

export type BlogWriteResult = { ok: true; post: BlogPost } | { ok: false; reason: "not-found" | "duplicate-slug" | "empty-content" };

function slugTaken(slug: string, exceptId?: number): boolean {
  const where = exceptId === undefined ? eq(blogPosts.slug, slug) : and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId));
  return db.select({ id: blogPosts.id }).from(blogPosts).where(where).get() !== undefined;
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "SQLITE_CONSTRAINT_UNIQUE";
}

function storedFields(input: AdminBlogPostInput) {
  return {
    title: input.title,
    slug: input.slug,
    excerpt: input.excerpt,
    content: contentForStorage(input.content),
    category: input.category,
    imageUrl: input.imageUrl ?? null,
    tags: input.tags,
    isPublished: input.isPublished,
  };
}

export function createPost(input: AdminBlogPostInput, now = new Date()): BlogWriteResult {
  const fields = storedFields(input);
  if (!fields.content) return { ok: false, reason: "empty-content" };
  if (slugTaken(input.slug)) return { ok: false, reason: "duplicate-slug" };
  try {
    const post = db
      .insert(blogPosts)
      .values({ ...fields, publishedAt: input.isPublished ? now : null, createdAt: now, updatedAt: now })
      .returning()
      .get();
    return { ok: true, post };
  } catch (error) {
    // Another request took the slug between the check and the insert.
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate-slug" };
    throw error;
  }
}

export function updatePost(id: number, input: AdminBlogPostInput, now = new Date()): BlogWriteResult {
  const current = db.select({ publishedAt: blogPosts.publishedAt }).from(blogPosts).where(eq(blogPosts.id, id)).get();
  if (!current) return { ok: false, reason: "not-found" };
  const fields = storedFields(input);
  if (!fields.content) return { ok: false, reason: "empty-content" };
  if (slugTaken(input.slug, id)) return { ok: false, reason: "duplicate-slug" };
  try {
    const post = db
      .update(blogPosts)
      .set({
        ...fields,
        publishedAt: current.publishedAt ?? (input.isPublished ? now : null),
        updatedAt: now,
      })
      .where(eq(blogPosts.id, id))
      .returning()
      .get();
    return post ? { ok: true, post } : { ok: false, reason: "not-found" };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate-slug" };
    throw error;
  }
}

/** Publishes or unpublishes a post; its title for the toast, or null when it does not exist. */
export function setPostPublished(id: number, isPublished: boolean, now = new Date()): { title: string } | null {
  return (
    db
      .update(blogPosts)
      .set({
        isPublished,
        publishedAt: isPublished ? sql`coalesce(${blogPosts.publishedAt}, ${now.getTime()})` : undefined,
        updatedAt: now,
      })
      .where(eq(blogPosts.id, id))
      .returning({ title: blogPosts.title })
      .get() ?? null
  );
}

/** Deletes a post; its title, or null when it does not exist. Nothing else refers to a post. */
export function deletePost(id: number): { title: string } | null {
  return db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ title: blogPosts.title }).get() ?? null;
}

/** The admin's JSON view of a post: every stored field. */
export function toAdminBlogPostJson(post: BlogPost) {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    category: post.category,
    tags: post.tags,
    imageUrl: post.imageUrl,
    isPublished: post.isPublished,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}
