import type { LoaderFunctionArgs } from "@remix-run/node";
import { findActiveCourse, toCourseJson } from "~/models/course.server";

/** GET /api/courses/:id: one active course; unknown, hidden and malformed ids are all a 404. */
export async function loader({ params }: LoaderFunctionArgs) {
  const course = findActiveCourse(params.id ?? "");
  if (!course) return Response.json({ message: "Course not found" }, { status: 404 });
  return Response.json(toCourseJson(course), { headers: { "Cache-Control": "no-cache" } });
}
