import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DisclaimerNote } from "~/components/disclaimer-note";
import { isRouteErrorResponse, Link, useLoaderData, useLocation, useNavigation, useRouteError } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge, categoryTone } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { blogPostDate, listRelatedPosts } from "~/models/content/blog.server";
import { instituteFrom, jsonLd, pageMeta, socialCardPath } from "~/utils/seo";
import { publicOrigin } from "~/utils/env.server";
import { ARTICLE_CONTENT_CLASS, ArticleNotFound, READING_TIME, TagList } from "../__blog-article";
import { BlogCard } from "../__blog-card";
import { ShareButtons } from "../__blog-share";
import { findPublishedPostOr404, toBlogArticle } from "../__blog.server";
import { toBlogCards } from "../__blog-card.server";
import { ResponsiveImage } from "~/components/responsive-image";
import { NewsletterForm } from "../__newsletter-form";
import { useInstitute } from "~/utils/use-institute";

export async function loader({ params }: LoaderFunctionArgs) {
  const post = findPublishedPostOr404(params.slug);
  const origin = publicOrigin();
  const article = toBlogArticle(post);
  return {
    post: article,
    url: `${origin}/blog/${encodeURIComponent(post.slug)}`,
    imageUrl: new URL(article.image.src, origin).href,
    publishedIso: blogPostDate(post).toISOString(),
    modifiedIso: post.updatedAt.toISOString(),
    related: toBlogCards(listRelatedPosts(post, 3)),
    contentAnchors: anchorsInContent(article.content),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const instituteName = instituteFrom(matches).name;
  if (!data) return [{ title: `Article Not Found | ${instituteName}` }, { name: "robots", content: "noindex" }];
  const { post } = data;
  return [
    ...pageMeta(matches, {
      title: post.title,
      description: post.excerpt,
      path: `/blog/${post.slug}`,
      socialCard: socialCardPath("blog", post.slug),
      type: "article",
    }),
    { property: "article:published_time", content: data.publishedIso },
    jsonLd({
      "@type": "BlogPosting",
      headline: post.title,
      description: post.excerpt,
      datePublished: data.publishedIso,
      dateModified: data.modifiedIso,
      image: data.imageUrl,
      url: data.url,
      mainEntityOfPage: data.url,
      articleSection: post.category,
      keywords: post.tags.join(", "),
      author: { "@type": "Organization", name: instituteName },
      publisher: { "@type": "Organization", name: instituteName },
    }),
  ];
};

const SECTIONS = [
  { id: "introduction", label: "Introduction" },
  { id: "key-concepts", label: "Key Concepts" },
  { id: "practical-tips", label: "Practical Tips" },
  { id: "conclusion", label: "Conclusion" },
] as const;
type SectionId = (typeof SECTIONS)[number]["id"];

/** The 'In This Article' anchors the content already carries (posts may mark their own sections). */
function anchorsInContent(html: string): SectionId[] {
  return SECTIONS.map((section) => section.id).filter((id) => html.includes(`id="${id}"`));
}

const PRACTICAL_TIPS = [
  "Risk no more than 1-2% of your capital on a single trade, and set the stop loss before you enter.",
  "Keep a trading journal: write down why you entered, how you managed the trade and what you learned.",
  "Practise a new idea on a demo account or with small size until you have followed it on at least 20 trades.",
];

export default function BlogArticlePage() {
  const { post, url, related, contentAnchors } = useLoaderData<typeof loader>();
  const institute = useInstitute();
  // The page supplies a section for every anchor the content lacks, so each exists exactly once.
  const missing = (id: SectionId) => !contentAnchors.includes(id);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loadingAnotherPost =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/blog/") && navigation.location.pathname !== pathname;

  if (loadingAnotherPost) {
    return (
      <div className="flex flex-1 items-center justify-center py-32" role="status">
        <span className="size-10 animate-spin rounded-full border-4 border-slate-300 border-t-navy-900" aria-hidden="true" />
        <span className="sr-only">Loading article…</span>
      </div>
    );
  }

  return (
    <article className="pb-16">
      <header className="bg-navy-900 text-white">
        <div className="mx-auto max-w-4xl px-4 py-12 sm:py-16">
          <Link to="/blog" className="text-sm font-medium text-gold-400 hover:underline">
            <span aria-hidden="true">←</span> Back to Blog
          </Link>
          <div className="mt-6 flex flex-wrap items-center gap-3 text-sm text-slate-200">
            <Badge tone={categoryTone(post.category)}>{post.category}</Badge>
            <time dateTime={post.isoDate}>{post.dateLabel}</time>
            <span aria-hidden="true">•</span>
            <span>{READING_TIME}</span>
          </div>
          <h1 className="mt-4 text-3xl font-bold leading-tight sm:text-5xl">{post.title}</h1>
          <p className="mt-4 text-lg text-slate-200">{post.excerpt}</p>
          {post.tags.length > 0 ? (
            <ul className="mt-6 flex flex-wrap gap-2" aria-label="Main topics">
              {post.tags.slice(0, 3).map((tag) => (
                <li key={tag} className="rounded-full bg-white/10 px-3 py-1 text-sm text-white">
                  #{tag}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </header>

      <div className="mx-auto max-w-6xl px-4">
        <ResponsiveImage
          image={post.image}
          alt=""
          sizes="(min-width: 896px) 896px, 100vw"
          priority
          className="mx-auto mt-8 aspect-video h-auto w-full max-w-4xl rounded-2xl bg-slate-200 object-cover shadow-lg"
        />

        <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="min-w-0 space-y-10">
            {missing("introduction") ? (
              <section id="introduction" aria-labelledby="introduction-heading" className="scroll-mt-24">
                <h2 id="introduction-heading" className="text-2xl font-bold text-navy-900">
                  Introduction
                </h2>
                <p className="mt-3 text-lg leading-relaxed text-slate-700">{post.excerpt}</p>
              </section>
            ) : null}

            <div id={missing("key-concepts") ? "key-concepts" : undefined} className="scroll-mt-24">
              {missing("key-concepts") ? <h2 className="mb-4 text-2xl font-bold text-navy-900">Key Concepts</h2> : null}
              <div className={ARTICLE_CONTENT_CLASS} dangerouslySetInnerHTML={{ __html: post.content }} />
            </div>

            <section
              id={missing("practical-tips") ? "practical-tips" : undefined}
              aria-labelledby="tips-heading"
              className="scroll-mt-24 rounded-2xl bg-amber-50 p-6 ring-1 ring-amber-200"
            >
              <h2 id="tips-heading" className="text-2xl font-bold text-navy-900">
                {missing("practical-tips") ? "Practical Tips" : "Quick Checklist"}
              </h2>
              <ol className="mt-4 list-decimal space-y-2 pl-6 text-slate-800">
                {PRACTICAL_TIPS.map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ol>
            </section>

            <section id={missing("conclusion") ? "conclusion" : undefined} aria-labelledby="next-step-heading" className="scroll-mt-24">
              <h2 id="next-step-heading" className="text-2xl font-bold text-navy-900">
                {missing("conclusion") ? "Conclusion" : "Keep Learning"}
              </h2>
              <p className="mt-3 leading-relaxed text-slate-700">
                Reading is the first step; skill comes from practising with a plan and honest feedback. Our courses walk you through these
                ideas on replayed charts with a mentor beside you.
              </p>
              <Link to="/courses" className={buttonClass("primary", "mt-5")}>
                Explore Courses
              </Link>
            </section>

            <div className="space-y-4 border-t border-slate-200 pt-6">
              <h2 className="text-lg font-semibold text-navy-900">Tags</h2>
              <TagList tags={post.tags} label="All tags" />
              <h2 className="text-lg font-semibold text-navy-900">Share this article</h2>
              <ShareButtons url={url} title={post.title} />
            </div>

            <DisclaimerNote />
          </div>

          <aside className="space-y-6" aria-label="About this article">
            <nav aria-labelledby="toc-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h2 id="toc-heading" className="text-lg font-bold text-navy-900">
                In This Article
              </h2>
              <ol className="mt-3 space-y-1">
                {SECTIONS.map((section) => (
                  <li key={section.id}>
                    <a href={`#${section.id}`} className="flex min-h-11 items-center text-teal-700 hover:underline">
                      {section.label}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>

            <section aria-labelledby="author-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h2 id="author-heading" className="text-lg font-bold text-navy-900">
                About the Author
              </h2>
              <div className="mt-3 flex items-center gap-3">
                <img
                  src="/images/brand/logo.svg"
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  decoding="async"
                  className="size-12 rounded-full bg-navy-900 p-1"
                />
                <p className="font-semibold text-navy-900">{institute.name} Mentors</p>
              </div>
              <p className="mt-3 text-sm text-slate-600">Written by our team of practising traders, who mentor students across India.</p>
            </section>

            <section aria-labelledby="subscribe-heading" className="rounded-2xl bg-navy-900 p-6 text-white">
              <h2 id="subscribe-heading" className="text-lg font-bold">
                Stay Updated
              </h2>
              <p className="mt-2 text-sm text-slate-200">Get new articles and trading tips in your inbox.</p>
              <NewsletterForm inputId="article-newsletter-email" />
            </section>
          </aside>
        </div>

        {related.length > 0 ? (
          <section aria-labelledby="related-heading" className="mt-16">
            <h2 id="related-heading" className="text-2xl font-bold text-navy-900">
              Related Articles
            </h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((relatedPost) => (
                <li key={relatedPost.slug}>
                  <BlogCard post={relatedPost} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ArticleNotFound />;
  return <GeneralErrorBoundary />;
}
