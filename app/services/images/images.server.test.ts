import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { variantName } from "~/utils/image-variants";
import { encodeImage } from "./images.server";

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "images-test-"));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** A 1000×600 photo as a phone saves it: stored sideways (EXIF orientation 6) with a GPS position. */
async function phonePhoto(name: string) {
  const bytes = await sharp({ create: { width: 1000, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "19/1 4/1 0/1" } })
    .toBuffer();
  const meta = await sharp(bytes).metadata();
  expect(meta.exif).toBeDefined();
  expect(meta.orientation).toBe(6);
  await writeFile(join(directory, name), bytes);
}

describe("encodeImage", () => {
  it("writes AVIF, WebP and JPEG at the widths not above the upright original, with no EXIF left", async () => {
    await phonePhoto("photo.jpg");
    const encoded = await encodeImage(directory, "photo.jpg");
    // Orientation 6 turns the 1000×600 stored pixels into a 600×1000 upright photo.
    expect(encoded).toEqual({ width: 600, height: 1000, widths: [320] });

    const files = await readdir(directory);
    expect(files.sort()).toEqual(["photo-320.avif", "photo-320.jpg", "photo-320.webp", "photo.jpg"]);
    for (const [format, expected] of [
      ["avif", "heif"],
      ["webp", "webp"],
      ["jpg", "jpeg"],
    ] as const) {
      const meta = await sharp(join(directory, variantName("photo.jpg", 320, format))).metadata();
      expect(meta.format).toBe(expected);
      expect(meta.width).toBe(320);
      expect(meta.height).toBe(533);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  });

  it("makes every standard width for a wide original, and the original's own width for a tiny one", async () => {
    await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#123456" } })
      .png()
      .toFile(join(directory, "wide.png"));
    expect(await encodeImage(directory, "wide.png")).toEqual({ width: 1600, height: 900, widths: [320, 640, 960, 1280] });
    expect((await sharp(join(directory, "wide-1280.webp")).metadata()).width).toBe(1280);

    await sharp({ create: { width: 200, height: 100, channels: 3, background: "#abcdef" } })
      .jpeg()
      .toFile(join(directory, "tiny.jpg"));
    expect(await encodeImage(directory, "tiny.jpg")).toEqual({ width: 200, height: 100, widths: [200] });
  });

  it("refuses a file that is not an image", async () => {
    await writeFile(join(directory, "broken.jpg"), "not an image");
    await expect(encodeImage(directory, "broken.jpg")).rejects.toThrow();
  });
});
