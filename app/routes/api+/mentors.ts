import { listActiveMentors, toMentorJson } from "~/models/content/mentor.server";
import { methodNotAllowed } from "~/utils/api.server";

/** GET /api/mentors: active mentors in display order. */
export async function loader() {
  return Response.json(listActiveMentors().map(toMentorJson), { headers: { "Cache-Control": "no-cache" } });
}

/** A GET-only address: other methods are a 405 that says so. */
export function action() {
  return methodNotAllowed(["GET"]);
}
