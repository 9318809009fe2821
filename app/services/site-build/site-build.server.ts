import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { isAdminSignedIn } from "../accounts/sessions/admin-session.server";
import { withMailWritten } from "./mail-writing.server";
import { allowedMethodsByPath, withMethodAnswers } from "~/utils/http-methods.server";
import { largestBodyLimit, withBodyLimits } from "~/utils/request-body.server";
import type { Refusal } from "~/utils/request-guards.server";
import { withStorageFaultAnswers } from "~/utils/storage-faults.server";

// The build as the site serves it: every route's action behind its body limits,
// every loader and action answering storage faults and writing the mail it queued, and a 405 for each method a
// route has no code for. server.ts serves it
// through Express; the in-process test harness (tests/http/support/in-process-site.ts)
// calls the same wrapped build with plain Requests.

// Request bodies held at once, all requests together: two of the largest
// uploads (16 MB), or hundreds of ordinary form posts (decision 0014).
const IN_FLIGHT_BODY_BYTES = 32 * 1024 * 1024;

export type SiteBuild = {
  build: ServerBuild;
  /** No route takes more than this; each route's own limits apply when its action runs. */
  maxBodyBytes: number;
  /** The methods of the route a path leads to (the `Allow` of a 405). */
  allowedMethods: (pathname: string) => readonly string[];
  /** Where the build lives (`client/` holds the public files). */
  buildDir: string;
};

export async function loadSiteBuild(buildDirectory = process.env.SITE_BUILD_DIR ?? "build"): Promise<SiteBuild> {
  const buildDir = resolve(buildDirectory);
  const buildPath = pathToFileURL(join(buildDir, "server/index.js"));
  if (!existsSync(buildPath)) throw new Error("No build found: run `npm run build` first.");
  const build = guardBuild((await import(buildPath.href)) as ServerBuild);
  return { build, maxBodyBytes: largestBodyLimit(build), allowedMethods: allowedMethodsByPath(build), buildDir };
}

/** A Remix build (built, or Vite's in development) as the site serves it. */
export function guardBuild(build: ServerBuild): ServerBuild {
  return withMethodAnswers(
    withStorageFaultAnswers(withMailWritten(withBodyLimits(build, { inFlightBytes: IN_FLIGHT_BODY_BYTES, isAdminSignedIn }))),
  );
}

/** The answer to a request refused before routing: a plain page for a browser's form post, JSON otherwise. */
export function refusalAnswer(
  refusal: Refusal,
  prefersHtml: boolean,
): { status: number; type: "html" | "json"; body: string; headers: Record<string, string> } {
  const headers = refusal.headers ?? {};
  if (!prefersHtml) return { status: refusal.status, type: "json", body: JSON.stringify({ message: refusal.message }), headers };
  const page = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Request refused</title></head><body><main><h1>Request refused</h1><p>${refusal.message}</p><p><a href="/">Back to Home</a></p></main></body></html>`;
  return { status: refusal.status, type: "html", body: page, headers };
}
