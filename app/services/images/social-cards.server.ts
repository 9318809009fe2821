import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { SOCIAL_CARD_SIZE } from "~/utils/seo";
import { coverSvg, rasterise, type CoverText } from "./cover-art.server";
import { uploadsDirectory } from "./uploads.server";

// Open Graph cards (the picture a shared link shows): drawn once per title and
// kept on disk beside the uploads, so a link shared to a busy group costs one
// drawing. A changed title gets a new file name; an old file is only unused.

/** Bumped when the drawing changes, so cached cards are drawn again. */
const DESIGN_VERSION = "1";

function cacheDirectory(): string {
  return join(dirname(uploadsDirectory()), "social-cards");
}

/** A card's PNG and the tag that names its content; drawn on first asking, read from disk after. */
export async function socialCardPng(kind: string, key: string, text: CoverText): Promise<{ body: Buffer; etag: string }> {
  const tag = createHash("sha256")
    .update(JSON.stringify([DESIGN_VERSION, kind, key, text]))
    .digest("hex")
    .slice(0, 20);
  const file = join(cacheDirectory(), `${kind}-${tag}.png`);
  try {
    return { body: await readFile(file), etag: `"${tag}"` };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const body = await rasterise(coverSvg(text, SOCIAL_CARD_SIZE)).png({ compressionLevel: 9, palette: true }).toBuffer();
  await mkdir(cacheDirectory(), { recursive: true });
  const part = `${file}.${process.pid}.part`;
  await writeFile(part, body);
  await rename(part, file);
  return { body, etag: `"${tag}"` };
}
