// The player address for a YouTube or Vimeo link an admin pastes. YouTube
// plays from its privacy-enhanced host (no cookies until the visitor plays);
// Vimeo from its player, where the institute can restrict embedding to its
// own domain (docs/decisions/0024-paid-lesson-video.md).

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[a-f0-9]{6,20}$/;

function parseUrl(value: string): URL | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/** https://www.youtube-nocookie.com/embed/<id> for a watch, short, embed or youtu.be link; null otherwise. */
export function youtubeEmbedUrl(value: string): string | null {
  const url = parseUrl(value);
  if (!url) return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  const path = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined = null;
  if (host === "youtu.be") id = path[0];
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (path[0] === "watch") id = url.searchParams.get("v");
    else if (path[0] === "embed" || path[0] === "shorts" || path[0] === "live") id = path[1];
  }
  return id && YOUTUBE_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}

/** https://player.vimeo.com/video/<id> (with its private hash, `?h=`, when the link has one); null otherwise. */
export function vimeoPlayerUrl(value: string): string | null {
  const url = parseUrl(value);
  if (!url) return null;
  const host = url.hostname.replace(/^www\./, "");
  const path = url.pathname.split("/").filter(Boolean);
  let id: string | undefined;
  let hash: string | null | undefined = url.searchParams.get("h");
  if (host === "player.vimeo.com" && path[0] === "video") id = path[1];
  else if (host === "vimeo.com") [id, hash = hash] = path;
  if (!id || !VIMEO_ID.test(id)) return null;
  return hash && VIMEO_HASH.test(hash) ? `https://player.vimeo.com/video/${id}?h=${hash}` : `https://player.vimeo.com/video/${id}`;
}
