import type { PublicAdmin } from "~/models/accounts/admin.server";
import { findTaughtBatch, findTaughtSession } from "~/models/batches/teaching.server";

// Shared by the teaching pages: the batch (and session) a URL names, when the
// signed-in person teaches it. Anything else is 404, so a batch outside their
// scope is not told to exist.

const notFound = () => new Response("Not Found", { status: 404 });

/** The batch `params.batchId` names, if `admin` teaches it; 404 otherwise. */
export function taughtBatchOr404(admin: PublicAdmin, params: { batchId?: string }) {
  const batch = findTaughtBatch(admin, params.batchId);
  if (!batch) throw notFound();
  return batch;
}

/** The batch and its session the URL names, if `admin` teaches the batch; 404 otherwise. */
export function taughtSessionOr404(admin: PublicAdmin, params: { batchId?: string; sessionId?: string }) {
  const batch = taughtBatchOr404(admin, params);
  const session = findTaughtSession(admin, batch.id, params.sessionId);
  if (!session) throw notFound();
  return { batch, session };
}
