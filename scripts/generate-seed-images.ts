// Draws the demo content's images (course and blog covers, event banners, mentor portraits),
// encodes each into the variants the site serves, and writes the list of them
// to db/seed-images.ts, which the seed records as already encoded: a fresh
// start spends no time encoding. Deterministic; rerun after changing a seeded
// title with `npx tsx scripts/generate-seed-images.ts`.
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { basename, dirname, resolve } from "node:path";
import { DEFAULT_INSTITUTE } from "../app/utils/institute";

import { coverSvg, initialsSvg, rasterise } from "../app/services/images/cover-art.server";
import { encodeImage } from "../app/services/images/images.server";
import { eventTypeLabel } from "../db/enums";
import { seedImageSubjects } from "../db/seed";

// Demo images carry the demo institute's name.
const SITE_NAME = DEFAULT_INSTITUTE.name;

// Seeded covers are drawn at 960 wide: sharp enough for a card and the course
// page on any phone, and small enough to keep in the repository.
const COVER = { width: 960, height: 540 };
const PORTRAIT = 480;

const { courses, posts, mentors, events } = seedImageSubjects();
const drawings = [
  ...courses.map((course) => ({
    url: course.imageUrl,
    svg: coverSvg({ eyebrow: `Course · ${course.level}`, title: course.title, footer: SITE_NAME }, COVER),
  })),
  ...posts.map((post) => ({
    url: post.imageUrl,
    svg: coverSvg({ eyebrow: `Blog · ${post.category}`, title: post.title, footer: SITE_NAME }, COVER),
  })),
  ...events.map((event) => ({
    url: event.imageUrl,
    svg: coverSvg({ eyebrow: `Event · ${eventTypeLabel(event.eventType ?? "") ?? "Live"}`, title: event.title, footer: SITE_NAME }, COVER),
  })),
  ...mentors.map((mentor) => ({ url: mentor.imageUrl, svg: initialsSvg(mentor.name, PORTRAIT) })),
];

const manifest = [];
for (const { url, svg } of drawings) {
  const file = resolve("public", `.${url}`);
  const directory = dirname(file);
  await mkdir(directory, { recursive: true });
  // Variants of an earlier drawing of this image go first.
  const stem = basename(file).replace(/\.jpg$/, "");
  for (const name of await readdir(directory))
    if (name.startsWith(`${stem}-`) && /-\d+\.(avif|webp|jpg)$/.test(name)) await rm(resolve(directory, name));
  await rasterise(svg).jpeg({ quality: 82, mozjpeg: true }).toFile(file);
  manifest.push({ name: url, ...(await encodeImage(directory, basename(file))) });
  console.log(`Drew ${url}`);
}

// Video stills: the players show the institute's listed videos over these
// local pictures, so no visitor's browser asks the video platform for anything
// before they choose to play.
const STILL = { width: 640, height: 360 };
const LESSON_STILLS = ["Learn with our mentors", "Charts, step by step", "Plan every trade", "Risk comes first"];
const STORY_STILLS = ["In their own words", "A student's journey", "From the classroom"];
const stills = [
  ...LESSON_STILLS.map((title, index) => ({
    file: `public/images/videos/lesson-${index + 1}.jpg`,
    svg: coverSvg({ eyebrow: "Video lesson", title, footer: SITE_NAME }, STILL),
  })),
  ...STORY_STILLS.map((title, index) => ({
    file: `public/images/videos/story-${index + 1}.jpg`,
    svg: coverSvg({ eyebrow: "Student story", title, footer: SITE_NAME }, { width: 360, height: 640 }),
  })),
];
for (const still of stills) {
  await rasterise(still.svg).jpeg({ quality: 78, mozjpeg: true }).toFile(resolve(still.file));
  console.log(`Drew ${still.file}`);
}

await writeFile(
  resolve("db/seed-images.ts"),
  `// Written by scripts/generate-seed-images.ts: the seeded images under public/, encoded and ready.\nexport const SEED_IMAGES = ${JSON.stringify(manifest, null, 2)} as const;\n`,
);
