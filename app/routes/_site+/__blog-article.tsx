import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

export { ARTICLE_CONTENT_CLASS } from "~/components/article-content";

/** A fixed reading time, quoted from the product specification. */
export const READING_TIME = "5 min read";

export function TagList({ tags, label }: { tags: string[]; label: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700">
          #{tag}
        </li>
      ))}
    </ul>
  );
}

/** The error text for an unknown, hidden or failed post, quoted from the product specification. */
export function ArticleNotFound({
  backTo = "/blog",
  headingId,
  headingLevel = 1,
}: {
  backTo?: string;
  headingId?: string;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <Heading id={headingId} className="text-3xl font-bold text-navy-900">
        Article Not Found
      </Heading>
      <p className="text-slate-600">The article you're looking for doesn't exist or has been removed.</p>
      <Link to={backTo} className={buttonClass("primary")}>
        Back to Blog
      </Link>
    </div>
  );
}
