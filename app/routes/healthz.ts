import { assertDatabaseReadable } from "~/models/site/health.server";

// For the container's HEALTHCHECK, load balancers and the test runner: 200 once
// the database answers a real read, 503 with the reason while it does not.
export function loader() {
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  try {
    assertDatabaseReadable();
    return new Response("ok", { headers });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`Health check: the database cannot be read: ${reason}`);
    return new Response(`The database cannot be read: ${reason}`, { status: 503, headers });
  }
}
