import { describe, expect, it } from "vitest";
import {
  claimNextImageAsset,
  findImageAssetStatus,
  findReadyImages,
  markImageAssetFailed,
  markImageAssetReady,
  MAX_IMAGE_ATTEMPTS,
  queueImageAsset,
  recordReadyImageAssets,
} from "./image-asset.server";

describe("image assets", () => {
  it("claims pending images oldest first, once each, retries an interrupted one, and lists only ready ones by URL", () => {
    queueImageAsset("a.jpg", new Date("2026-01-01T00:00:00Z"));
    queueImageAsset("b.jpg", new Date("2026-01-02T00:00:00Z"));
    queueImageAsset("a.jpg", new Date("2026-01-03T00:00:00Z"));
    const first = claimNextImageAsset();
    expect(first).toMatchObject({ name: "a.jpg", attempts: 1 });
    markImageAssetReady(first!.id, { width: 1600, height: 900, widths: [320, 640, 960, 1280] });
    const second = claimNextImageAsset();
    expect(second).toMatchObject({ name: "b.jpg", attempts: 1 });
    markImageAssetFailed(second!.id, "interrupted");
    expect(findReadyImages(["/uploads/b.jpg"]).size).toBe(0);
    markImageAssetReady(claimNextImageAsset()!.id, { width: 640, height: 360, widths: [320, 640] });

    const ready = findReadyImages(["/uploads/a.jpg", "/uploads/b.jpg", "/images/none.svg"]);
    expect(Object.fromEntries(ready)).toEqual({
      "/uploads/a.jpg": { width: 1600, height: 900, widths: [320, 640, 960, 1280] },
      "/uploads/b.jpg": { width: 640, height: 360, widths: [320, 640] },
    });
  });

  it("retries a failed image after fresh ones, and gives it up after the last attempt", () => {
    queueImageAsset("broken.jpg", new Date("2025-01-01T00:00:00Z"));
    for (let attempt = 1; attempt <= MAX_IMAGE_ATTEMPTS; attempt += 1) {
      // A fresh image waiting is encoded before the retry.
      if (attempt === 2) {
        queueImageAsset("fresh.jpg");
        const fresh = claimNextImageAsset();
        expect(fresh).toMatchObject({ name: "fresh.jpg", attempts: 1 });
        markImageAssetReady(fresh!.id, { width: 320, height: 180, widths: [320] });
      }
      const job = claimNextImageAsset();
      expect(job).toMatchObject({ name: "broken.jpg", attempts: attempt });
      expect(markImageAssetFailed(job!.id, `bad bytes ${attempt}`)).toBe(attempt < MAX_IMAGE_ATTEMPTS ? "pending" : "failed");
    }
    expect(findImageAssetStatus("broken.jpg")).toEqual({ status: "failed", attempts: MAX_IMAGE_ATTEMPTS, lastError: "bad bytes 3" });
    expect(claimNextImageAsset()).toBeNull();
    expect(findReadyImages(["/uploads/broken.jpg"]).size).toBe(0);
  });

  it("records seeded images as ready without queueing them", () => {
    recordReadyImageAssets([{ name: "/images/covers/seeded.jpg", width: 1280, height: 720, widths: [320, 640, 960, 1280] }]);
    expect(findReadyImages(["/images/covers/seeded.jpg"]).get("/images/covers/seeded.jpg")).toEqual({
      width: 1280,
      height: 720,
      widths: [320, 640, 960, 1280],
    });
    expect(findImageAssetStatus("/images/covers/seeded.jpg")?.status).toBe("ready");
  });
});
