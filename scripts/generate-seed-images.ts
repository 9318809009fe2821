// Writes the demo images the seed data points at (public/images/{courses,blog,mentors}).
// Output is deterministic; rerun with `npx tsx scripts/generate-seed-images.ts`.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

const FONT = 'font-family="system-ui, sans-serif"';
const C = {
  navy: "#0b1b33",
  navy2: "#16305a",
  gold: "#f5b942",
  teal: "#2dd4bf",
  ink: "#e2e8f0",
  red: "#f87171",
  dim: "#64748b",
};

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function svg(title: string, body: string, bg: [string, string], size: [number, number] = [640, 360]) {
  const [w, h] = size;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" role="img"><title>${escapeXml(title)}</title><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#bg)"/>${body}</svg>\n`;
}

/** Faint horizontal chart grid. */
function grid(opacity = 0.08, w = 640, h = 360, step = 45) {
  let d = "";
  for (let y = step; y < h; y += step) d += `M0 ${y}H${w}`;
  return `<path d="${d}" stroke="#fff" stroke-opacity="${opacity}"/>`;
}

// Small deterministic PRNG so the candles are the same on every run.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Candle = { o: number; h: number; l: number; c: number };

/** Candles that close at the given pixel heights (smaller y = higher price), with random wicks. */
function shaped(seed: number, start: number, closes: number[], wick = 12): Candle[] {
  const r = rng(seed);
  let o = start;
  return closes.map((c) => {
    const candle = { o, c, h: Math.min(o, c) - 2 - r() * wick, l: Math.max(o, c) + 2 + r() * wick };
    o = c;
    return candle;
  });
}

function candles(list: Candle[], x0: number, step: number, width: number, up = C.teal, down = C.gold) {
  let wicksUp = "";
  let wicksDown = "";
  let bodies = "";
  list.forEach(({ o, h, l, c }, i) => {
    const x = Math.round(x0 + i * step);
    const rising = c <= o;
    const wick = `M${x} ${Math.round(h)}V${Math.round(l)}`;
    if (rising) wicksUp += wick;
    else wicksDown += wick;
    const top = Math.round(Math.min(o, c));
    const height = Math.max(2, Math.round(Math.abs(o - c)));
    bodies += `<rect x="${Math.round(x - width / 2)}" y="${top}" width="${width}" height="${height}" fill="${rising ? up : down}"/>`;
  });
  return `<path d="${wicksUp}" stroke="${up}" stroke-width="2"/><path d="${wicksDown}" stroke="${down}" stroke-width="2"/>${bodies}`;
}

const line = (pts: [number, number][]) => pts.map(([x, y], i) => `${i ? "L" : "M"}${x} ${y}`).join("");

/** Head-and-shoulders person icon centred on (cx, cy). */
function person(cx: number, cy: number, s: number, fill: string) {
  return `<circle cx="${cx}" cy="${cy - 28 * s}" r="${22 * s}" fill="${fill}"/><path d="M${cx - 42 * s} ${cy + 52 * s}a${42 * s} ${46 * s} 0 0 1 ${84 * s} 0z" fill="${fill}"/>`;
}

const images: Record<string, string> = {};

// ---------- Courses (640x360) ----------

images["courses/currency-trading.svg"] = svg(
  "Currency Trading: rupee, dollar and euro symbols over a rising chart",
  grid() +
    `<path d="${line([
      [0, 300],
      [90, 270],
      [160, 285],
      [250, 220],
      [330, 240],
      [420, 170],
      [500, 185],
      [640, 90],
    ])}V360H0z" fill="${C.teal}" fill-opacity=".12"/>` +
    `<path d="${line([
      [0, 300],
      [90, 270],
      [160, 285],
      [250, 220],
      [330, 240],
      [420, 170],
      [500, 185],
      [640, 90],
    ])}" fill="none" stroke="${C.teal}" stroke-width="4" stroke-linejoin="round"/>` +
    [
      [130, 120, 62, "₹", C.gold],
      [290, 95, 44, "$", C.ink],
      [420, 90, 34, "€", C.ink],
      [540, 220, 36, "£", C.dim],
    ]
      .map(
        ([x, y, r, ch, col]) =>
          `<circle cx="${x}" cy="${y}" r="${r}" fill="${C.navy}" stroke="${col}" stroke-width="3"/><text x="${x}" y="${Number(y) + Number(r) * 0.36}" text-anchor="middle" font-size="${Number(r) * 1.05}" font-weight="700" fill="${col}" ${FONT}>${ch}</text>`,
      )
      .join(""),
  [C.navy, C.navy2],
);

