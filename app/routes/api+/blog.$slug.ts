import type { LoaderFunctionArgs } from "@remix-run/node";
import { findPublishedPost, toBlogPostJson } from "~/models/blog.server";

const MAX_SLUG_LENGTH = 200;

/** GET /api/blog/:slug: one published post with its sanitised content. */
export async function loader({ params }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  const post = slug.length <= MAX_SLUG_LENGTH ? findPublishedPost(slug) : null;
  if (!post) return Response.json({ message: "Article not found" }, { status: 404 });
  return Response.json(toBlogPostJson(post));
}
