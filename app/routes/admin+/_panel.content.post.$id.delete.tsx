import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/utils/seo";
import { DeleteBlogPostDialog } from "./__content-ui";
import { CONTENT_TAB } from "./__content-paths";
import { deleteBlogPostAction, deleteBlogPostLoader } from "./__content.server";

// The post delete confirmation (admin spec §8), a dialog over the Content tab:
// GET asks, POST (intent=delete) deletes.

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Delete Blog Post",
    description: "Admin panel.",
    path: CONTENT_TAB,
    noindex: true,
  });

export const loader = (args: LoaderFunctionArgs) => deleteBlogPostLoader(args, CONTENT_TAB);
export const action = (args: ActionFunctionArgs) => deleteBlogPostAction(args, CONTENT_TAB);

export default function DeleteBlogPostRoute() {
  const { backTo, post } = useLoaderData<typeof loader>();
  return <DeleteBlogPostDialog backTo={backTo} title={post.title} />;
}
