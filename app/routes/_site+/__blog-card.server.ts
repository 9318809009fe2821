import { blogPostDate, type BlogPostSummary } from "~/models/content/blog.server";
import { findReadyImages } from "~/models/content/image-asset.server";
import { formatIsoDateInIndia, formatShortDate } from "~/utils/dates";
import { imageSource } from "~/utils/image-variants";
import { BLOG_COVER_BOX, DEFAULT_BLOG_IMAGE, type BlogCardPost } from "./__blog-card";

/** Posts as every blog card shows them (blog list, related posts, home): cover (or the default), category, date, title, excerpt. */
export function toBlogCards(posts: readonly BlogPostSummary[]): BlogCardPost[] {
  const coverOf = (post: BlogPostSummary) => post.imageUrl || DEFAULT_BLOG_IMAGE;
  const ready = findReadyImages(posts.map(coverOf));
  return posts.map((post) => {
    const date = blogPostDate(post);
    return {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      category: post.category,
      image: imageSource(coverOf(post), ready, BLOG_COVER_BOX),
      isoDate: formatIsoDateInIndia(date),
      dateLabel: formatShortDate(date),
    };
  });
}
