import { Link } from "@remix-run/react";
import { Badge, categoryTone } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";

export type HomePost = {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  image: string;
  isoDate: string;
  dateLabel: string;
};

/** A compact blog card for the home page's three latest posts. */
export function HomeBlogCard({ post }: { post: HomePost }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200">
      <img
        src={post.image}
        alt=""
        width={400}
        height={225}
        loading="lazy"
        decoding="async"
        className="aspect-video h-auto w-full bg-slate-200 object-cover"
      />
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
