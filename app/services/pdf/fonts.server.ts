import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";

// The faces every server-made PDF draws with. pdfkit's built-in fonts have no
// ₹ and no Indian scripts, and a slim container has no system fonts, so the
// Noto families ship as npm packages (@fontsource, OFL) and are embedded,
// subset, into each PDF. Fallback order: Latin (with ₹ in latin-ext), Greek and
// Cyrillic, then one face per Indian script. Each file is one of fontsource's
// unicode-range subsets, read once per process.

export type FontWeight = 400 | 700;

export type FontFace = {
  /** "noto-sans-latin-ext": the subset file's stem in its package. */
  id: string;
  /** Whether the face has a glyph for the code point (the same at every weight). */
  covers: (codePoint: number) => boolean;
  /** The face's file at a weight, for pdfkit to embed. */
  bytes: (weight: FontWeight) => Buffer;
};

const SUBSETS: { pkg: string; stem: string }[] = [
  { pkg: "@fontsource/noto-sans", stem: "noto-sans-latin" },
  { pkg: "@fontsource/noto-sans", stem: "noto-sans-latin-ext" },
  { pkg: "@fontsource/noto-sans", stem: "noto-sans-vietnamese" },
  { pkg: "@fontsource/noto-sans", stem: "noto-sans-greek" },
  { pkg: "@fontsource/noto-sans", stem: "noto-sans-cyrillic" },
  ...["devanagari", "bengali", "gujarati", "gurmukhi", "oriya", "tamil", "telugu", "kannada", "malayalam"].map((script) => ({
    pkg: `@fontsource/noto-sans-${script}`,
    stem: `noto-sans-${script}-${script}`,
  })),
];

const require = createRequire(import.meta.url);

function makeFace({ pkg, stem }: { pkg: string; stem: string }): FontFace {
  const files = new Map<FontWeight, Buffer>();
  const bytes = (weight: FontWeight) => {
    let file = files.get(weight);
    if (!file) {
      file = readFileSync(require.resolve(`${pkg}/files/${stem}-${weight}-normal.woff`));
      files.set(weight, file);
    }
    return file;
  };
  let coverage: fontkit.Font | undefined;
  const covers = (codePoint: number) => {
    if (!coverage) {
      const font = fontkit.create(bytes(400));
      if (!("hasGlyphForCodePoint" in font)) throw new Error(`${stem} is a font collection, not a font`);
      coverage = font;
    }
    return coverage.hasGlyphForCodePoint(codePoint);
  };
  return { id: stem, covers, bytes };
}

let faces: FontFace[] | undefined;

/** The faces in fallback order. */
export function fontFaces(): readonly FontFace[] {
  faces ??= SUBSETS.map(makeFace);
  return faces;
}

/** The name a face at a weight is registered under in a document. */
export const fontName = (face: FontFace, weight: FontWeight) => `${face.id}-${weight}`;
