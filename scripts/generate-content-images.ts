// Draws the site's illustrated images (gallery photos, video thumbnails, logo,
// favicon) as small self-contained SVGs, from the lists in app/content.
// Deterministic: the same input always gives the same files.
//
//   npx tsx scripts/generate-content-images.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { EVENT_GALLERY_ITEMS, LOCATION_GALLERIES, MASONRY_PHOTOS, type GalleryPhoto } from "../app/content/gallery";
import { DEFAULT_INSTITUTE } from "../app/utils/institute";

import { FALLBACK_THUMBNAIL } from "../app/content/videos";

// Demo images carry the demo institute's name.
const SITE_NAME = DEFAULT_INSTITUTE.name;

const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), "..", "public");
const NAVY = "#0b1f3a";
const NAVY_DEEP = "#06122a";
const NAVY_MID = "#13305a";
const GOLD = "#f5b301";
const TEAL = "#0ea5a4";
const RED = "#e0565b";
const WHITE = "#ffffff";
const FONT = "Arial,Helvetica,sans-serif";
const SHIRTS = [TEAL, GOLD, "#e8eef6", "#5b7db1", "#c98f00", "#0d8a89", "#8aa4c8", "#f4d58d"];

// ---------------------------------------------------------------- helpers

/** Small seeded PRNG (mulberry32), seeded from the file path. */
function rng(seedText: string) {
  let seed = 0;
  for (const ch of seedText) seed = (Math.imul(seed, 31) + ch.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = ReturnType<typeof rng>;
const r0 = (n: number) => Math.round(n);
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function svg(w: number, h: number, title: string, body: string, defs = ""): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img">` +
    `<title>${escapeXml(title)}</title>${defs ? `<defs>${defs}</defs>` : ""}${body}</svg>\n`
  );
}

/** A person silhouette: head and shoulders, 1 unit = 1 px at scale 1 (about 44 px tall). */
const PERSON_DEF = `<g id="p"><circle cy="-20" r="9"/><rect x="-14" y="-9" width="28" height="32" rx="12"/></g>`;
function person(x: number, y: number, scale: number, fill: string): string {
  return `<use href="#p" transform="translate(${r0(x)} ${r0(y)}) scale(${scale.toFixed(2)})" fill="${fill}"/>`;
}

/** Candlesticks inside a box: one path for wicks, one per body colour. */
function candles(x: number, y: number, w: number, h: number, rand: Rand, count = 12): string {
  const step = w / count;
  let price = h * (0.35 + rand() * 0.3);
  let wicks = "";
  let up = "";
  let down = "";
  for (let i = 0; i < count; i++) {
    const move = (rand() - 0.42) * h * 0.28;
    const open = price;
    const close = Math.min(h * 0.9, Math.max(h * 0.1, price - move));
    const top = Math.min(open, close) - rand() * h * 0.08;
    const bottom = Math.max(open, close) + rand() * h * 0.08;
    const cx = x + step * i + step / 2;
    wicks += `M${r0(cx)} ${r0(y + top)}V${r0(y + bottom)}`;
    const bodyTop = r0(y + Math.min(open, close));
    const bodyH = Math.max(2, r0(Math.abs(open - close)));
    const bw = Math.max(2, r0(step * 0.55));
    const rect = `M${r0(cx - bw / 2)} ${bodyTop}h${bw}v${bodyH}h-${bw}z`;
    if (close <= open) up += rect;
    else down += rect;
    price = close;
  }
  return (
    `<path d="${wicks}" stroke="#9fb3cf" stroke-width="${Math.max(1, r0(step * 0.1))}"/>` +
    (up ? `<path d="${up}" fill="${TEAL}"/>` : "") +
    (down ? `<path d="${down}" fill="${RED}"/>` : "")
  );
}

