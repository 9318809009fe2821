import { createHash } from "node:crypto";
import sharp from "sharp";
import { drawTextBlock, layoutLine } from "./glyph-text.server";

// The site's drawn images: covers (seeded courses and posts, Open Graph cards)
// and mentor portraits as initials. Brand colours, the title in Noto Sans, and
// an abstract chart: a made-up walk of candles with no axis, price or date, so
// no card can be read as a market price (SEBI's 30-day rule) or a result.

const NAVY = ["#06122a", "#0b1f3a", "#13305a", "#1d4174"] as const;
const ACCENTS = ["#ffc93d", "#2bb5b3", "#f59e6b", "#8fb8ff"] as const;

/** A steady stream of numbers in [0, 1) from a text, so an image is the same every time it is drawn. */
function randomFrom(seed: string): () => number {
  let state = createHash("sha256").update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

const accentFor = (seed: string) => ACCENTS[Math.floor(randomFrom(`${seed}:accent`)() * ACCENTS.length)]!;

/** Candles and a smooth line over the box, faint, as a backdrop. */
function chartMotif(seed: string, box: { x: number; y: number; width: number; height: number }, accent: string): string {
  const random = randomFrom(seed);
  const count = 22;
  const step = box.width / count;
  let level = 0.5;
  const candles: { open: number; close: number; high: number; low: number }[] = [];
  for (let index = 0; index < count; index += 1) {
    const open = level;
    level = Math.min(0.9, Math.max(0.1, level + (random() - 0.47) * 0.22));
    const close = level;
    candles.push({ open, close, high: Math.max(open, close) + random() * 0.06, low: Math.min(open, close) - random() * 0.06 });
  }
  const yOf = (value: number) => box.y + box.height * (1 - value);
  const bodies = candles
    .map((candle, index) => {
      const x = box.x + index * step + step / 2;
      const colour = candle.close >= candle.open ? "#22c55e" : "#ef4444";
      const top = yOf(Math.max(candle.open, candle.close));
      const height = Math.max(3, Math.abs(yOf(candle.open) - yOf(candle.close)));
      return `<line x1="${x.toFixed(1)}" y1="${yOf(candle.high).toFixed(1)}" x2="${x.toFixed(1)}" y2="${yOf(candle.low).toFixed(1)}" stroke="${colour}" stroke-width="2"/><rect x="${(x - step * 0.3).toFixed(1)}" y="${top.toFixed(1)}" width="${(step * 0.6).toFixed(1)}" height="${height.toFixed(1)}" rx="2" fill="${colour}"/>`;
    })
    .join("");
  const average = candles
    .map((_, index) => {
      const window = candles.slice(Math.max(0, index - 4), index + 1);
      const mean = window.reduce((sum, candle) => sum + candle.close, 0) / window.length;
      return `${(box.x + index * step + step / 2).toFixed(1)},${yOf(mean).toFixed(1)}`;
    })
    .join(" ");
  return `<g opacity="0.6">${bodies}</g><polyline points="${average}" fill="none" stroke="${accent}" stroke-width="4" opacity="0.75"/>`;
}

export type CoverText = { eyebrow: string; title: string; footer: string };

/** A cover `width`×`height` as SVG: eyebrow, title and footer over the chart backdrop. */
export function coverSvg({ eyebrow, title, footer }: CoverText, { width, height }: { width: number; height: number }): string {
  const accent = accentFor(title);
  const margin = Math.round(width * 0.06);
  const unit = width / 1200;
  const heading = drawTextBlock(title, {
    x: margin,
    y: height * 0.3,
    maxWidth: width - 2 * margin,
    maxLines: 3,
    sizes: [76, 66, 56, 48].map((size) => Math.round(size * unit)),
    weight: 700,
    fill: "#ffffff",
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${NAVY[1]}"/><stop offset="1" stop-color="${NAVY[3]}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
${chartMotif(title, { x: width * 0.42, y: height * 0.4, width: width * 0.55, height: height * 0.52 }, accent)}
<rect x="0" y="0" width="${width}" height="${height}" fill="${NAVY[0]}" opacity="0.35"/>
<rect x="${margin}" y="${Math.round(height * 0.14)}" width="${Math.round(72 * unit)}" height="${Math.round(8 * unit)}" rx="4" fill="${accent}"/>
${layoutLine(eyebrow.toUpperCase(), { size: Math.round(28 * unit), weight: 700, fill: accent }).draw(margin, height * 0.14 + 52 * unit)}
${heading.svg}
${layoutLine(footer, { size: Math.round(30 * unit), weight: 400, fill: "#cbd5e1" }).draw(margin, height - margin)}
</svg>`;
}

/** A square portrait of a person's initials, for a mentor without a photo. */
export function initialsSvg(name: string, size: number): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => [...part][0]!.toUpperCase())
    .slice(0, 2)
    .join("");
  const accent = accentFor(name);
  const line = layoutLine(initials, { size: Math.round(size * 0.38), weight: 700, fill: "#ffffff" });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs><radialGradient id="bg" cx="0.3" cy="0.25" r="0.9"><stop offset="0" stop-color="${NAVY[3]}"/><stop offset="1" stop-color="${NAVY[1]}"/></radialGradient></defs>
<rect width="${size}" height="${size}" fill="url(#bg)"/>
<circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.36}" fill="none" stroke="${accent}" stroke-width="${size * 0.018}"/>
${line.draw((size - line.width) / 2, size / 2 + size * 0.135)}
</svg>`;
}

/** Rasterises a drawn SVG; sharp finds no text in it, only shapes, so no font is needed at this point. */
export function rasterise(svg: string): ReturnType<typeof sharp> {
  return sharp(Buffer.from(svg));
}
