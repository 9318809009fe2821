import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteCourse, findActiveCourse, findCourse, saveCourse, toCourseJson } from "~/models/courses/course.server";
import { COURSE_MENTOR_GONE, COURSE_PRICING_REFUSED_MESSAGE } from "~/content/messages/admin";
import { courseApiSchema, toCourseInput } from "~/schemas/admin-course";
import { getOptionalAdmin, requireApiAdmin } from "~/services/accounts/sessions/admin-session.server";
import { recordAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { apiError, apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { ADMIN_TEXT_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import type { MethodsHandle } from "~/utils/http-methods.server";
import { canAccess } from "~/utils/permissions";
import { parseId } from "~/utils/validation";

// A description and a syllabus of up to 20,000 characters each.
const ALLOWED = ["GET", "PUT", "DELETE"];
export const handle: BodyLimitsHandle & MethodsHandle = { bodyLimits: ADMIN_TEXT_BODY_LIMITS, methods: ALLOWED };

const NOT_FOUND = "Course not found";
// No counts: a content manager sees no order figures, and cannot take a course off sale.
const HAS_HISTORY = "This course has orders or enrollment forms, so it cannot be deleted.";
const hasHistory = (canSetPrices: boolean) =>
  `${HAS_HISTORY} ${canSetPrices ? "Set isActive to false to hide it instead." : "An admin can deactivate it (isActive false) to hide it."}`;

/** GET /api/courses/:id: one active course (an admin session also sees inactive ones); anything else is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await getOptionalAdmin(request);
  const course = admin && canAccess(admin.role, "courses") ? findCourse(params.id ?? "") : findActiveCourse(params.id ?? "");
  if (!course) return Response.json({ message: NOT_FOUND }, { status: 404 });
  return Response.json(toCourseJson(course), { headers: { "Cache-Control": "no-cache" } });
}

/**
 * PUT /api/courses/:id (the course form's fields as JSON → 200 with the
 * course) and DELETE /api/courses/:id (→ 200 `{ success: true }`; 409 when
 * students have ordered or asked about it: deactivate it with PUT instead).
 * A content manager's PUT keeps the stored prices and on-sale flag: left out
 * or sent unchanged they stay; a different value is 403 `{ message }`.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(ALLOWED);
  const admin = await requireApiAdmin(request, "courses");
  const canSetPrices = canAccess(admin.role, "pricing");
  const id = parseId(params.id);
  if (id === null) return apiError(404, NOT_FOUND);

  if (request.method === "DELETE") {
    const deletion = deleteCourse(id);
    if (!deletion.ok && deletion.reason === "not-found") return apiError(404, NOT_FOUND);
    if (!deletion.ok) return apiError(409, hasHistory(canSetPrices));
    recordAdminChange(admin, { entity: "course", verb: "deleted", id });
    return apiJson({ success: true });
  }

  if (!findCourse(id)) return apiError(404, NOT_FOUND);
  const values = await parseJsonBody(request, courseApiSchema(canSetPrices));
  const saved = saveCourse(admin.role, toCourseInput(values, canSetPrices), id);
  if (!saved.ok && saved.reason === "not-found") return apiError(404, NOT_FOUND);
  if (!saved.ok)
    return saved.reason === "unknown-mentor" ? apiError(400, COURSE_MENTOR_GONE) : apiError(403, COURSE_PRICING_REFUSED_MESSAGE);
  recordAdminChange(admin, { entity: "course", verb: "updated", id });
  return apiJson(toCourseJson(saved.course));
}
