import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/seo";
import { DeleteBlogPostDialog } from "./__content-ui";
import { BLOG_LIST } from "./__content-paths";
import { deleteBlogPostAction, deleteBlogPostLoader } from "./__content.server";

// The post delete confirmation (admin spec §8), a dialog over the full blog list:
// GET asks, POST (intent=delete) deletes.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Delete Blog Post",
    description: "Admin panel.",
    path: BLOG_LIST,
    noindex: true,
  });

export const loader = (args: LoaderFunctionArgs) => deleteBlogPostLoader(args, BLOG_LIST);
export const action = (args: ActionFunctionArgs) => deleteBlogPostAction(args, BLOG_LIST);

export default function DeleteBlogPostRoute() {
  const { backTo, post } = useLoaderData<typeof loader>();
  return <DeleteBlogPostDialog backTo={backTo} title={post.title} />;
}
