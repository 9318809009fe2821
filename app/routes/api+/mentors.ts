import { listActiveMentors, toMentorJson } from "~/models/mentor.server";

/** GET /api/mentors: active mentors in display order. */
export async function loader() {
  return Response.json(listActiveMentors().map(toMentorJson), { headers: { "Cache-Control": "no-cache" } });
}
