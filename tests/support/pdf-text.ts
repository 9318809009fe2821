import { inflateSync } from "node:zlib";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

// Reads a PDF the site made back as a reader would: each page's text, its link
// annotations and its info; and, for what pdf.js does not report, the page
// content streams themselves (marked-content ActualText, drawn rectangles).
// Used by the tests of app/services/pdf/ and of the routes that serve PDFs.

export type PdfLink = { url: string; rect: [number, number, number, number] };
export type PdfReadBack = { pages: string[]; text: string; links: PdfLink[]; info: Record<string, unknown>; pageHeight: number };

export async function readPdf(bytes: Uint8Array): Promise<PdfReadBack> {
  const task = getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    const links: PdfLink[] = [];
    let pageHeight = 0;
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      pageHeight = page.view[3] ?? 0;
      const content = await page.getTextContent();
      pages.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
      for (const annotation of (await page.getAnnotations()) as { subtype: string; url?: string; rect: PdfLink["rect"] }[])
        if (annotation.subtype === "Link" && annotation.url) links.push({ url: annotation.url, rect: annotation.rect });
    }
    const { info } = await pdf.getMetadata();
    return { pages, text: pages.join("\n"), links, info: { ...(info as Record<string, unknown>) }, pageHeight };
  } finally {
    await task.destroy();
  }
}

/** The file's deflated streams that hold drawing operators (page contents), as text. */
export function pdfContentStreams(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString("latin1");
  const streams: string[] = [];
  for (const match of raw.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let text: string;
    try {
      text = inflateSync(Buffer.from(match[1] ?? "", "latin1")).toString("latin1");
    } catch {
      continue;
    }
    if (/\bBT\b/.test(text) || /\bre\b/.test(text)) streams.push(text);
  }
  return streams;
}

const ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f", "(": "(", ")": ")", "\\": "\\" };

/** A PDF literal string's bytes (escapes undone) as text: UTF-16BE after a BOM, else Latin-1. */
function decodeLiteral(literal: string): string {
  const bytes = literal.replace(/\\([0-7]{1,3}|.)/g, (_, escape: string) =>
    /^[0-7]/.test(escape) ? String.fromCharCode(parseInt(escape, 8)) : (ESCAPES[escape] ?? escape),
  );
  if (!bytes.startsWith("\xfe\xff")) return bytes;
  return Buffer.from(bytes.slice(2), "latin1").swap16().toString("utf16le");
}

/** The ActualText of every marked span, in drawing order: the text as written, for copy and search. */
export function actualTexts(bytes: Uint8Array): string[] {
  return pdfContentStreams(bytes).flatMap((stream) =>
    [...stream.matchAll(/\/ActualText \(((?:\\[\s\S]|[^\\)])*)\)/g)].map((match) => decodeLiteral(match[1] ?? "")),
  );
}

/** Every filled or stroked rectangle ("x y w h re") in drawing order, in the page's top-down points. */
export function drawnRectangles(bytes: Uint8Array): { x: number; y: number; width: number; height: number }[] {
  return pdfContentStreams(bytes).flatMap((stream) =>
    [...stream.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\b/g)].map((match) => ({
      x: Number(match[1]),
      y: Number(match[2]),
      width: Number(match[3]),
      height: Number(match[4]),
    })),
  );
}
