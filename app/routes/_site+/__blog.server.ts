import { findPublishedPost, type BlogPost } from "~/models/content/blog.server";
import type { BlogCardPost } from "./__blog-card";
import { toBlogCards } from "./__blog-card.server";

export type BlogArticle = BlogCardPost & { content: string; tags: string[] };

/** A post to read: the card plus its sanitised content and tags. */
export function toBlogArticle(post: BlogPost): BlogArticle {
  return { ...toBlogCards([post])[0]!, content: post.content, tags: post.tags };
}

/** Slugs are short; anything longer is unknown without asking the database. */
export function findPublishedPostOr404(slug: string | undefined): BlogPost {
  const post = slug && slug.length <= 200 ? findPublishedPost(slug) : null;
  if (!post) throw new Response("Not Found", { status: 404 });
  return post;
}
