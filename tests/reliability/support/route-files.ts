import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

// The site's route modules and the URL patterns remix-flat-routes gives them
// (vite.config.ts), read from app/routes at test time: the access matrix, the
// cross-site check and the fuzzer each prove they name every route there is.

export const ROUTES_DIR = "app/routes";
/** vite.config.ts: ignoredRouteFiles. `__name` modules are helpers beside the routes. */
const isIgnored = (name: string) => /\.test\.tsx?$/.test(name) || name.startsWith("__") || name.endsWith(".server.ts");
const EXPORTS_ACTION = /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b|export\s*\{[^}]*\baction\b[^}]*\}/;

function walk(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return walk(path);
    return /\.tsx?$/.test(entry.name) && !isIgnored(entry.name) ? [relative(ROUTES_DIR, path)] : [];
  });
}

/** Every route module, relative to app/routes (`api+/contact.ts`). */
export function routeFiles(): string[] {
  return walk(ROUTES_DIR).sort();
}

export function exportsAction(file: string): boolean {
  return EXPORTS_ACTION.test(readFileSync(join(ROUTES_DIR, file), "utf8"));
}

/** Splits a flat route name on dots, except dots escaped in brackets (`robots[.]txt`). */
function segmentsOf(name: string): string[] {
  const segments: string[] = [];
  let current = "";
  let inBrackets = false;
  for (const character of name) {
    if (character === "[") inBrackets = true;
    else if (character === "]") inBrackets = false;
    else if (character === "." && !inBrackets) {
      segments.push(current);
      current = "";
    } else current += character;
  }
  return [...segments, current];
}

/** `admin+/_panel.events+/$id_.registrations.tsx` → `/admin/events/:id/registrations`. */
export function urlPatternOf(file: string): string {
  // A `+` folder's name is the leading part of each file's flat name.
  const flatName = file.replace(/\.tsx?$/, "").replace(/\+\//g, ".");
  const parts = segmentsOf(flatName).flatMap((segment) => {
    if (segment.startsWith("_")) return []; // pathless layouts, _index, _layout
    const name = segment.endsWith("_") ? segment.slice(0, -1) : segment; // `courses_`: not nested, same URL
    if (name === "$") return ["*"];
    return [name.startsWith("$") ? `:${name.slice(1)}` : name];
  });
  return `/${parts.join("/")}`;
}

/** Every URL pattern some route file answers (layouts share their index's URL). */
export function siteUrlPatterns(): string[] {
  return [...new Set(routeFiles().map(urlPatternOf))].sort();
}

export type ActionRoute = { file: string; pattern: string };

/** Every route module with an action, and its URL pattern. */
export function actionRoutes(): ActionRoute[] {
  return routeFiles()
    .filter(exportsAction)
    .map((file) => ({ file, pattern: urlPatternOf(file) }))
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** True when `url` (path and query) is an address of `pattern`. */
export function matchesPattern(url: string, pattern: string): boolean {
  const path = url.split("?")[0] ?? "";
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z]+/g, "[^/]+");
  return new RegExp(`^${source}$`).test(path);
}
