import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

/** Styles for the sanitised article HTML (no typography plugin: a few rules suffice). */
export const ARTICLE_CONTENT_CLASS =
  "text-slate-800 leading-relaxed [&_[id]]:scroll-mt-24 [&_a]:text-teal-700 [&_a]:underline [&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-gold-500 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:mt-6 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-navy-900 [&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-navy-900 [&_h4]:mt-4 [&_h4]:font-semibold [&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_li]:mb-1 [&_ol]:mb-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mb-4 [&_pre]:overflow-x-auto [&_table]:my-4 [&_table]:w-full [&_td]:border [&_td]:border-slate-300 [&_td]:p-2 [&_th]:border [&_th]:border-slate-300 [&_th]:p-2 [&_ul]:mb-4 [&_ul]:list-disc [&_ul]:pl-6";

/** The spec's fixed reading time. */
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

/** The spec's error text for an unknown, hidden or failed post. */
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