/** The brand mark: three rising candles and an arrow, in a 64-unit box. */
function brandMark(x: number, y: number, size: number): string {
  const s = (size / 64).toFixed(3);
  return (
    `<g transform="translate(${r0(x)} ${r0(y)}) scale(${s})">` +
    `<rect width="64" height="64" rx="14" fill="${NAVY}"/>` +
    `<path d="M17 30v18M32 22v22M47 12v24" stroke="${WHITE}" stroke-width="2"/>` +
    `<rect x="13" y="34" width="8" height="11" rx="1.5" fill="${TEAL}"/>` +
    `<rect x="28" y="26" width="8" height="14" rx="1.5" fill="${TEAL}"/>` +
    `<rect x="43" y="16" width="8" height="16" rx="1.5" fill="${GOLD}"/>` +
    `<path d="M10 52 28 40l8 5 18-15" fill="none" stroke="${GOLD}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>` +
    `</g>`
  );
}

// ---------------------------------------------------------------- photo layers

type Ctx = { w: number; h: number; rand: Rand };

const BACKGROUNDS = {
  indoor: ({ w, h }: Ctx) =>
    `<rect width="${w}" height="${h}" fill="${NAVY}"/><rect y="${r0(h * 0.72)}" width="${w}" height="${r0(h * 0.28)}" fill="${NAVY_DEEP}"/>`,
  stage: ({ w, h }: Ctx) =>
    `<rect width="${w}" height="${h}" fill="${NAVY_DEEP}"/>` +
    `<path d="M${r0(w * 0.38)} 0h${r0(w * 0.24)}L${r0(w * 0.8)} ${h}H${r0(w * 0.2)}z" fill="${GOLD}" opacity=".18"/>` +
    `<rect y="${r0(h * 0.78)}" width="${w}" height="${r0(h * 0.22)}" fill="${NAVY_MID}"/>`,
  beach: ({ w, h }: Ctx) =>
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
    `<circle cx="${r0(w * 0.72)}" cy="${r0(h * 0.42)}" r="${r0(h * 0.12)}" fill="${GOLD}"/>` +
    `<rect y="${r0(h * 0.5)}" width="${w}" height="${r0(h * 0.2)}" fill="${TEAL}"/>` +
    `<path d="M0 ${r0(h * 0.56)}h${w}" stroke="${WHITE}" stroke-opacity=".4" stroke-width="3" stroke-dasharray="40 30"/>` +
    `<rect y="${r0(h * 0.7)}" width="${w}" height="${r0(h * 0.3)}" fill="#f4d58d"/>` +
    `<path d="M${r0(w * 0.1)} ${r0(h * 0.72)}q10-${r0(h * 0.2)}-6-${r0(h * 0.4)}" stroke="#5b4222" stroke-width="8" fill="none"/>` +
    `<path d="M${r0(w * 0.1 - 6)} ${r0(h * 0.32)}l-50 20m50-20 45 25m-45-25-10-45m10 45 50-25" stroke="#0d8a89" stroke-width="10" stroke-linecap="round"/>`,
  mountains: ({ w, h }: Ctx) =>
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
    `<path d="M0 ${r0(h * 0.6)}L${r0(w * 0.25)} ${r0(h * 0.22)}L${r0(w * 0.45)} ${r0(h * 0.5)}L${r0(w * 0.68)} ${r0(h * 0.15)}L${w} ${r0(h * 0.55)}V${h}H0z" fill="${NAVY_MID}"/>` +
    `<path d="M${r0(w * 0.25)} ${r0(h * 0.22)}l-${r0(w * 0.05)} ${r0(h * 0.08)}h${r0(w * 0.1)}zM${r0(w * 0.68)} ${r0(h * 0.15)}l-${r0(w * 0.06)} ${r0(h * 0.1)}h${r0(w * 0.12)}z" fill="${WHITE}"/>` +
    `<path d="M0 ${r0(h * 0.75)}Q${r0(w * 0.3)} ${r0(h * 0.55)} ${r0(w * 0.6)} ${r0(h * 0.7)}T${w} ${r0(h * 0.65)}V${h}H0z" fill="#0d5e5d"/>`,
  palace: ({ w, h }: Ctx) => {
    const base = r0(h * 0.66);
    let arches = "";
    for (let i = 0; i < 6; i++) {
      const ax = r0(w * 0.14 + i * w * 0.13);
      arches += `M${ax} ${base}v-${r0(h * 0.1)}a${r0(w * 0.035)} ${r0(w * 0.035)} 0 0 1 ${r0(w * 0.07)} 0v${r0(h * 0.1)}z`;
    }
    return (
      `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
      `<rect x="${r0(w * 0.1)}" y="${r0(h * 0.32)}" width="${r0(w * 0.8)}" height="${r0(h * 0.34)}" fill="#d9826b"/>` +
      `<path d="M${r0(w * 0.2)} ${r0(h * 0.32)}a${r0(w * 0.07)} ${r0(h * 0.1)} 0 0 1 ${r0(w * 0.14)} 0zM${r0(w * 0.66)} ${r0(h * 0.32)}a${r0(w * 0.07)} ${r0(h * 0.1)} 0 0 1 ${r0(w * 0.14)} 0z" fill="#e9a27f"/>` +
      `<path d="${arches}" fill="#7a3b2e"/>` +
      `<rect y="${base}" width="${w}" height="${h - base}" fill="#e8c48a"/>`
    );
  },
} satisfies Record<string, (ctx: Ctx) => string>;

const FOREGROUNDS = {
  screen: ({ w, h, rand }: Ctx) => {
    const sw = w * 0.56;
    const sh = h * 0.36;
    const sx = (w - sw) / 2;
    const sy = h * 0.08;
    return (
      `<rect x="${r0(sx - 8)}" y="${r0(sy - 8)}" width="${r0(sw + 16)}" height="${r0(sh + 16)}" rx="6" fill="#1d4174"/>` +
      `<rect x="${r0(sx)}" y="${r0(sy)}" width="${r0(sw)}" height="${r0(sh)}" fill="${NAVY_DEEP}"/>` +
      candles(sx + 10, sy + 10, sw - 20, sh - 20, rand, 14)
    );
  },
  audience: ({ w, h, rand }: Ctx) => {
    // One pattern-filled strip per row keeps big crowds small on disk.
    let out = "";
    for (let row = 0; row < 3; row++) {
      const s = 1.2 + row * 0.35;
      const gap = r0(44 * s);
      const top = r0(h * (0.66 + row * 0.13) - 30 * s);
      const fill = row === 2 ? NAVY_DEEP : pick(rand, ["#1d4174", "#2a5388", "#13305a"]);
      out +=
        `<pattern id="a${row}" width="${gap}" height="${r0(54 * s)}" patternUnits="userSpaceOnUse" x="${row % 2 ? r0(gap / 2) : 0}" y="${top}">` +
        `<use href="#p" transform="translate(${r0(gap / 2)} ${r0(30 * s)}) scale(${s.toFixed(2)})" fill="${fill}"/></pattern>` +
        `<rect y="${top}" width="${w}" height="${h - top}" fill="url(#a${row})"/>`;
    }
    return out;
  },
  speaker: ({ w, h }: Ctx) =>
    person(w * 0.5, h * 0.58, Math.min(w, h) / 140, NAVY_MID) +
    `<path d="M${r0(w * 0.4)} ${r0(h * 0.62)}h${r0(w * 0.2)}l-${r0(w * 0.02)} ${r0(h * 0.2)}h-${r0(w * 0.16)}z" fill="#1d4174"/>` +
    brandMark(w * 0.5 - Math.min(w, h) * 0.05, h * 0.66, Math.min(w, h) * 0.1),
  laptops: ({ w, h, rand }: Ctx) => {
    let out = "";
    const cols = w > h ? 4 : 3;
    for (let row = 0; row < 2; row++) {
      const ty = h * (0.58 + row * 0.22);
      out += `<rect x="0" y="${r0(ty)}" width="${w}" height="${r0(h * 0.05)}" fill="#8a6a3e"/>`;
      for (let c = 0; c < cols; c++) {
        const cx = (w / cols) * (c + 0.5);
        out += person(cx, ty - h * 0.03, 1.3 + row * 0.3, pick(rand, SHIRTS));
        const lw = (w / cols) * 0.42;
        out += `<rect x="${r0(cx - lw / 2)}" y="${r0(ty - lw * 0.6)}" width="${r0(lw)}" height="${r0(lw * 0.6)}" rx="3" fill="#cfd8e6"/>`;
        out += `<path d="M${r0(cx - lw * 0.4)} ${r0(ty - lw * 0.15)}l${r0(lw * 0.25)}-${r0(lw * 0.2)} ${r0(lw * 0.2)} ${r0(lw * 0.1)} ${r0(lw * 0.35)}-${r0(lw * 0.25)}" fill="none" stroke="${TEAL}" stroke-width="3"/>`;
      }
    }
    return out;
  },
  group: ({ w, h, rand }: Ctx) => {
    let out = "";
    for (let row = 0; row < 2; row++) {
      const s = Math.min(w, h) / (row ? 190 : 230);
      const gap = 34 * s;
      const y = h * (0.78 + row * 0.12);
      for (let x = gap * (0.6 + row * 0.5); x < w - gap * 0.3; x += gap) out += person(x, y, s, pick(rand, SHIRTS));
    }
    return out;
  },
  banner: ({ w, h }: Ctx) =>
    `<rect x="${r0(w * 0.15)}" y="${r0(h * 0.08)}" width="${r0(w * 0.7)}" height="${r0(h * 0.12)}" rx="6" fill="${GOLD}"/>` +
    brandMark(w * 0.17, h * 0.09, h * 0.1) +
    `<path d="M${r0(w * 0.17 + h * 0.14)} ${r0(h * 0.14)}h${r0(w * 0.4)}" stroke="${NAVY}" stroke-width="${r0(h * 0.025)}" stroke-linecap="round"/>`,
  trophy: ({ w, h }: Ctx) => {
    const cx = w / 2;
    const s = Math.min(w, h) / 300;
    return (
      `<g transform="translate(${r0(cx)} ${r0(h * 0.42)}) scale(${s.toFixed(2)})" fill="${GOLD}">` +
      `<path d="M-60-90h120v30c0 50-30 80-60 80s-60-30-60-80z"/>` +
      `<path d="M-60-70h-30c0 40 20 55 40 55M60-70h30c0 40-20 55-40 55" fill="none" stroke="${GOLD}" stroke-width="10"/>` +
      `<rect x="-12" y="20" width="24" height="40"/><rect x="-50" y="60" width="100" height="24" rx="4"/>` +
      `<rect x="-70" y="84" width="140" height="26" rx="4" fill="#c98f00"/>` +
      `<path d="M0-62l9 19 21 3-15 15 4 21-19-10-19 10 4-21-15-15 21-3z" fill="${WHITE}"/></g>`
    );
  },
  sparkles: ({ w, h, rand }: Ctx) => {
    let d = "";
    for (let i = 0; i < 14; i++) {
      const x = r0(rand() * w);
      const y = r0(rand() * h * 0.7);
      const s = r0(4 + rand() * 8);
      d += `M${x} ${y - s}l${r0(s / 3)} ${r0((s * 2) / 3)} ${r0((s * 2) / 3)} ${r0(s / 3)}-${r0((s * 2) / 3)} ${r0(s / 3)}-${r0(s / 3)} ${r0((s * 2) / 3)}-${r0(s / 3)}-${r0((s * 2) / 3)}-${r0((s * 2) / 3)}-${r0(s / 3)} ${r0((s * 2) / 3)}-${r0(s / 3)}z`;
    }
    return `<path d="${d}" fill="${GOLD}" opacity=".8"/>`;
  },
  webinar: ({ w, h, rand }: Ctx) => {
    const mw = w * 0.8;
    const mh = h * 0.62;
    const mx = (w - mw) / 2;
    const my = h * 0.1;
    let out =
      `<rect x="${r0(mx - 10)}" y="${r0(my - 10)}" width="${r0(mw + 20)}" height="${r0(mh + 20)}" rx="10" fill="#cfd8e6"/>` +
      `<rect x="${r0(w * 0.42)}" y="${r0(my + mh + 10)}" width="${r0(w * 0.16)}" height="${r0(h * 0.1)}" fill="#8aa4c8"/>`;
    const tw = mw / 3;
    const th = mh / 2;
    for (let i = 0; i < 6; i++) {
      const tx = mx + (i % 3) * tw;
      const ty = my + Math.floor(i / 3) * th;
      out += `<rect x="${r0(tx + 3)}" y="${r0(ty + 3)}" width="${r0(tw - 6)}" height="${r0(th - 6)}" fill="${i === 0 ? NAVY_DEEP : NAVY_MID}"/>`;
      out +=
        i === 0 ? candles(tx + 10, ty + 10, tw - 20, th - 20, rand, 7) : person(tx + tw / 2, ty + th * 0.75, th / 70, pick(rand, SHIRTS));
    }
    return out;
  },
  pointer: ({ w, h }: Ctx) =>
    person(w * 0.18, h * 0.7, Math.min(w, h) / 120, GOLD) +
    `<path d="M${r0(w * 0.23)} ${r0(h * 0.58)}L${r0(w * 0.34)} ${r0(h * 0.36)}" stroke="${WHITE}" stroke-width="5" stroke-linecap="round"/>`,
  mentoring: ({ w, h, rand }: Ctx) => {
    const s = Math.min(w, h) / 150;
    return (
      person(w * 0.3, h * 0.62, s, TEAL) +
      person(w * 0.7, h * 0.62, s, GOLD) +
      `<rect x="0" y="${r0(h * 0.7)}" width="${w}" height="${r0(h * 0.3)}" fill="#8a6a3e"/>` +
      `<rect x="${r0(w * 0.36)}" y="${r0(h * 0.73)}" width="${r0(w * 0.28)}" height="${r0(h * 0.16)}" rx="4" fill="${WHITE}"/>` +
      candles(w * 0.38, h * 0.745, w * 0.24, h * 0.13, rand, 8)
    );
  },
  confetti: ({ w, h, rand }: Ctx) => {
    const colours = [GOLD, TEAL, WHITE, RED];
    const paths = colours.map(() => "");
    for (let i = 0; i < 32; i++) {
      const c = Math.floor(rand() * colours.length);
      const a = rand() > 0.5 ? 1 : -1;
      paths[c] += `M${r0(rand() * w)} ${r0(rand() * h * 0.75)}l${8 * a} 4 -4 ${12 * a} ${-8 * a} -4z`;
    }
    return paths.map((d, i) => (d ? `<path d="${d}" fill="${colours[i]}"/>` : "")).join("");
  },
  balloons: ({ w, h, rand }: Ctx) => {
    let out = "";
    for (let i = 0; i < 4; i++) {
      const x = w * (0.12 + i * 0.25);
      const y = h * (0.18 + rand() * 0.15);
      out += `<path d="M${r0(x)} ${r0(y + 30)}q6 30-4 60" stroke="${WHITE}" fill="none"/><ellipse cx="${r0(x)}" cy="${r0(y)}" rx="22" ry="28" fill="${pick(rand, [GOLD, TEAL, RED])}"/>`;
    }
    return out;
  },
} satisfies Record<string, (ctx: Ctx) => string>;

type Layer = keyof typeof BACKGROUNDS | keyof typeof FOREGROUNDS;

const SCENES = {
  hall: ["indoor", "screen", "audience"],
  stage: ["stage", "banner", "speaker"],
  workshop: ["indoor", "screen", "laptops"],
  group: ["indoor", "banner", "group"],
  award: ["stage", "sparkles", "trophy"],
  webinar: ["indoor", "webinar"],
  chart: ["indoor", "screen", "pointer"],
  celebration: ["stage", "balloons", "confetti", "group"],
  mentoring: ["indoor", "mentoring"],
  beachGroup: ["beach", "group"],
  beachTalk: ["beach", "mentoring"],
  mountainGroup: ["mountains", "group"],
  mountainTalk: ["mountains", "mentoring"],
  palaceGroup: ["palace", "group"],
  palaceTalk: ["palace", "mentoring"],
  panel: ["stage", "banner", "group"],
} satisfies Record<string, Layer[]>;
type Scene = keyof typeof SCENES;

function photo(p: GalleryPhoto, scene: Scene): string {
  const ctx: Ctx = { w: p.width, h: p.height, rand: rng(p.src) };
  const body = (SCENES[scene] as Layer[])
    .map((layer) =>
      (layer in BACKGROUNDS ? BACKGROUNDS[layer as keyof typeof BACKGROUNDS] : FOREGROUNDS[layer as keyof typeof FOREGROUNDS])(ctx),
    )
    .join("");
  const skyTop = scene.startsWith("palace") ? "#f2a65a" : scene.startsWith("beach") ? "#f08a5d" : "#7fb8d8";
  const defs =
    PERSON_DEF +
    `<linearGradient id="sky" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="#fde6b0"/></linearGradient>`;
  return svg(p.width, p.height, p.alt, body, defs);
}

// ---------------------------------------------------------------- which scene for which photo

const MASONRY_SCENES: Scene[] = [
  "hall",
  "stage",
  "workshop",
  "group",
  "award",
  "webinar",
  "chart",
  "celebration",
  "mentoring",
  "hall",
  "beachGroup",
  "mountainGroup",
];

const LOCATION_SCENES: Record<string, Scene[]> = {
  mahabaleshwar: ["mountainTalk", "chart", "mountainGroup", "mentoring"],
  "supreme-goa": ["beachTalk", "workshop", "stage", "beachGroup", "award"],
  "supreme-jaipur": ["palaceTalk", "hall", "workshop", "palaceGroup", "award"],
  "supreme-manali": ["mountainTalk", "chart", "mentoring", "mountainGroup", "celebration"],
  "traders-meet-1": ["hall", "panel", "group", "chart", "group"],
  "traders-meet-2": ["group", "workshop", "stage", "mentoring", "group"],
  "traders-meet-3": ["hall", "workshop", "panel"],
};

const CATEGORY_SCENES: Record<string, Scene> = {
  Workshop: "workshop",
  Webinar: "webinar",
  Seminar: "hall",
  Bootcamp: "mentoring",
  Masterclass: "chart",
  Session: "stage",
  Celebration: "celebration",
};

// ---------------------------------------------------------------- video thumbnails

function fallbackThumb(): string {
  const body =
    `<rect width="640" height="360" fill="${NAVY_MID}"/>` +
    `<rect x="240" y="110" width="160" height="110" rx="14" fill="none" stroke="#8aa4c8" stroke-width="6"/>` +
    `<path d="M300 140v50l42-25z" fill="#8aa4c8"/>` +
    `<text x="320" y="270" text-anchor="middle" font-family="${FONT}" font-size="22" fill="#cfd8e6">Video preview unavailable</text>`;
  return svg(640, 360, "Video preview unavailable", body);
}

// ---------------------------------------------------------------- brand

const LOGO = svg(64, 64, SITE_NAME, brandMark(0, 0, 64));

// ---------------------------------------------------------------- write everything

const files = new Map<string, string>();
const add = (src: string, content: string) => {
  if (files.has(src) && files.get(src) !== content) throw new Error(`Two different images for ${src}`);
  files.set(src, content);
};

MASONRY_PHOTOS.forEach((p, i) => add(p.src, photo(p, MASONRY_SCENES[i % MASONRY_SCENES.length] as Scene)));
for (const gallery of LOCATION_GALLERIES) {
  const scenes = LOCATION_SCENES[gallery.slug] ?? ["group"];
  gallery.photos.forEach((p, i) => add(p.src, photo(p, scenes[i % scenes.length] as Scene)));
}
for (const item of EVENT_GALLERY_ITEMS)
  add(
    item.image,
    photo({ src: item.image, alt: `${item.title}, ${item.location}`, width: 800, height: 500 }, CATEGORY_SCENES[item.category] ?? "hall"),
  );

add(FALLBACK_THUMBNAIL, fallbackThumb());
add("/images/brand/logo.svg", LOGO);
add("/favicon.svg", LOGO);

let largest = 0;
for (const [src, content] of files) {
  const path = join(PUBLIC, src);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  largest = Math.max(largest, Buffer.byteLength(content));
}
console.log(`Wrote ${files.size} images under public/ (largest ${largest} bytes).`);
