import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { listPostsForAdmin } from "~/models/content/blog.server";
import { requireAdmin } from "~/services/accounts/sessions/admin-session.server";
import { pageMeta } from "~/utils/seo";
import { BlogPostCard, FullListPage } from "../__content-ui";
import { BLOG_LIST, LIST_PAGE_SIZE } from "../__content-paths";
import { contentToggleAction, readListPage, toBlogPostCard } from "../__content.server";

// Every blog post, drafts included (the Content tab shows only the 5 newest),
// newest first: a search of title, slug, excerpt and category (?q=) and 20
// posts a page (?page=). Its dialogs (/admin/blog/new, /admin/blog/:id) are
// drawn over it; the search and page travel with them, and Cancel or Save
// comes back to the same page.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Blog Posts",
    description: "Admin panel: every blog post.",
    path: BLOG_LIST,
    noindex: true,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "content");
  const list = readListPage(request, (search, offset) => {
    const { posts, total } = listPostsForAdmin({ search, limit: LIST_PAGE_SIZE, offset });
    return { rows: posts, total };
  });
  const { query, page, pages, total } = list;
  return { query, page, pages, total, posts: list.rows.map(toBlogPostCard) };
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
      renderItem={(post, search) => <BlogPostCard post={post} listSearch={search} headingLevel={2} />}
    />
  );
}
