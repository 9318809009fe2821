import { sql } from "drizzle-orm";
import { db } from "~/utils/db.server";

// For load balancers and the test runner: answers once the database responds.
export function loader() {
  db.get(sql`select 1`);
  return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
