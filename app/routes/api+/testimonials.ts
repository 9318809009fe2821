import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  createTestimonial,
  listAllTestimonialsForAdmin,
  listApprovedTestimonials,
  toAdminTestimonialJson,
  toPublicTestimonialJson,
  withStudentLink,
} from "~/models/content/testimonial.server";
import { AdminTestimonialSchema, UNKNOWN_STUDENT_MESSAGE } from "~/schemas/admin-testimonial";
import { getOptionalAdmin, requireApiAdmin } from "~/services/accounts/sessions/admin-session.server";
import { recordAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { apiError, apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { canAccess } from "~/utils/permissions";

/**
 * GET /api/testimonials: approved testimonials only, without the student's name.
 * With an admin session that may open the Content tab, every
 * testimonial instead, pending ones included, with name and isApproved; that
 * answer is private to the admin and never cached.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await getOptionalAdmin(request);
  if (admin && canAccess(admin.role, "content"))
    return apiJson(listAllTestimonialsForAdmin().map(toAdminTestimonialJson), 200, { "Cache-Control": "private, no-store" });
  return Response.json(listApprovedTestimonials().map(toPublicTestimonialJson), {
    headers: { "Cache-Control": "no-cache" },
  });
}

/**
 * POST /api/testimonials with the testimonial's fields as JSON (admin, area
 * content): the same rules as the Add Testimonial dialog (name and content
 * required, rating 1–5 defaulting to 5, isApproved false when left out).
 *
 * 201 the stored testimonial · 400 `{ message, errors }` · 401 no admin session ·
 * 403 a role without the Content tab · 415 not JSON · 405 other methods.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request, "content");
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const fields = withStudentLink(await parseJsonBody(request, AdminTestimonialSchema));
  if (!fields) return apiError(400, UNKNOWN_STUDENT_MESSAGE, { studentEmail: [UNKNOWN_STUDENT_MESSAGE] });
  const testimonial = createTestimonial(fields);
  recordAdminChange(admin, {
    entity: "testimonial",
    verb: "created",
    id: testimonial.id,
  });
  return apiJson(toAdminTestimonialJson(testimonial), 201);
}
