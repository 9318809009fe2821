import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { imageAssets } from "../../../db/schema";
import { db } from "~/utils/db.server";

// The queue of images to encode (docs/decisions/0038-images.md): one row per
// original, named as its URL names it: an upload by its stored file name
// ("<token>.jpg"), a seeded image by its public path ("/images/covers/x.jpg").
// A row is pending until the worker has written every variant; the row is the
// truth, so a restart mid-encoding only encodes that image again.

/** After this many failed attempts an image is given up on; its original keeps showing. */
export const MAX_IMAGE_ATTEMPTS = 3;

export type ImageJob = { id: number; name: string; attempts: number };
export type ReadyImage = { width: number; height: number; widths: number[] };

/** The row name of an image URL: an upload's file name, or a site path as it is. */
export function imageAssetName(url: string): string {
  return url.startsWith("/uploads/") ? url.slice("/uploads/".length) : url;
}

/** Queues an image for encoding; an image already queued (or encoded) stays as it is. */
export function queueImageAsset(name: string, now = new Date()): void {
  db.insert(imageAssets).values({ name, status: "pending", createdAt: now }).onConflictDoNothing().run();
}

/** Records images whose variants already exist (seeded demo content), ready at once. */
export function recordReadyImageAssets(images: (ReadyImage & { name: string })[], now = new Date()): void {
  if (images.length === 0) return;
  db.insert(imageAssets)
    .values(images.map((image) => ({ ...image, status: "ready" as const, createdAt: now, readyAt: now })))
    .onConflictDoNothing()
    .run();
}

/**
 * Takes the next image to encode, counting the attempt: fresh images before
 * retried ones, oldest first. Null when none waits.
 */
export function claimNextImageAsset(): ImageJob | null {
  return db.transaction(
    (tx) => {
      const next = tx
        .select({ id: imageAssets.id, name: imageAssets.name, attempts: imageAssets.attempts })
        .from(imageAssets)
        .where(and(eq(imageAssets.status, "pending"), lt(imageAssets.attempts, MAX_IMAGE_ATTEMPTS)))
        .orderBy(asc(imageAssets.attempts), asc(imageAssets.createdAt), asc(imageAssets.id))
        .limit(1)
        .get();
      if (!next) return null;
      tx.update(imageAssets)
        .set({ attempts: sql`${imageAssets.attempts} + 1` })
        .where(eq(imageAssets.id, next.id))
        .run();
      return { ...next, attempts: next.attempts + 1 };
    },
    { behavior: "immediate" },
  );
}

export function markImageAssetReady(id: number, encoded: ReadyImage, now = new Date()): void {
  db.update(imageAssets)
    .set({ ...encoded, status: "ready", lastError: null, readyAt: now })
    .where(eq(imageAssets.id, id))
    .run();
}

/** A failed attempt: pending again for a later try, or failed for good after MAX_IMAGE_ATTEMPTS. */
export function markImageAssetFailed(id: number, error: string): "pending" | "failed" {
  return db.transaction((tx) => {
    const attempts = tx.select({ attempts: imageAssets.attempts }).from(imageAssets).where(eq(imageAssets.id, id)).get()?.attempts ?? 0;
    const status = attempts >= MAX_IMAGE_ATTEMPTS ? "failed" : "pending";
    tx.update(imageAssets)
      .set({ status, lastError: error.slice(0, 1000) })
      .where(eq(imageAssets.id, id))
      .run();
    return status;
  });
}

/** The encoded images among `urls`, by URL, in one query; a URL not (yet) encoded is absent. */
export function findReadyImages(urls: readonly string[]): Map<string, ReadyImage> {
  const byName = new Map(urls.map((url) => [imageAssetName(url), url]));
  const found = new Map<string, ReadyImage>();
  if (byName.size === 0) return found;
  const rows = db
    .select({ name: imageAssets.name, width: imageAssets.width, height: imageAssets.height, widths: imageAssets.widths })
    .from(imageAssets)
    .where(and(inArray(imageAssets.name, [...byName.keys()]), eq(imageAssets.status, "ready")))
    .all();
  for (const row of rows) {
    const url = byName.get(row.name);
    if (url && row.width && row.height && row.widths.length > 0)
      found.set(url, { width: row.width, height: row.height, widths: row.widths });
  }
  return found;
}

export function findImageAssetStatus(name: string) {
  return db
    .select({ status: imageAssets.status, attempts: imageAssets.attempts, lastError: imageAssets.lastError })
    .from(imageAssets)
    .where(eq(imageAssets.name, name))
    .get();
}