images["courses/personal-mentorship.svg"] = svg(
  "Personal Mentorship: a mentor and a student beside a rising path",
  grid(0.06) +
    `<path d="M70 300H580" stroke="${C.teal}" stroke-opacity=".4" stroke-width="2"/>` +
    person(190, 200, 1.6, C.gold) +
    person(330, 228, 1.15, C.teal) +
    `<path d="M236 118Q300 70 350 150" fill="none" stroke="${C.ink}" stroke-width="3" stroke-dasharray="8 8"/>` +
    `<path d="${line([
      [410, 280],
      [460, 280],
      [460, 230],
      [510, 230],
      [510, 180],
      [560, 180],
      [560, 120],
    ])}" fill="none" stroke="${C.gold}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M540 128l20-28 20 28z" fill="${C.gold}"/>`,
  ["#052e2f", "#0e4a4c"],
);

{
  const list = shaped(7, 270, [250, 215, 185, 150, 118, 100, 128, 160, 214, 242, 196, 140, 118, 96, 78, 92], 10);
  const x = (i: number) => 50 + i * 34;
  const [ob, displacement, afterGap, highs] = [list[9]!, list[10]!, list[12]!, list[5]!];
  const zone = (i: number, top: number, bottom: number, colour: string) =>
    `<rect x="${x(i) - 12}" y="${Math.round(top)}" width="${652 - x(i)}" height="${Math.round(bottom - top)}" fill="${colour}" fill-opacity=".18" stroke="${colour}" stroke-opacity=".6"/>`;
  images["courses/smc-ict-courses.svg"] = svg(
    "SMC & ICT Courses: candlesticks with an order block, a fair value gap and a liquidity line",
    grid() +
      zone(9, ob.h, ob.l, C.gold) +
      zone(11, afterGap.l, displacement.h, C.teal) +
      `<path d="M${x(4)} ${Math.round(highs.h)}H640" stroke="${C.red}" stroke-width="2" stroke-dasharray="10 8"/>` +
      candles(list, 50, 34, 16) +
      `<g font-size="16" font-weight="700" text-anchor="end" ${FONT}><text x="630" y="${Math.round((ob.h + ob.l) / 2 + 6)}" fill="${C.gold}">OB</text><text x="630" y="${Math.round((afterGap.l + displacement.h) / 2 + 6)}" fill="${C.teal}">FVG</text><text x="630" y="${Math.round(highs.h - 10)}" fill="${C.red}">BSL</text></g>`,
    [C.navy, "#1b1f4b"],
  );
}

