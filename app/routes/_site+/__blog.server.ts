import { blogPostDate, findPublishedPost, type BlogPost, type BlogPostSummary } from "~/models/blog.server";
import { formatIsoDateInIndia, formatShortDate } from "~/utils/dates";
import { DEFAULT_BLOG_IMAGE, type BlogCardPost } from "./__blog-card";

/** The spec's card: image (or the default), category, date, title, excerpt. */
export function toBlogCard(post: BlogPostSummary): BlogCardPost {
  const date = blogPostDate(post);
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    category: post.category,
    image: post.imageUrl || DEFAULT_BLOG_IMAGE,
    isoDate: formatIsoDateInIndia(date),
    dateLabel: formatShortDate(date),
  };
}

export type BlogArticle = BlogCardPost & { content: string; tags: string[] };

/** A post to read: the card plus its sanitised content and tags. */
export function toBlogArticle(post: BlogPost): BlogArticle {
  return { ...toBlogCard(post), content: post.content, tags: post.tags };
}

/** Slugs are short; anything longer is unknown without asking the database. */
export function findPublishedPostOr404(slug: string | undefined): BlogPost {
  const post = slug && slug.length <= 200 ? findPublishedPost(slug) : null;
  if (!post) throw new Response("Not Found", { status: 404 });
  return post;
}
