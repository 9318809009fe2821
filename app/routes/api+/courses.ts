import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createCourse, listActiveCourses, listCoursesForAdmin, toCourseJson } from "~/models/course.server";
import { CourseApiSchema, toCourseInput } from "~/schemas/admin-course";
import { getOptionalAdmin, requireApiAdmin } from "~/utils/admin-auth.server";
import { recordAdminChange } from "~/utils/admin-change.server";
import { apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { ADMIN_TEXT_BODY_LIMITS, type BodyLimitsHandle } from "~/utils/body-limits";
import { canAccess } from "~/utils/permissions";

// A description and a syllabus of up to 20,000 characters each.
export const handle: BodyLimitsHandle = { bodyLimits: ADMIN_TEXT_BODY_LIMITS };

/**
 * GET /api/courses: active courses in the default order (level, then title);
 * an admin session (admin spec §6) gets every course, inactive ones too.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await getOptionalAdmin(request);
  if (admin && canAccess(admin.role, "courses")) return apiJson(listCoursesForAdmin().map(toCourseJson));
  return Response.json(listActiveCourses().map(toCourseJson), { headers: { "Cache-Control": "no-cache" } });
}

/**
 * POST /api/courses (admin spec §7): the course form's fields as JSON → 201
 * with the course; 400 `{ message, errors }` on bad input, 401 signed out.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const admin = await requireApiAdmin(request, "courses");
  const values = await parseJsonBody(request, CourseApiSchema);
  const course = createCourse(toCourseInput(values));
  recordAdminChange(admin, { entity: "course", verb: "created", id: course.id });
  return apiJson(toCourseJson(course), 201);
}