{
  const list = shaped(21, 245, [235, 242, 215, 222, 196, 178, 190, 160, 168, 140, 126, 136, 110, 98], 10);
  images["courses/live-trading-sessions.svg"] = svg(
    "Live Trading Sessions: a live trading screen with candlesticks",
    `<rect x="110" y="40" width="420" height="250" rx="14" fill="#07111f" stroke="${C.dim}" stroke-width="4"/>` +
      `<path d="M300 290l-14 36h68l-14-36zM250 326h140" fill="${C.dim}" stroke="${C.dim}" stroke-width="6" stroke-linecap="round"/>` +
      `<path d="M120 90H520M120 140H520M120 190H520M120 240H520" stroke="#fff" stroke-opacity=".07"/>` +
      candles(list, 160, 25, 14) +
      `<rect x="130" y="58" width="86" height="30" rx="15" fill="#dc2626"/><circle cx="150" cy="73" r="6" fill="#fff"/><text x="164" y="79" font-size="16" font-weight="700" fill="#fff" ${FONT}>LIVE</text>` +
      `<g fill="none" stroke="${C.gold}" stroke-width="4" stroke-linecap="round"><path d="M560 120a40 40 0 0 1 0 60"/><path d="M580 100a66 66 0 0 1 0 100"/><path d="M80 120a40 40 0 0 0 0 60"/><path d="M60 100a66 66 0 0 0 0 100"/></g>`,
    [C.navy, C.navy2],
  );
}

// ---------- Blog (640x360) ----------

{
  const list = shaped(3, 110, [140, 128, 170, 155, 200, 186, 232, 262, 225, 180, 148, 160, 120, 96, 80], 10);
  const x = (i: number) => 60 + i * 36;
  const [ob, lowerHigh] = [list[7]!, list[5]!];
  images["blog/smart-money-concepts-explained.svg"] = svg(
    "Smart Money Concepts: an order block and a break of structure on a candlestick chart",
    grid() +
      `<rect x="${x(7) - 14}" y="${Math.round(ob.h)}" width="${654 - x(7)}" height="${Math.round(ob.l - ob.h)}" fill="${C.gold}" fill-opacity=".16" stroke="${C.gold}" stroke-opacity=".6"/>` +
      `<text x="630" y="${Math.round((ob.h + ob.l) / 2 + 6)}" text-anchor="end" font-size="18" font-weight="700" fill="${C.gold}" ${FONT}>OB</text>` +
      `<path d="M${x(5)} ${Math.round(lowerHigh.h)}H640" stroke="${C.ink}" stroke-opacity=".7" stroke-width="2" stroke-dasharray="6 6"/>` +
      candles(list, 60, 36, 18) +
      `<text x="630" y="${Math.round(lowerHigh.h - 10)}" text-anchor="end" font-size="18" font-weight="700" fill="${C.ink}" ${FONT}>BOS</text>`,
    [C.navy, C.navy2],
  );
}

images["blog/reading-candlestick-charts.svg"] = svg(
  "Reading candlesticks: bullish, bearish, hammer and doji candles",
  grid(0.06) +
    candles(
      [
        { o: 250, h: 90, l: 270, c: 120 },
        { o: 130, h: 110, l: 280, c: 250 },
        { o: 160, h: 150, l: 300, c: 185 },
        { o: 190, h: 100, l: 280, c: 193 },
      ],
      140,
      120,
      54,
    ) +
    `<g fill="none" stroke="${C.ink}" stroke-opacity=".6" stroke-width="2"><path d="M90 120h-12v130h12"/><path d="M90 90h-12v28"/></g>` +
    `<g font-size="14" fill="${C.ink}" ${FONT}><text x="40" y="190">body</text><text x="40" y="100">wick</text></g>`,
  ["#0f172a", C.navy2],
);

images["blog/stop-revenge-trading.svg"] = svg(
  "Revenge trading: an erratic losing line calmed by a pause",
  grid(0.06) +
    `<path d="${line([
      [0, 120],
      [40, 170],
      [70, 110],
      [105, 200],
      [140, 140],
      [175, 240],
      [215, 180],
      [250, 260],
    ])}" fill="none" stroke="${C.red}" stroke-width="5" stroke-linejoin="round"/>` +
    `<circle cx="320" cy="200" r="62" fill="${C.navy}" stroke="${C.gold}" stroke-width="6"/><path d="M300 172v56M340 172v56" stroke="${C.gold}" stroke-width="14" stroke-linecap="round"/>` +
    `<path d="M390 200C440 200 460 190 500 180S590 150 640 140" fill="none" stroke="${C.teal}" stroke-width="5"/>`,
  ["#1e1b3a", C.navy],
);

