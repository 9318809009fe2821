import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deletePost, findPostById, findPublishedPost, toAdminBlogPostJson, toBlogPostJson, updatePost } from "~/models/content/blog.server";
import { AdminBlogPostSchema, blogWriteFieldErrors, MAX_SLUG_LENGTH } from "~/schemas/admin-blog";
import { BLOG_MESSAGES } from "~/content/messages/admin";
import { requireApiAdmin } from "~/services/accounts/sessions/admin-session.server";
import { recordAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { apiError, apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { ADMIN_TEXT_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import type { MethodsHandle } from "~/utils/http-methods.server";
import { parseId } from "~/utils/validation";

// A post's content is up to 100,000 characters.
const ALLOWED = ["GET", "PUT", "DELETE"];
export const handle: BodyLimitsHandle & MethodsHandle = { bodyLimits: ADMIN_TEXT_BODY_LIMITS, methods: ALLOWED };

/**
 * /api/blog/:segment, one route for two API calls that share the path:
 *
 * - GET /api/blog/{slug} (public): one published post by its SLUG, with its
 *   sanitised content; drafts and unknown slugs are 404.
 * - PUT and DELETE /api/blog/{id} (admin, area content): the
 *   segment is the post's numeric ID. Reads go by slug, writes by id, so a
 *   post whose slug is all digits ("2026") is still read by that slug and
 *   written by its id. A segment that is not a positive whole number, or an
 *   unknown id, is 404 for a write.
 *
 * PUT takes the same fields as POST /api/blog (a full replacement: a left-out
 * isPublished means a draft). publishedAt is set the first time a post is
 * published and then kept. 200 the stored post · 400 `{ message, errors }` ·
 * 401/403 · 404 · 409 the slug belongs to another post · 415 not JSON.
 * DELETE: 200 `{ message }`. Other methods: 405.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  const post = slug.length <= MAX_SLUG_LENGTH ? findPublishedPost(slug) : null;
  if (!post) return Response.json({ message: "Article not found" }, { status: 404 });
  return Response.json(toBlogPostJson(post));
}

const notFound = () => apiError(404, "Blog post not found");

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request, "content");
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(ALLOWED);
  const id = parseId(params.slug);
  if (id === null || !findPostById(id)) return notFound();

  if (request.method === "DELETE") {
    const deleted = deletePost(id);
    if (!deleted) return notFound();
    recordAdminChange(admin, { entity: "blog", verb: "deleted", id });
    return apiJson({ message: "Blog post deleted", id });
  }

  const result = updatePost(id, await parseJsonBody(request, AdminBlogPostSchema));
  if (!result.ok) {
    if (result.reason === "not-found") return notFound();
    return result.reason === "duplicate-slug"
      ? apiError(409, BLOG_MESSAGES.slugTaken, blogWriteFieldErrors(result.reason))
      : apiError(400, "Please check the highlighted fields.", blogWriteFieldErrors(result.reason));
  }
  recordAdminChange(admin, { entity: "blog", verb: "updated", id });
  return apiJson(toAdminBlogPostJson(result.post));
}
