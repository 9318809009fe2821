import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ADMIN_TEXT_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { pageMeta } from "~/utils/seo";
import { BlogPostDialog } from "./__content-ui";
import { CONTENT_TAB } from "./__content-paths";
import { newBlogPostLoader, saveBlogPostAction } from "./__content.server";

// 'Create New Blog Post', a dialog over the Content tab.

// A post's content is up to 100,000 characters.
export const handle: BodyLimitsHandle = { bodyLimits: ADMIN_TEXT_BODY_LIMITS };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Create New Blog Post",
    description: "Admin panel.",
    path: CONTENT_TAB,
    noindex: true,
  });

export const loader = (args: LoaderFunctionArgs) => newBlogPostLoader(args, CONTENT_TAB);
export const action = (args: ActionFunctionArgs) => saveBlogPostAction(args, CONTENT_TAB);

export default function NewBlogPostRoute() {
  const { backTo } = useLoaderData<typeof loader>();
  return <BlogPostDialog backTo={backTo} />;
}
