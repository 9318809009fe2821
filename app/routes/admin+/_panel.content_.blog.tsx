import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listPostsForAdmin } from "~/models/blog.server";
import { requireAdmin } from "~/utils/admin-session.server";
import { pageMeta } from "~/utils/seo";
import { BlogPostCard, FullListPage } from "./__content-ui";
import { BLOG_LIST, LIST_PAGE_SIZE } from "./__content-paths";
import { contentToggleAction, listQuery, toBlogPostCard } from "./__content.server";

// Every blog post, drafts included (the Content tab shows only the 5 newest),
// newest first: a search of title, slug, excerpt and category (?q=) and 20
// posts a page (?page=). The `content_` in the file name keeps this page out
// of the tab's layout: it stands alone at /admin/content/blog, with its own
// dialogs (/new, /:id/edit, /:id/delete) drawn over it; the search and page
// travel with them, and Cancel or Save comes back to the same page.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Blog Posts",
    description: "Admin panel: every blog post.",
    path: BLOG_LIST,
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "content");
  const { query, page: requested } = listQuery(request);
  const read = (page: number) =>
    listPostsForAdmin({
      search: query,
      limit: LIST_PAGE_SIZE,
      offset: (page - 1) * LIST_PAGE_SIZE,
    });
  let { posts, total } = read(requested);
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  // A page past the end (after deletions, an old link) shows the last page.
  const page = Math.min(requested, pages);
  if (page !== requested) ({ posts, total } = read(page));
  return { query, page, pages, total, posts: posts.map(toBlogPostCard) };
}

/** The cards' Publish/Unpublish forms. */
export async function action({ request }: ActionFunctionArgs) {
  return contentToggleAction(request, BLOG_LIST, {
    posts: true,
    testimonials: false,
  });
}

export default function AdminBlogList() {
  const { query, page, pages, total, posts } = useLoaderData<typeof loader>();
  return (
    <FullListPage
      listPath={BLOG_LIST}
      title="Blog Posts"
      addLabel="Add Blog Post"
      searchLabel="Search posts"
      searchPlaceholder="Search by title, slug, excerpt or category"
      nouns={["post", "posts"]}
      empty={{
        title: "No blog posts yet",
        hint: "Add a post; it stays a draft until you publish it.",
      }}
      query={query}
      page={page}
      pages={pages}
      pageSize={LIST_PAGE_SIZE}
      total={total}
      items={posts}
      renderItem={(post, search) => <BlogPostCard post={post} basePath={BLOG_LIST} dialogSearch={search} headingLevel={2} />}
    />
  );
}
