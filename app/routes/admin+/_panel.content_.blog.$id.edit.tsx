import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ADMIN_TEXT_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { pageMeta } from "~/utils/seo";
import { BlogPostDialog } from "./__content-ui";
import { BLOG_LIST } from "./__content-paths";
import { editBlogPostLoader, saveBlogPostAction } from "./__content.server";

// 'Edit Blog Post', prefilled, a dialog over the full blog list.

// A post's content is up to 100,000 characters.
export const handle: BodyLimitsHandle = { bodyLimits: ADMIN_TEXT_BODY_LIMITS };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Edit Blog Post",
    description: "Admin panel.",
    path: BLOG_LIST,
    noindex: true,
  });

export const loader = (args: LoaderFunctionArgs) => editBlogPostLoader(args, BLOG_LIST);
export const action = (args: ActionFunctionArgs) => saveBlogPostAction(args, BLOG_LIST);

export default function EditBlogPostRoute() {
  const { backTo, post } = useLoaderData<typeof loader>();
  // A key per item: going from one item's dialog to another's starts a fresh form.
  return <BlogPostDialog key={post.id} backTo={backTo} post={post} />;
}
