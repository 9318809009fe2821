import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { findImageAssetStatus, findReadyImages, MAX_IMAGE_ATTEMPTS, queueImageAsset } from "~/models/content/image-asset.server";
import { encodeNextImage } from "./image-encoder.server";
import { uploadsDirectory } from "./uploads.server";

describe("encodeNextImage", () => {
  it("encodes a queued upload and records it ready; an unreadable one is retried, then given up on", async () => {
    const directory = uploadsDirectory();
    const good = "0123456789abcdef0123456789abcdef.png";
    const bad = "fedcba9876543210fedcba9876543210.jpg";
    await mkdir(directory, { recursive: true });
    await sharp({ create: { width: 700, height: 400, channels: 3, background: "#0b1f3a" } })
      .png()
      .toFile(join(directory, good));
    await writeFile(join(directory, bad), "these bytes are no picture");

    queueImageAsset(good, new Date("2026-01-01T00:00:00Z"));
    queueImageAsset(bad, new Date("2026-01-02T00:00:00Z"));
    expect(await encodeNextImage()).toMatchObject({ name: good, status: "ready" });
    expect(findReadyImages([`/uploads/${good}`]).get(`/uploads/${good}`)).toEqual({ width: 700, height: 400, widths: [320, 640] });

    for (let attempt = 1; attempt <= MAX_IMAGE_ATTEMPTS; attempt += 1)
      expect(await encodeNextImage()).toMatchObject({ name: bad, status: attempt < MAX_IMAGE_ATTEMPTS ? "pending" : "failed" });
    expect(findImageAssetStatus(bad)).toMatchObject({ status: "failed", attempts: MAX_IMAGE_ATTEMPTS });
    expect(await encodeNextImage()).toBeNull();

    const made = (await readdir(directory)).filter((name) => name.startsWith(good.slice(0, 32)) || name === bad);
    expect(made.sort()).toEqual(
      [
        bad,
        "0123456789abcdef0123456789abcdef-320.avif",
        "0123456789abcdef0123456789abcdef-320.jpg",
        "0123456789abcdef0123456789abcdef-320.webp",
        "0123456789abcdef0123456789abcdef-640.avif",
        "0123456789abcdef0123456789abcdef-640.jpg",
        "0123456789abcdef0123456789abcdef-640.webp",
        good,
      ].sort(),
    );
    await Promise.all(made.map((name) => rm(join(directory, name), { force: true })));
  });
});
