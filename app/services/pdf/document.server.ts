import PDFDocument from "pdfkit";
import { fontFaces, fontName, type FontFace, type FontWeight } from "./fonts.server";
import { splitByCoverage } from "./script-runs";

// The plumbing every server-made PDF shares (certificates now, invoices next):
// a document whose bytes depend only on what it shows, text in any script the
// faces cover, and the finished file as one Buffer.

export type PdfDocument = PDFKit.PDFDocument;

export type PdfMetadata = {
  title: string;
  author: string;
  /** The document's own date. With it (and no random ID) the same content gives the same bytes. */
  createdAt: Date;
};

export type PdfPageOptions = { size: string; layout: "portrait" | "landscape"; margin: number };

/**
 * Draws a document and returns its bytes. pdfkit derives the file ID from the
 * info dictionary, so a fixed CreationDate makes a reprint byte-identical.
 */
export function renderPdf(metadata: PdfMetadata, page: PdfPageOptions, draw: (doc: PdfDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: page.size,
    layout: page.layout,
    margin: page.margin,
    info: { Title: metadata.title, Author: metadata.author, Creator: metadata.author, CreationDate: metadata.createdAt },
    displayTitle: true,
    lang: "en-IN",
  });
  for (const face of fontFaces()) {
    doc.registerFont(fontName(face, 400), face.bytes(400));
    doc.registerFont(fontName(face, 700), face.bytes(700));
  }
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  draw(doc);
  doc.end();
  return done;
}

export type LineStyle = {
  size: number;
  weight?: FontWeight;
  color?: string;
  /** The widest the line may be; a longer one is set smaller to fit. */
  maxWidth: number;
  /** "center": `x` is the line's middle (the default); "left": its start. */
  align?: "center" | "left";
};

// fontkit takes features as a list to add or as switches ({ abvm: false });
// @types/pdfkit only knows the list, so the switches are passed through one cast.
type Features = Partial<Record<PDFKit.Mixins.OpenTypeFeatures, boolean>>;
const withFeatures = (options: PDFKit.Mixins.TextOptions, features: Features | undefined) =>
  (features ? { ...options, features } : options) as PDFKit.Mixins.TextOptions;
type MeasuredRun = { face: FontFace; text: string; width: number; features: Features | undefined };

// fontkit 2.0.4 throws on the NULL anchors OpenType allows in mark-positioning
// lookups (foliojs/fontkit#367; Noto Sans Telugu and Gurmukhi have them in
// "abvm"). A run that fails is laid out again without above-base, then without
// any, mark positioning: the marks then sit where the font draws them by
// default, slightly less precise, instead of the certificate failing.
const FALLBACK_FEATURES: (Features | undefined)[] = [
  undefined,
  { abvm: false },
  { abvm: false, blwm: false, mark: false, mkmk: false, dist: false },
];

function measureRun(doc: PdfDocument, text: string): { width: number; features: Features | undefined } {
  let failure: unknown;
  for (const features of FALLBACK_FEATURES) {
    try {
      return { width: doc.widthOfString(text, withFeatures({}, features)), features };
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

function measure(doc: PdfDocument, text: string, size: number, weight: FontWeight): MeasuredRun[] {
  const runs = splitByCoverage(text, fontFaces(), (face, codePoint) => face.covers(codePoint));
  return runs.map((run) => ({ ...run, ...measureRun(doc.font(fontName(run.face, weight)).fontSize(size), run.text) }));
}

/**
 * One line of text at `x` (its middle, or its start when left-aligned) with its baseline at `baselineY`,
 * each script drawn with its own face and shaped by fontkit. Each run is marked
 * with its text as written (ActualText), so copying or extracting the text
 * gives the characters in their logical order even where the glyphs are
 * reordered (an i-matra before its consonant, a reph after it).
 */
export function drawLine(doc: PdfDocument, text: string, x: number, baselineY: number, style: LineStyle): void {
  const weight = style.weight ?? 400;
  let size = style.size;
  let runs = measure(doc, text, size, weight);
  const natural = runs.reduce((sum, run) => sum + run.width, 0);
  if (natural > style.maxWidth) {
    size = (size * style.maxWidth) / natural;
    runs = measure(doc, text, size, weight);
  }
  let runX = style.align === "left" ? x : x - runs.reduce((sum, run) => sum + run.width, 0) / 2;
  doc.fillColor(style.color ?? "#111827");
  for (const run of runs) {
    doc.markContent("Span", { actual: run.text });
    doc
      .font(fontName(run.face, weight))
      .fontSize(size)
      .text(run.text, runX, baselineY, withFeatures({ lineBreak: false, baseline: "alphabetic" }, run.features));
    doc.endMarkedContent();
    runX += run.width;
  }
}