images["blog/position-sizing-small-account.svg"] = svg(
  "Position sizing: stacks of coins growing beside a two percent risk marker",
  grid(0.06) +
    [0, 1, 2, 3]
      .map((col) => {
        let out = "";
        const x = 110 + col * 90;
        for (let k = 0; k <= col + 1; k++) {
          const y = 300 - k * 26;
          out += `<ellipse cx="${x}" cy="${y}" rx="34" ry="11" fill="${k % 2 ? "#d99a1e" : C.gold}" stroke="#8a5a00" stroke-width="2"/>`;
        }
        return out;
      })
      .join("") +
    `<circle cx="520" cy="150" r="76" fill="none" stroke="${C.teal}" stroke-width="6"/><text x="520" y="170" text-anchor="middle" font-size="56" font-weight="700" fill="${C.teal}" ${FONT}>2%</text>`,
  [C.navy, C.navy2],
);

images["blog/stop-loss-placement.svg"] = svg(
  "Stop loss placement: a stop line set below the swing low that defines the trade",
  grid() +
    `<path d="${line([
      [0, 120],
      [80, 170],
      [150, 150],
      [230, 240],
      [300, 190],
      [370, 215],
      [450, 130],
      [540, 150],
      [640, 70],
    ])}" fill="none" stroke="${C.teal}" stroke-width="5" stroke-linejoin="round"/>` +
    `<circle cx="230" cy="240" r="8" fill="${C.teal}"/>` +
    `<path d="M0 275H640" stroke="${C.red}" stroke-width="3" stroke-dasharray="12 8"/>` +
    `<text x="20" y="300" font-size="16" font-weight="700" fill="${C.red}" ${FONT}>STOP</text>` +
    `<path d="M560 200l40 14v30c0 24-18 38-40 46-22-8-40-22-40-46v-30z" fill="${C.navy}" stroke="${C.gold}" stroke-width="5"/>`,
  [C.navy, "#1f2a44"],
);

// Timeline 12 pm to 12 am IST over x 40..600; winter hours: London 1:30 pm to
// 9:30 pm IST, New York from 6:30 pm IST (running past the right edge).
{
  const at = (hoursAfterNoon: number) => Math.round(40 + (hoursAfterNoon * 560) / 12);
  const [londonOpen, nyOpen, londonClose] = [at(1.5), at(6.5), at(9.5)];
  images["blog/london-new-york-overlap.svg"] = svg(
    "London and New York sessions overlapping in the Indian evening",
    grid(0.05) +
      `<rect x="40" y="250" width="560" height="10" rx="5" fill="${C.dim}"/>` +
      `<path d="M${at(3)} 246v18M${at(6)} 246v18M${at(9)} 246v18" stroke="${C.ink}" stroke-width="2"/>` +
      `<rect x="${londonOpen}" y="150" width="${londonClose - londonOpen}" height="40" rx="8" fill="${C.teal}" fill-opacity=".75"/>` +
      `<rect x="${nyOpen}" y="200" width="${640 - nyOpen}" height="40" rx="8" fill="${C.gold}" fill-opacity=".75"/>` +
      `<rect x="${nyOpen}" y="140" width="${londonClose - nyOpen}" height="110" fill="#fff" fill-opacity=".08" stroke="#fff" stroke-opacity=".5" stroke-dasharray="6 6"/>` +
      `<g font-size="16" font-weight="700" ${FONT}><text x="${londonOpen + 12}" y="176" fill="${C.navy}">LONDON</text><text x="${nyOpen + 12}" y="226" fill="${C.navy}">NEW YORK</text>` +
      `<text x="${Math.round((nyOpen + londonClose) / 2)}" y="126" fill="${C.ink}" text-anchor="middle">overlap</text></g>` +
      `<g font-size="14" fill="${C.ink}" text-anchor="middle" ${FONT}><text x="${at(0)}" y="290" text-anchor="start">12 pm</text><text x="${at(3)}" y="290">3 pm</text><text x="${at(6)}" y="290">6 pm</text><text x="${at(9)}" y="290">9 pm</text><text x="${at(12)}" y="290" text-anchor="end">12 am IST</text></g>`,
    [C.navy, "#0e3b4a"],
  );
}

