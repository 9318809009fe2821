import { listActiveCourses, toCourseJson } from "~/models/course.server";

/** GET /api/courses: active courses in the default order (level, then title). */
export async function loader() {
  return Response.json(listActiveCourses().map(toCourseJson), { headers: { "Cache-Control": "no-cache" } });
}
