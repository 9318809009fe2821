import { rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { IMAGE_FORMATS, variantName, type ImageFormat } from "~/utils/image-variants";

// Every raster image the site shows comes in AVIF, WebP and JPEG at a few
// widths, so a phone on a slow link downloads the smallest file its screen
// needs (docs/decisions/0038-images.md). Encoding is slow on two cores, so it
// runs in the background, one image at a time, with libvips held to one thread:
// requests keep the other core.

/** The widths a variant is made at; only those not above the original's. */
const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;

export type EncodedImage = { width: number; height: number; widths: number[] };

sharp.concurrency(1);

/** The widths to make for an original `width` wide: those not above it, or the original's own width when it is narrower than all. */
function widthsFor(width: number): number[] {
  const fitting = IMAGE_WIDTHS.filter((candidate) => candidate <= width);
  return fitting.length > 0 ? fitting : [width];
}

// Low AVIF effort: a tenth of the default's time for a few percent more bytes.
type Pipeline = ReturnType<typeof sharp>;
const ENCODERS: Record<ImageFormat, (image: Pipeline) => Pipeline> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 72, effort: 3 }),
  jpg: (image) => image.jpeg({ quality: 74, mozjpeg: true, progressive: true }),
};

/**
 * Encodes `directory/name` into its variants beside it. The original is turned
 * upright by its EXIF orientation; no metadata (GPS, camera) is copied into a
 * variant. The original stays as uploaded. Each file is written under a
 * temporary name and renamed, so a half-written variant is never served.
 */
export async function encodeImage(directory: string, name: string): Promise<EncodedImage> {
  const upright = await sharp(join(directory, name), { failOn: "error" }).rotate().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = upright.info;
  const widths = widthsFor(width);
  for (const target of widths) {
    const resized = sharp(upright.data, { raw: { width, height, channels } }).resize({ width: target, withoutEnlargement: true });
    for (const format of IMAGE_FORMATS) {
      const file = join(directory, variantName(name, target, format));
      await writeFile(`${file}.part`, await ENCODERS[format](resized.clone()).toBuffer());
      await rename(`${file}.part`, file);
    }
  }
  return { width, height, widths };
}
