import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createPost, listAllPostsForAdmin, listPublishedPosts, toAdminBlogPostJson, toBlogPostJson } from "~/models/content/blog.server";
import { AdminBlogPostSchema, blogWriteFieldErrors } from "~/schemas/admin-blog";
import { BLOG_MESSAGES } from "~/content/messages/admin";
import { getOptionalAdmin, requireApiAdmin } from "~/services/accounts/sessions/admin-session.server";
import { recordAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { apiError, apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { ADMIN_TEXT_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { canAccess } from "~/utils/permissions";

// A post's content is up to 100,000 characters.
export const handle: BodyLimitsHandle = { bodyLimits: ADMIN_TEXT_BODY_LIMITS };

/**
 * GET /api/blog: published posts, latest first, without their content.
 * With an admin session that may open the Content tab, every
 * post instead, drafts included, newest first, with content and isPublished;
 * that answer is private to the admin and never cached.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await getOptionalAdmin(request);
  if (admin && canAccess(admin.role, "content"))
    return apiJson(listAllPostsForAdmin().map(toAdminBlogPostJson), 200, {
      "Cache-Control": "private, no-store",
    });
  return Response.json(listPublishedPosts().map(toBlogPostJson));
}

/**
 * POST /api/blog with the post's fields as JSON (admin, area content): the same
 * rules as the Create New Blog Post dialog (title, slug, excerpt, content and
 * category required; tags an array or a comma-separated text; isPublished
 * false when left out). HTML content is sanitised before it is stored.
 *
 * 201 the stored post · 400 `{ message, errors }` · 401 no admin session ·
 * 403 a role without the Content tab · 409 the slug is taken · 415 not JSON ·
 * 405 other methods.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request, "content");
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = await parseJsonBody(request, AdminBlogPostSchema);
  const result = createPost(input);
  if (!result.ok) {
    return result.reason === "duplicate-slug"
      ? apiError(409, BLOG_MESSAGES.slugTaken, blogWriteFieldErrors(result.reason))
      : apiError(400, "Please check the highlighted fields.", blogWriteFieldErrors("empty-content"));
  }
  recordAdminChange(admin, {
    entity: "blog",
    verb: "created",
    id: result.post.id,
  });
  return apiJson(toAdminBlogPostJson(result.post), 201);
}