images["blog/fair-value-gap-entries.svg"] = svg(
  "Fair value gap: three candles leaving a gap that price later revisits",
  grid() +
    `<rect x="150" y="150" width="490" height="40" fill="${C.teal}" fill-opacity=".18" stroke="${C.teal}" stroke-opacity=".7"/>` +
    candles(
      [
        { o: 270, h: 190, l: 290, c: 210 },
        { o: 215, h: 95, l: 225, c: 105 },
        { o: 110, h: 70, l: 150, c: 85 },
      ],
      150,
      70,
      40,
    ) +
    `<path d="M390 80Q470 90 480 165" fill="none" stroke="${C.gold}" stroke-width="4"/><path d="M468 158l12 20 10-22z" fill="${C.gold}"/>` +
    `<text x="620" y="180" text-anchor="end" font-size="18" font-weight="700" fill="${C.teal}" ${FONT}>FVG</text>`,
  [C.navy, "#1b1f4b"],
);

{
  const list = shaped(11, 295, [280, 288, 262, 250, 258, 228, 214, 222, 190, 176, 184, 150], 10);
  images["blog/default.svg"] = svg(
    "Trading insights: candlesticks and a rising trend line",
    grid() +
      candles(list, 100, 40, 18) +
      `<path d="M80 322L572 178" fill="none" stroke="${C.gold}" stroke-width="4" stroke-dasharray="2 10" stroke-linecap="round"/>` +
      `<path d="M594 170L579 184L574 166z" fill="${C.gold}"/>`,
    [C.navy, C.navy2],
  );
}

// ---------- Mentors (320x320) ----------

const mentorAvatars: [string, string, string, [string, string], string][] = [
  ["arjun-mehta", "Arjun Mehta", "AM", [C.navy, C.navy2], C.gold],
  ["priya-nair", "Priya Nair", "PN", ["#053b3c", "#0f5e5b"], C.teal],
  ["rohan-deshpande", "Rohan Deshpande", "RD", ["#2e1a47", "#4a2a6a"], "#fbbf77"],
];
for (const [slug, name, initials, bg, accent] of mentorAvatars) {
  images[`mentors/${slug}.svg`] = svg(
    `${name}, mentor`,
    `<circle cx="160" cy="160" r="120" fill="none" stroke="${accent}" stroke-width="6"/>` +
      `<circle cx="160" cy="160" r="104" fill="#fff" fill-opacity=".06"/>` +
      `<text x="160" y="184" text-anchor="middle" font-size="72" font-weight="700" letter-spacing="2" fill="${accent}" ${FONT}>${initials}</text>` +
      `<path d="M110 222H210" stroke="${accent}" stroke-opacity=".5" stroke-width="4" stroke-linecap="round"/>`,
    bg,
    [320, 320],
  );
}

// Fallback for a mentor without an image.
images["mentors/default.svg"] = svg(
  "Mentor",
  `<circle cx="160" cy="160" r="120" fill="none" stroke="${C.dim}" stroke-width="6"/>` +
    `<circle cx="160" cy="160" r="104" fill="#fff" fill-opacity=".06"/>` +
    person(160, 168, 1.35, C.dim),
  [C.navy, C.navy2],
  [320, 320],
);

// Only writes (overwrites) these files; never deletes anything under public/.
const root = resolve(process.cwd(), "public/images");
for (const [path, content] of Object.entries(images)) {
  const file = resolve(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  console.log(`${path} ${Buffer.byteLength(content)} bytes`);
}
