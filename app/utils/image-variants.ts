// How an image's encoded variants are named and found, shared by the encoder
// (app/services/images/images.server.ts) and <ResponsiveImage>: beside the original,
// "<stem>-<width>.<format>".

export const IMAGE_FORMATS = ["avif", "webp", "jpg"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** "/uploads/abc.jpg" (or "abc.jpg") at 640 in AVIF: "/uploads/abc-640.avif". */
export function variantName(original: string, width: number, format: ImageFormat): string {
  return `${original.replace(/\.[a-z0-9]+$/i, "")}-${width}.${format}`;
}

/** An image as a page needs it: the original, its size, and the widths encoded (none while pending, or for an SVG). */
export type ImageSource = { src: string; width: number; height: number; widths: number[] };

/** The image at `url`, encoded when `ready` has it; otherwise the original in a box of `fallback`'s size. */
export function imageSource(
  url: string,
  ready: ReadonlyMap<string, { width: number; height: number; widths: number[] }>,
  fallback: { width: number; height: number },
): ImageSource {
  const encoded = ready.get(url);
  return encoded ? { src: url, ...encoded } : { src: url, ...fallback, widths: [] };
}
