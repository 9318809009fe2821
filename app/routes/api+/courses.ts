import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listActiveCourses, listCoursesForAdmin, saveCourse, toCourseJson } from "~/models/courses/course.server";
import { COURSE_MENTOR_GONE, COURSE_PRICING_REFUSED_MESSAGE } from "~/content/messages/admin";
import { courseApiSchema, toCourseInput } from "~/schemas/admin-course";
import { getOptionalAdmin, requireApiAdmin } from "~/services/accounts/sessions/admin-session.server";
import { recordAdminChange } from "~/services/accounts/sessions/admin-change.server";
import { apiError, apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { ADMIN_TEXT_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { canAccess } from "~/utils/permissions";

// A description and a syllabus of up to 20,000 characters each.
export const handle: BodyLimitsHandle = { bodyLimits: ADMIN_TEXT_BODY_LIMITS };

/**
 * GET /api/courses: active courses in the default order (level, then title);
 * an admin session gets every course, inactive ones too.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await getOptionalAdmin(request);
  if (admin && canAccess(admin.role, "courses")) return apiJson(listCoursesForAdmin().map(toCourseJson));
  return Response.json(listActiveCourses().map(toCourseJson), { headers: { "Cache-Control": "no-cache" } });
}

/**
 * POST /api/courses: the course form's fields as JSON → 201
 * with the course; 400 `{ message, errors }` on bad input, 401 signed out.
 * A content manager's course is saved at ₹0 and inactive; sending another
 * price or `isActive: true` is 403 `{ message }` (prices are the admin's).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const admin = await requireApiAdmin(request, "courses");
  const canSetPrices = canAccess(admin.role, "pricing");
  const values = await parseJsonBody(request, courseApiSchema(canSetPrices));
  const saved = saveCourse(admin.role, toCourseInput(values, canSetPrices));
  if (!saved.ok)
    return saved.reason === "unknown-mentor" ? apiError(400, COURSE_MENTOR_GONE) : apiError(403, COURSE_PRICING_REFUSED_MESSAGE);
  recordAdminChange(admin, { entity: "course", verb: "created", id: saved.course.id });
  return apiJson(toCourseJson(saved.course), 201);
}
