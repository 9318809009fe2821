// Page weight of a first load: the HTML plus every same-origin script and
// stylesheet it references (script src, modulepreload, stylesheet links and
// imports inside inline module scripts), each fetched once with gzip, as the
// browser would receive them. Images are listed apart.
import Database from "better-sqlite3";
import { getOk, getRaw, gzipBytes, kb } from "./http";
import { plantStudent, seatInBatch, signInStudent } from "./sessions";
import { budget, notMeasured } from "./types";
import type { BenchContext, Budget, Measurement, Section } from "./types";

export const HOME_JS_BUDGET_KB = 95;
/** Everything the home page's first load brings: HTML, JS and CSS gzipped, and its images. */
const HOME_TOTAL_BUDGET_KB = 250;
/** A lesson's first load, before its video player is asked for (the player loads on play). */
const LESSON_JS_BUDGET_KB = 120;

interface PageWeight {
  path: string;
  /** The page's markup, to check it is the page meant (a signed-in one, say). */
  html: string;
  htmlGzip: number;
  jsGzip: number;
  jsFiles: number;
  /** Each script's path and gzip size, largest first. */
  jsSizes: Array<{ path: string; bytes: number }>;
  cssGzip: number;
  cssFiles: number;
  imageCount: number;
  imageRawBytes: number;
  /** Images on other hosts: counted, not fetched. */
  externalImages: number;
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

function tags(html: string, name: string): string[] {
  return html.match(new RegExp(`<${name}\\b[^>]*>`, "gi")) ?? [];
}

function inlineModuleImports(html: string): string[] {
  const specifiers: string[] = [];
  const scripts = html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi);
  for (const [, attributes = "", body = ""] of scripts) {
    if (!/type\s*=\s*["']?module/i.test(attributes) || /\ssrc\s*=/i.test(attributes)) continue;
    for (const match of body.matchAll(/\bimport\s*(?:\(\s*|[\w*{}\s,$]*?\bfrom\s*)?["']([^"']+)["']/g)) {
      if (match[1]) specifiers.push(match[1]);
    }
  }
  return specifiers;
}

/** Same-origin script and stylesheet URLs a first load fetches. */
function assetReferences(html: string, pageUrl: string): { js: string[]; css: string[] } {
  const references: string[] = [];
  for (const tag of tags(html, "script")) {
    const src = attribute(tag, "src");
    if (src) references.push(src);
  }
  for (const tag of tags(html, "link")) {
    const rel = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attribute(tag, "href");
    if (href && (rel.includes("modulepreload") || rel.includes("stylesheet"))) references.push(href);
  }
  references.push(...inlineModuleImports(html));

  const origin = new URL(pageUrl).origin;
  const js = new Set<string>();
  const css = new Set<string>();
  for (const reference of references) {
    const url = new URL(reference, pageUrl);
    if (url.origin !== origin) continue;
    if (/\.css$/i.test(url.pathname)) css.add(url.href);
    else js.add(url.href);
  }
  return { js: [...js], css: [...css] };
}

function imageSources(html: string, pageUrl: string): { local: string[]; external: number } {
  const origin = new URL(pageUrl).origin;
  const local: string[] = [];
  let external = 0;
  for (const tag of tags(html, "img")) {
    const src = attribute(tag, "src");
    if (!src || src.startsWith("data:")) continue;
    const url = new URL(src, pageUrl);
    if (url.origin === origin) local.push(url.href);
    else external += 1;
  }
  return { local, external };
}

async function gzipSizes(urls: string[]): Promise<Array<{ path: string; bytes: number }>> {
  const sizes = await Promise.all(urls.map(async (url) => ({ path: new URL(url).pathname, bytes: gzipBytes(await getOk(url)) })));
  return sizes.sort((a, b) => b.bytes - a.bytes);
}

function sum(sizes: Array<{ bytes: number }>): number {
  return sizes.reduce((total, size) => total + size.bytes, 0);
}

async function sumRaw(urls: string[]): Promise<number> {
  // Every <img> counts, but a file used twice is downloaded once.
  const unique = [...new Set(urls)];
  const sizes = await Promise.all(
    unique.map(async (url) => {
      const response = await getRaw(url, false);
      return response.status === 200 ? response.body.length : 0;
    }),
  );
  return sizes.reduce((total, size) => total + size, 0);
}

export async function measurePage(siteUrl: string, path: string, cookie?: string): Promise<PageWeight> {
  const pageUrl = new URL(path, siteUrl).href;
  const page = await getOk(pageUrl, true, cookie ? { cookie } : {});
  const html = page.body.toString("utf8");
  const { js, css } = assetReferences(html, pageUrl);
  const images = imageSources(html, pageUrl);
  const jsSizes = await gzipSizes(js);
  return {
    path,
    html,
    htmlGzip: gzipBytes(page),
    jsGzip: sum(jsSizes),
    jsFiles: js.length,
    jsSizes,
    cssGzip: sum(await gzipSizes(css)),
    cssFiles: css.length,
    imageCount: images.local.length + images.external,
    imageRawBytes: await sumRaw(images.local),
    externalImages: images.external,
  };
}

function findSlug(value: unknown, depth = 0): string | undefined {
  if (depth > 4 || value === null || typeof value !== "object") return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const slug = findSlug(item, depth + 1);
      if (slug) return slug;
    }
    return undefined;
  }
  const record = value as Record<string, unknown>;
  if (typeof record.slug === "string" && record.slug) return record.slug;
  for (const nested of Object.values(record)) {
    const slug = findSlug(nested, depth + 1);
    if (slug) return slug;
  }
  return undefined;
}

/** First post's slug from GET /api/blog; undefined when the endpoint is not there yet. */
async function firstBlogSlug(siteUrl: string): Promise<string | undefined> {
  const response = await getRaw(new URL("/api/blog", siteUrl).href);
  if (response.status !== 200) return undefined;
  try {
    return findSlug(JSON.parse(response.body.toString("utf8")));
  } catch {
    return undefined;
  }
}

function files(count: number): string {
  return count === 1 ? "1 file" : `${count} files`;
}

function row(weight: PageWeight): string[] {
  const total = weight.htmlGzip + weight.jsGzip + weight.cssGzip;
  const external = weight.externalImages ? ` (+${weight.externalImages} external)` : "";
  return [
    weight.path,
    kb(weight.htmlGzip),
    `${kb(weight.jsGzip)} (${files(weight.jsFiles)})`,
    `${kb(weight.cssGzip)} (${files(weight.cssFiles)})`,
    kb(total),
    `${weight.imageCount} · ${kb(weight.imageRawBytes)}${external}`,
  ];
}

/**
 * A free preview lesson, a video one first: the same lesson page an enrolled student
 * gets (route modules and all), open to anyone, so it is weighed without a session.
 */
function previewLessonPath(databasePath: string): string | undefined {
  const database = new Database(databasePath, { readonly: true });
  try {
    const lesson = database
      .prepare(
        "SELECT course_id AS courseId, id FROM lessons WHERE is_free_preview = 1 ORDER BY type = 'video' DESC, course_id, id LIMIT 1",
      )
      .get() as { courseId: number; id: number } | undefined;
    return lesson && `/learn/${lesson.courseId}/${lesson.id}`;
  } finally {
    database.close();
  }
}

async function pagePaths(context: BenchContext, notes: string[]): Promise<string[]> {
  const slug = await firstBlogSlug(context.siteUrl);
  if (!slug) notes.push("No blog post measured: GET /api/blog gave no slug.");
  const lesson = context.server && previewLessonPath(context.server.databasePath);
  if (!lesson) notes.push("No lesson measured: the database has no free preview lesson.");
  return ["/", "/courses", ...(slug ? [`/blog/${encodeURIComponent(slug)}`] : []), ...(lesson ? [lesson] : [])];
}

function kbBudget(name: string, limitKb: number, measured: number | undefined): Budget {
  const limit = `≤ ${limitKb} KB`;
  return measured === undefined ? notMeasured(name, limit, "not measured") : budget(name, limit, kb(measured), measured <= limitKb * 1024);
}

export const pageWeight: Measurement = {
  title: "Page weight (first load, gzip)",
  budgets: [
    { name: "Home page JS (gzip)", limit: `≤ ${HOME_JS_BUDGET_KB} KB` },
    { name: "Home page total with images", limit: `≤ ${HOME_TOTAL_BUDGET_KB} KB` },
    { name: "Lesson page JS (gzip)", limit: `≤ ${LESSON_JS_BUDGET_KB} KB` },
    { name: "/learn with a batch JS (gzip)", limit: `≤ ${LESSON_JS_BUDGET_KB} KB` },
  ],
  async run(context: BenchContext): Promise<Section> {
    const notes: string[] = [];
    const rows: string[][] = [];
    let homeJs: number | undefined;
    let homeTotal: number | undefined;
    let lessonJs: number | undefined;
    for (const path of await pagePaths(context, notes)) {
      context.log(`page weight: ${path}`);
      try {
        const weight = await measurePage(context.siteUrl, path);
        if (path === "/") {
          homeJs = weight.jsGzip;
          homeTotal = weight.htmlGzip + weight.jsGzip + weight.cssGzip + weight.imageRawBytes;
          const largest = weight.jsSizes.slice(0, 4).map((file) => `${file.path} ${kb(file.bytes)}`);
          notes.push(`Largest scripts on /: ${largest.join(", ")}.`);
        }
        if (path.startsWith("/learn/")) lessonJs = weight.jsGzip;
        rows.push(row(weight));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        notes.push(`${path} not measured: ${reason.replace(context.siteUrl, "")}`);
      }
    }
    // The classroom's home of a student in a batch (its next class first), weighed with their session.
    let learnJs: number | undefined;
    if (context.server) {
      try {
        const { databasePath, sessionSecret } = context.server;
        const student = plantStudent(databasePath, []);
        seatInBatch(databasePath, student.id);
        const cookie = await signInStudent(databasePath, sessionSecret, student.id);
        const weight = await measurePage(context.siteUrl, "/learn", cookie);
        if (!weight.html.includes("Your Batches")) notes.push("/learn did not show the student's batch: the planted seat was not read.");
        learnJs = weight.jsGzip;
        rows.push(row({ ...weight, path: "/learn (student in a batch)" }));
      } catch (error) {
        notes.push(`/learn with a batch not measured: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const budgets: Budget[] = [
      kbBudget("Home page JS (gzip)", HOME_JS_BUDGET_KB, homeJs),
      kbBudget("Home page total with images", HOME_TOTAL_BUDGET_KB, homeTotal),
      kbBudget("Lesson page JS (gzip)", LESSON_JS_BUDGET_KB, lessonJs),
      kbBudget("/learn with a batch JS (gzip)", LESSON_JS_BUDGET_KB, learnJs),
    ];
    return {
      title: this.title,
      columns: ["Page", "HTML", "JS", "CSS", "Total (HTML+JS+CSS)", "Images (count · raw bytes)"],
      rows,
      budgets,
      notes,
    };
  },
};
