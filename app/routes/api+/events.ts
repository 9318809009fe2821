import { listActiveEvents, toEventJson } from "~/models/event.server";

/** GET /api/events: every active event, past ones included, date ascending. */
export async function loader() {
  return Response.json(listActiveEvents().map(toEventJson), { headers: { "Cache-Control": "no-cache" } });
}
