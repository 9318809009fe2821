import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ADMIN_TEXT_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { pageMeta } from "~/utils/seo";
import { BlogPostDialog } from "../__content-ui";
import { BLOG_LIST } from "../__content-paths";
import { blogPostAction, newBlogPostLoader } from "../__content.server";

// 'Create New Blog Post', a dialog over the blog list.

// A post's content is up to 100,000 characters.
export const handle: BodyLimitsHandle = { bodyLimits: ADMIN_TEXT_BODY_LIMITS };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Create New Blog Post", description: "Admin panel.", path: `${BLOG_LIST}/new`, noindex: true });

export const loader = (args: LoaderFunctionArgs) => newBlogPostLoader(args);
export const action = blogPostAction;

export default function NewBlogPostRoute() {
  const { backTo } = useLoaderData<typeof loader>();
  return <BlogPostDialog backTo={backTo} />;
}
