import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ADMIN_TEXT_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { pageMeta } from "~/utils/seo";
import { BlogPostDialog } from "./__content-ui";
import { CONTENT_TAB } from "./__content-paths";
import { editBlogPostLoader, saveBlogPostAction } from "./__content.server";

// 'Edit Blog Post', prefilled, a dialog over the Content tab.

// A post's content is up to 100,000 characters.
export const handle: BodyLimitsHandle = { bodyLimits: ADMIN_TEXT_BODY_LIMITS };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Edit Blog Post",
    description: "Admin panel.",
    path: CONTENT_TAB,
    noindex: true,
  });

export const loader = (args: LoaderFunctionArgs) => editBlogPostLoader(args, CONTENT_TAB);
export const action = (args: ActionFunctionArgs) => saveBlogPostAction(args, CONTENT_TAB);

export default function EditBlogPostRoute() {
  const { backTo, post } = useLoaderData<typeof loader>();
  // A key per item: going from one item's dialog to another's starts a fresh form.
  return <BlogPostDialog key={post.id} backTo={backTo} post={post} />;
}
