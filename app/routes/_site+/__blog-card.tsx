import { Link } from "@remix-run/react";
import { Badge, categoryTone } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { ResponsiveImage } from "~/components/responsive-image";
import type { ImageSource } from "~/utils/image-variants";

export const DEFAULT_BLOG_IMAGE = "/images/blog/default.svg";
/** The 16:9 box a cover not (yet) encoded is shown in. */
export const BLOG_COVER_BOX = { width: 1280, height: 720 };
const CARD_SIZES = "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw";

/** A card's data, formatted on the server so both renders match. */
export type BlogCardPost = {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  image: ImageSource;
  /** "2026-12-05", for <time dateTime>. */
  isoDate: string;
  /** "Dec 5, 2026" */
  dateLabel: string;
};

type BlogCardProps = {
  post: BlogCardPost;
  /** Where 'Read More' goes; the title always links to the full article. */
  readMoreTo?: string;
  headingLevel?: 2 | 3;
  /** The first card on the page: its image is fetched first. */
  priority?: boolean;
};

export function BlogCard({ post, readMoreTo, headingLevel = 3, priority = false }: BlogCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <ResponsiveImage
        image={post.image}
        alt=""
        sizes={CARD_SIZES}
        priority={priority}
        className="aspect-video h-auto w-full bg-slate-200 object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center justify-between gap-2 text-sm text-slate-600">
          <Badge tone={categoryTone(post.category)}>{post.category}</Badge>
          <time dateTime={post.isoDate}>{post.dateLabel}</time>
        </div>
        <Heading className="text-lg font-bold leading-snug text-navy-900">
          <Link to={`/blog/${post.slug}`} className="hover:text-teal-600 hover:underline">
            {post.title}
          </Link>
        </Heading>
        <p className="line-clamp-3 text-sm text-slate-600">{post.excerpt}</p>
        <Link
          to={readMoreTo ?? `/blog/${post.slug}`}
          preventScrollReset
          aria-label={`Read More: ${post.title}`}
          className="mt-auto inline-flex min-h-11 items-center gap-1 self-start font-semibold text-teal-700 hover:underline"
        >
          Read More <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}

/** The home page's compact blog card: the same data as the blog's, a plainer face. */
export function CompactBlogCard({ post }: { post: BlogCardPost }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200">
      <ResponsiveImage image={post.image} alt="" sizes={CARD_SIZES} className="aspect-video h-auto w-full bg-slate-200 object-cover" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center justify-between gap-2 text-sm text-slate-600">
          <Badge tone={categoryTone(post.category)}>{post.category}</Badge>
          <time dateTime={post.isoDate}>{post.dateLabel}</time>
        </div>
        <h3 className="text-lg font-bold text-navy-900">{post.title}</h3>
        <p className="line-clamp-3 text-sm text-slate-600">{post.excerpt}</p>
        <Link to={`/blog/${post.slug}`} className={buttonClass("outline", "mt-auto self-start")} aria-label={`Read More: ${post.title}`}>
          Read More
        </Link>
      </div>
    </article>
  );
}

/** "risk management" → "Risk Management", for option labels that CSS cannot capitalise. */
export function categoryLabel(category: string): string {
  return category.replace(/\b\w/g, (letter) => letter.toUpperCase());
}
