import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  deleteTestimonial,
  findTestimonialById,
  toAdminTestimonialJson,
  updateTestimonial,
  withStudentLink,
} from "~/models/content/testimonial.server";
import { AdminTestimonialSchema, UNKNOWN_STUDENT_MESSAGE } from "~/schemas/admin-testimonial";
import { requireApiAdmin } from "~/services/accounts/sessions/admin-session.server";
import { recordAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { apiError, apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { parseId } from "~/utils/validation";
import type { MethodsHandle } from "~/utils/http-methods.server";

/**
 * PUT and DELETE /api/testimonials/:id (admin, area content).
 *
 * PUT takes the same fields as POST /api/testimonials (a full replacement: a
 * left-out isApproved means not approved, a left-out rating 5). 200 the stored
 * testimonial · 400 `{ message, errors }` · 401/403 · 404 unknown or malformed
 * id · 415 not JSON. DELETE: 200 `{ message }`. Other methods: 405.
 */
const ALLOWED = ["PUT", "DELETE"];
export const handle: MethodsHandle = { methods: ALLOWED };
const notFound = () => apiError(404, "Testimonial not found");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request, "content");
  return methodNotAllowed(ALLOWED);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request, "content");
  if (!ALLOWED.includes(request.method)) return methodNotAllowed(ALLOWED);
  const id = parseId(params.id);
  if (id === null || !findTestimonialById(id)) return notFound();

  if (request.method === "DELETE") {
    if (!deleteTestimonial(id)) return notFound();
    recordAdminChange(admin, { entity: "testimonial", verb: "deleted", id });
    return apiJson({ message: "Testimonial deleted", id });
  }

  const fields = withStudentLink(await parseJsonBody(request, AdminTestimonialSchema));
  if (!fields) return apiError(400, UNKNOWN_STUDENT_MESSAGE, { studentEmail: [UNKNOWN_STUDENT_MESSAGE] });
  const saved = updateTestimonial(id, fields);
  if (!saved) return notFound();
  recordAdminChange(admin, { entity: "testimonial", verb: "updated", id });
  return apiJson(toAdminTestimonialJson(saved));
}
