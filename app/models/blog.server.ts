import { and, asc, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { blogPosts } from "../../db/schema";
import { renderBlogContent } from "~/services/sanitize.server";
import { db } from "~/utils/db.server";
import { escapeLike } from "~/utils/validation";

export type BlogPost = typeof blogPosts.$inferSelect;
export const BLOG_SORTS = ["latest", "oldest", "title"] as const;
export type BlogSort = (typeof BLOG_SORTS)[number];
export const BLOG_CATEGORIES = ["education", "psychology", "risk management", "strategy"] as const;

export type BlogListFilters = { search?: string; category?: string; sort?: BlogSort };

// The spec's card date: publishedAt, else createdAt.
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
    // SQLite's LIKE ignores ASCII case, as the spec's search does.
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(sql`(
      ${blogPosts.title} like ${pattern} escape '\\'
      or ${blogPosts.excerpt} like ${pattern} escape '\\'
      or exists (select 1 from json_each(${blogPosts.tags}) where value like ${pattern} escape '\\')
    )`);
  }
  if (filters.category && filters.category !== "all")
    conditions.push(sql`lower(${blogPosts.category}) = lower(${filters.category})`);

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
  return db
    .select(summaryColumns)
    .from(blogPosts)
    .where(isPublic)
    .orderBy(desc(shownDate), desc(blogPosts.id))
    .limit(limit)
    .all();
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
  return db.select({ count: sql<number>`count(*)` }).from(blogPosts).where(isPublic).get()?.count ?? 0;
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
