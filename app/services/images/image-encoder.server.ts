import { basename, dirname, resolve } from "node:path";
import { claimNextImageAsset, markImageAssetFailed, markImageAssetReady } from "~/models/content/image-asset.server";
import { encodeImage } from "./images.server";
import { uploadsDirectory } from "./uploads.server";

// The in-process worker that encodes queued images, started by server.ts
// beside the mail sender. One image at a time, so on two cores a burst of
// uploads never takes the core that answers requests.

const TICK_MS = 5_000;
/** After a failure the queue rests before the next attempt: 30 s, doubling. */
const RETRY_BASE_MS = 30_000;

/** Where an image row's original lives: an upload in the uploads folder, a site path under public/. */
function originalLocation(name: string): { directory: string; file: string } {
  if (!name.startsWith("/")) return { directory: uploadsDirectory(), file: name };
  const path = resolve("public", `.${name}`);
  return { directory: dirname(path), file: basename(path) };
}

export type ImageJobOutcome = { id: number; name: string; status: "ready" | "pending" | "failed" } | null;

/** Encodes the next queued image, if any, and records the outcome. */
export async function encodeNextImage(): Promise<ImageJobOutcome> {
  const job = claimNextImageAsset();
  if (!job) return null;
  const { directory, file } = originalLocation(job.name);
  try {
    markImageAssetReady(job.id, await encodeImage(directory, file));
    return { id: job.id, name: job.name, status: "ready" };
  } catch (error) {
    const status = markImageAssetFailed(job.id, error instanceof Error ? error.message : String(error));
    return { id: job.id, name: job.name, status };
  }
}

/** Starts the worker; returns what stops it (after the image in hand, if any). */
export function startImageEncoder(): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let restUntil = 0;
  let failures = 0;
  const tick = () => {
    if (running || Date.now() < restUntil) return;
    running = (async () => {
      // Drains the queue image by image; a failure rests the queue.
      for (let outcome = await encodeNextImage(); outcome; outcome = await encodeNextImage()) {
        if (outcome.status === "ready") {
          failures = 0;
          continue;
        }
        failures += 1;
        restUntil = Date.now() + RETRY_BASE_MS * 2 ** (failures - 1);
        console.warn(`Images: could not encode ${outcome.name} (now ${outcome.status}).`);
        break;
      }
    })()
      .catch((error: unknown) => console.warn("Images: the encoder stopped this round:", error))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, TICK_MS).unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
