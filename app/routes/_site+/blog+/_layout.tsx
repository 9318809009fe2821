import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { FilterSelect } from "~/components/filter-select";
import { HeroStats } from "~/components/hero-stats";
import { listActiveMentors } from "~/models/content/mentor.server";
import { buttonClass } from "~/components/ui/button";
import { useFieldsFollowUrl } from "~/components/use-fields-follow-url";
import {
  BLOG_SORTS,
  countPublishedPosts,
  listCategoryCounts,
  listPopularTags,
  listPublishedPosts,
  listRecentPosts,
  type BlogSort,
} from "~/models/content/blog.server";
import { pageMeta } from "~/utils/seo";
import { oneOf } from "~/utils/validation";
import { BlogCard, categoryLabel } from "../__blog-card";
import { toBlogCards } from "../__blog-card.server";
import { NewsletterForm } from "../__newsletter-form";
import { countOf } from "~/utils/plural";

const SORT_LABELS: Record<BlogSort, string> = {
  latest: "Latest First",
  oldest: "Oldest First",
  title: "Title A-Z",
};
const MAX_SEARCH_LENGTH = 100;

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const categoryCounts = listCategoryCounts();
  const categories = categoryCounts.map((row) => row.category);
  const filters = {
    q: (params.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
    category: oneOf(params.get("category"), ["all", ...categories], "all"),
    sort: oneOf(params.get("sort"), BLOG_SORTS, "latest"),
  };
  const posts = listPublishedPosts({ search: filters.q, category: filters.category, sort: filters.sort });
  return {
    filters,
    posts: toBlogCards(posts),
    // Counted, never typed in (docs/decisions/0032): the "10K+ readers" once typed here was a figure nobody measured.
    stats: { articles: countPublishedPosts(), categories: categories.length, mentors: listActiveMentors().length },
    categoryCounts,
    recent: toBlogCards(listRecentPosts(5)),
    popularTags: listPopularTags(10),
    sortOptions: BLOG_SORTS.map((value) => ({ value, label: SORT_LABELS[value] })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta(matches, {
    title: "Trading Insights & Tips",
    description: "Articles on trading education, psychology, risk management and strategy: practical lessons from our mentors.",
    path: "/blog",
  });

type Filters = { q: string; category: string; sort: BlogSort };

/** A list URL with some filters changed; defaults are left out to keep URLs short. */
function listHref(filters: Filters, changes: Partial<Filters>): string {
  const next = { ...filters, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.category !== "all") params.set("category", next.category);
  if (next.sort !== "latest") params.set("sort", next.sort);
  const query = params.toString();
  return query ? `/blog?${query}` : "/blog";
}

export default function BlogIndex() {
  const { filters, posts, stats, categoryCounts, recent, popularTags, sortOptions } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const filtered = filters.q !== "" || filters.category !== "all";

  return (
    <>
      <section className="bg-navy-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 text-center sm:py-20">
          <h1 className="text-4xl font-bold sm:text-5xl">Trading Insights &amp; Tips</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">
            Lessons on market structure, risk and the trader's mindset, written by our mentors.
          </p>
          <HeroStats
            className="max-w-2xl"
            stats={[
              { label: "Articles Published", value: String(stats.articles) },
              { label: "Categories", value: String(stats.categories) },
              { label: "Mentors Writing", value: String(stats.mentors) },
            ]}
          />
        </div>
      </section>

      <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 py-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div>
          <BlogFilters filters={filters} categories={categoryCounts.map((row) => row.category)} sortOptions={sortOptions} />

          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <p className="font-medium text-slate-700" aria-live="polite">
              {countOf(posts.length, "article")} found
            </p>
            {filtered ? (
              <Link to="/blog" preventScrollReset className="font-semibold text-teal-700 underline underline-offset-4">
                Clear filters
              </Link>
            ) : null}
          </div>

          <h2 id="articles-heading" className="sr-only">
            Articles
          </h2>
          {posts.length > 0 ? (
            <ul aria-labelledby="articles-heading" className="mt-6 grid gap-6 sm:grid-cols-2">
              {posts.map((post, index) => (
                <li key={post.slug}>
                  <BlogCard post={post} priority={index === 0} readMoreTo={`/blog/preview/${post.slug}${search}`} />
                </li>
              ))}
            </ul>
          ) : (
            <div className="mt-6 rounded-2xl bg-white px-6 py-16 text-center ring-1 ring-slate-200">
              <p className="text-xl font-semibold text-navy-900">No articles found</p>
              <p className="mt-2 text-slate-600">Try a different search or category.</p>
            </div>
          )}
        </div>

        <aside className="space-y-8" aria-label="Blog sidebar">
          <SidebarBox title="Recent Posts" id="recent-posts">
            <ul className="space-y-3">
              {recent.map((post) => (
                <li key={post.slug}>
                  <Link to={`/blog/${post.slug}`} className="font-medium text-navy-900 hover:text-teal-700 hover:underline">
                    {post.title}
                  </Link>
                  <time dateTime={post.isoDate} className="block text-sm text-slate-600">
                    {post.dateLabel}
                  </time>
                </li>
              ))}
            </ul>
          </SidebarBox>

          <SidebarBox title="Categories" id="blog-categories">
            <ul className="space-y-1">
              {categoryCounts.map(({ category, count }) => (
                <li key={category}>
                  <Link
                    to={listHref(filters, { category })}
                    preventScrollReset
                    aria-current={filters.category === category ? "true" : undefined}
                    className={`flex min-h-11 items-center justify-between rounded-lg px-3 hover:bg-slate-100 ${
                      filters.category === category ? "bg-slate-100 font-semibold text-teal-700" : "text-navy-900"
                    }`}
                  >
                    <span>{categoryLabel(category)}</span>
                    <span className="text-sm text-slate-600">({count})</span>
                  </Link>
                </li>
              ))}
            </ul>
          </SidebarBox>

          <SidebarBox title="Popular Tags" id="popular-tags">
            <ul className="flex flex-wrap gap-2">
              {popularTags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={listHref(filters, { q: tag })}
                    preventScrollReset
                    className="inline-flex min-h-11 items-center rounded-full bg-slate-100 px-3 text-sm text-slate-800 hover:bg-navy-900 hover:text-white"
                  >
                    {tag}
                  </Link>
                </li>
              ))}
            </ul>
          </SidebarBox>

          <section aria-labelledby="stay-updated" className="rounded-2xl bg-navy-900 p-6 text-white">
            <h2 id="stay-updated" className="text-lg font-bold">
              Stay Updated
            </h2>
            <p className="mt-2 text-sm text-slate-200">Get new articles and trading tips in your inbox.</p>
            <NewsletterForm inputId="blog-newsletter-email" />
          </section>
        </aside>
      </div>

      <Outlet />
    </>
  );
}

function SidebarBox({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="mb-4 text-lg font-bold text-navy-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

type BlogFiltersProps = {
  filters: Filters;
  categories: string[];
  sortOptions: { value: BlogSort; label: string }[];
};

function BlogFilters({ filters, categories, sortOptions }: BlogFiltersProps) {
  const formRef = useFieldsFollowUrl(filters);

  return (
    <Form
      ref={formRef}
      method="get"
      action="/blog"
      preventScrollReset
      role="search"
      aria-label="Filter articles"
      className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
    >
      <div>
        <label htmlFor="blog-search" className="mb-1 block text-sm font-medium text-slate-700">
          Search articles
        </label>
        <input
          id="blog-search"
          type="search"
          name="q"
          defaultValue={filters.q}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="Title, topic or tag"
          className="block min-h-11 w-full rounded-lg border border-slate-400 px-3"
        />
      </div>
      <FilterSelect
        id="blog-category"
        name="category"
        label="Category"
        value={filters.category}
        options={[
          { value: "all", label: "All Categories" },
          ...categories.map((category) => ({ value: category, label: categoryLabel(category) })),
        ]}
      />
      <FilterSelect id="blog-sort" name="sort" label="Sort by" value={filters.sort} options={sortOptions} />
      <button type="submit" className={buttonClass("secondary")}>
        Apply
      </button>
    </Form>
  );
}
