import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDeleteDialog } from "~/components/admin/admin-dialog";
import { ADMIN_TEXT_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { pageMeta } from "~/utils/seo";
import { BlogPostDialog } from "../__content-ui";
import { BLOG_LIST } from "../__content-paths";
import { blogPostAction, blogPostLoader } from "../__content.server";

// One blog post, a dialog over the blog list: 'Edit Blog Post', prefilled;
// with ?confirm=delete the question before deleting.

// A post's content is up to 100,000 characters.
export const handle: BodyLimitsHandle = { bodyLimits: ADMIN_TEXT_BODY_LIMITS };

export const loader = blogPostLoader;
export const action = blogPostAction;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, {
    title: data?.confirmDelete ? "Delete Blog Post" : "Edit Blog Post",
    description: "Admin panel.",
    path: data ? `${BLOG_LIST}/${data.id}` : BLOG_LIST,
    noindex: true,
  });

export default function BlogPostRoute() {
  const item = useLoaderData<typeof loader>();
  if (item.confirmDelete) return <ConfirmDeleteDialog id="delete-blog-post" backTo={item.backTo} {...item.confirmDelete} />;
  // A key per item: going from one item's dialog to another's starts a fresh form.
  return <BlogPostDialog key={item.id} backTo={item.backTo} post={item.post} />;
}
