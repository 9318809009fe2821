import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useLocation, useNavigate, useRouteError } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge, categoryTone } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { pageMeta, socialCardPath } from "~/utils/seo";
import { ResponsiveImage } from "~/components/responsive-image";
import { publicOrigin } from "~/utils/env.server";
import { ARTICLE_CONTENT_CLASS, ArticleNotFound, READING_TIME, TagList } from "../__blog-article";
import { ShareButtons } from "../__blog-share";
import { findPublishedPostOr404, toBlogArticle } from "../__blog.server";

// The post popup over /blog: a nested route, so without JavaScript it is
// simply the list page with the post drawn on top of it.
export async function loader({ params }: LoaderFunctionArgs) {
  const post = findPublishedPostOr404(params.slug);
  return {
    post: toBlogArticle(post),
    shareUrl: `${publicOrigin()}/blog/${encodeURIComponent(post.slug)}`,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? pageMeta(matches, {
        title: data.post.title,
        description: data.post.excerpt,
        // The full article is the page search engines should keep.
        path: `/blog/${data.post.slug}`,
        socialCard: socialCardPath("blog", data.post.slug),
        type: "article",
      })
    : [{ title: "Article Not Found" }, { name: "robots", content: "noindex" }];

const TITLE_ID = "blog-preview-title";

export default function BlogPreview() {
  const { post, shareUrl } = useLoaderData<typeof loader>();
  return (
    <BlogDialog>
      <ResponsiveImage
        image={post.image}
        alt=""
        sizes="(min-width: 768px) 768px, 100vw"
        priority
        className="aspect-video h-auto w-full rounded-t-2xl bg-slate-200 object-cover"
      />
      <div className="space-y-5 p-6 sm:p-8">
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
          <Badge tone={categoryTone(post.category)}>{post.category}</Badge>
          <time dateTime={post.isoDate}>{post.dateLabel}</time>
          <span aria-hidden="true">•</span>
          <span>{READING_TIME}</span>
        </div>
        <h2 id={TITLE_ID} className="text-2xl font-bold text-navy-900 sm:text-3xl">
          {post.title}
        </h2>
        <div className={ARTICLE_CONTENT_CLASS} dangerouslySetInnerHTML={{ __html: post.content }} />
        <TagList tags={post.tags} label="Tags" />
        <div className="flex flex-wrap items-center justify-between gap-4 border-t border-slate-200 pt-5">
          <ShareButtons url={shareUrl} title={post.title} />
          <Link to={`/blog/${post.slug}`} className={buttonClass("outline")}>
            Open full article
          </Link>
        </div>
      </div>
    </BlogDialog>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) return <GeneralErrorBoundary />;
  return (
    <BlogDialog>
      <ArticleNotFound headingId={TITLE_ID} headingLevel={2} />
    </BlogDialog>
  );
}

function BlogDialog({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeTo = `/blog${search}`;

  useEffect(() => {
    const opener = document.activeElement;
    dialogRef.current?.focus({ preventScroll: true });
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      // Back to the 'Read More' link that opened the popup, when it is still there.
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  useEffect(() => {
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key === "Escape") navigate(closeTo, { preventScrollReset: true });
    }
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [closeTo, navigate]);

  function closeOnBackdrop(event: MouseEvent<HTMLDivElement>) {
    if (event.target === event.currentTarget) navigate(closeTo, { preventScrollReset: true });
  }

  return (
    // A click on the backdrop is a mouse shortcut; keyboards close with Escape or the close link.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div className="fixed inset-0 z-50 overflow-y-auto bg-navy-950/75 px-4 py-8" onClick={closeOnBackdrop}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={TITLE_ID}
        tabIndex={-1}
        className="relative mx-auto max-w-3xl rounded-2xl bg-white shadow-2xl outline-none"
      >
        <Link
          to={closeTo}
          preventScrollReset
          className="absolute right-3 top-3 z-10 inline-flex size-11 items-center justify-center rounded-full bg-white/95 text-2xl leading-none text-navy-900 shadow hover:bg-slate-100"
        >
          <span aria-hidden="true">×</span>
          <span className="sr-only">Close</span>
        </Link>
        {children}
      </div>
    </div>
  );
}
