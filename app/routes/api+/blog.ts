import { listPublishedPosts, toBlogPostJson } from "~/models/blog.server";

/** GET /api/blog: published posts, latest first, without their content. */
export async function loader() {
  return Response.json(listPublishedPosts().map(toBlogPostJson));
}
