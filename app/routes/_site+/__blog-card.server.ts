import { blogPostDate, type BlogPostSummary } from "~/models/blog.server";
import { formatIsoDateInIndia, formatShortDate } from "~/utils/dates";
import { DEFAULT_BLOG_IMAGE, type BlogCardPost } from "./__blog-card";

/** A post as every blog card shows it (blog list, related posts, home): image (or the default), category, date, title, excerpt. */
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
