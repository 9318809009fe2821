import type { ImageSource } from "~/utils/image-variants";
import { variantName } from "~/utils/image-variants";

type Props = {
  image: ImageSource;
  alt: string;
  /** The width the image takes at each viewport, e.g. "(min-width: 1024px) 33vw, 100vw". */
  sizes: string;
  className?: string;
  /** The page's largest first-screen image: fetched first and at once, not lazily. */
  priority?: boolean;
};

const srcSet = (image: ImageSource, format: "avif" | "webp" | "jpg") =>
  image.widths.map((width) => `${variantName(image.src, width, format)} ${width}w`).join(", ");

/**
 * An image in AVIF, then WebP, then JPEG at the width the screen needs, with
 * its width and height so the page never moves when it arrives. An image not
 * encoded (yet, or an SVG) shows its original in the same box.
 */
export function ResponsiveImage({ image, alt, sizes, className, priority = false }: Props) {
  // React 18 passes the lowercase attribute through as written.
  const loading = priority ? { loading: "eager" as const, fetchpriority: "high" } : { loading: "lazy" as const };
  if (image.widths.length === 0)
    return <img src={image.src} alt={alt} width={image.width} height={image.height} decoding="async" className={className} {...loading} />;
  const fallbackWidth = image.widths.find((width) => width >= 640) ?? image.widths[image.widths.length - 1]!;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(image, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image, "webp")} sizes={sizes} />
      <img
        src={variantName(image.src, fallbackWidth, "jpg")}
        srcSet={srcSet(image, "jpg")}
        sizes={sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        decoding="async"
        className={className}
        {...loading}
      />
    </picture>
  );
}
