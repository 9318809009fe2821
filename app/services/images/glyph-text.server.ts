import * as fontkit from "fontkit";
import { fontFaces, type FontFace, type FontWeight } from "../pdf/fonts.server";

// Text drawn into an SVG as glyph outlines, for images sharp renders (Open
// Graph cards, seeded covers). A slim container has no system fonts for
// librsvg to find, so the shapes come from the Noto faces the PDFs embed
// (app/services/pdf/fonts.server.ts), each script from the face that has it,
// shaped by fontkit.

type Shaper = { font: fontkit.Font; face: FontFace };
const shapers = new Map<string, Shaper>();

function shaperFor(face: FontFace, weight: FontWeight): Shaper {
  const key = `${face.id}-${weight}`;
  let shaper = shapers.get(key);
  if (!shaper) {
    const font = fontkit.create(face.bytes(weight));
    if (!("layout" in font)) throw new Error(`${face.id} is a font collection, not a font`);
    shaper = { font, face };
    shapers.set(key, shaper);
  }
  return shaper;
}

/** The text split into runs, each drawn by the first face that has its characters (Latin when none has). */
function runsOf(text: string): { face: FontFace; text: string }[] {
  const faces = fontFaces();
  const runs: { face: FontFace; text: string }[] = [];
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 32;
    const last = runs[runs.length - 1];
    // Spaces and marks stay in the run they are in, so a script is shaped whole.
    const face =
      (last && (codePoint === 32 || last.face.covers(codePoint)) ? last.face : faces.find((f) => f.covers(codePoint))) ?? faces[0]!;
    if (last && last.face === face) last.text += character;
    else runs.push({ face, text: character });
  }
  return runs;
}

export type TextStyle = { size: number; weight: FontWeight; fill: string };

/** One line laid out: its width in pixels, and its glyphs as SVG paths from (x, baseline y). */
export function layoutLine(text: string, style: TextStyle): { width: number; draw: (x: number, y: number) => string } {
  const glyphs: { d: string; x: number; y: number; scale: number }[] = [];
  let advance = 0;
  for (const run of runsOf(text)) {
    const { font } = shaperFor(run.face, style.weight);
    const scale = style.size / font.unitsPerEm;
    const laid = font.layout(run.text);
    laid.glyphs.forEach((glyph, index) => {
      const position = laid.positions[index]!;
      glyphs.push({ d: glyph.path.toSVG(), x: advance + position.xOffset * scale, y: -position.yOffset * scale, scale });
      advance += position.xAdvance * scale;
    });
  }
  const paths = (x: number, y: number) =>
    glyphs
      .filter((glyph) => glyph.d.length > 0)
      .map(
        (glyph) =>
          `<path transform="translate(${(x + glyph.x).toFixed(1)} ${(y + glyph.y).toFixed(1)}) scale(${glyph.scale.toFixed(5)} ${(-glyph.scale).toFixed(5)})" d="${glyph.d}"/>`,
      )
      .join("");
  return { width: advance, draw: (x, y) => `<g fill="${style.fill}">${paths(x, y)}</g>` };
}

/**
 * Wraps `text` into at most `maxLines` lines no wider than `maxWidth`, trying
 * each size in `sizes` (largest first) until it fits; the last size ends with
 * "…" when even it does not. The lines as SVG from (x, top y), and the height used.
 */
export function drawTextBlock(
  text: string,
  {
    x,
    y,
    maxWidth,
    maxLines,
    sizes,
    weight,
    fill,
    lineHeight = 1.2,
  }: { x: number; y: number; maxWidth: number; maxLines: number; sizes: number[]; weight: FontWeight; fill: string; lineHeight?: number },
): { svg: string; height: number } {
  const words = text.trim().split(/\s+/);
  for (const [index, size] of sizes.entries()) {
    const style = { size, weight, fill };
    const lines: string[] = [];
    let fits = true;
    for (const word of words) {
      const current = lines[lines.length - 1];
      if (current !== undefined && layoutLine(`${current} ${word}`, style).width <= maxWidth)
        lines[lines.length - 1] = `${current} ${word}`;
      else lines.push(word);
      if (layoutLine(lines[lines.length - 1]!, style).width > maxWidth) fits = false;
    }
    if (lines.length > maxLines) fits = false;
    if (!fits && index < sizes.length - 1) continue;
    const shown = lines.slice(0, maxLines);
    if (!fits) {
      let last = shown[shown.length - 1]!;
      while (last.length > 1 && layoutLine(`${last}…`, style).width > maxWidth) last = last.slice(0, -1).trimEnd();
      shown[shown.length - 1] = `${last}…`;
    }
    const step = size * lineHeight;
    const svg = shown.map((line, row) => layoutLine(line, style).draw(x, y + size + row * step)).join("");
    return { svg, height: shown.length * step };
  }
  return { svg: "", height: 0 };
}
