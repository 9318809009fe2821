import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { remember } from "@epic-web/remember";
import type { NextFunction, Request, Response } from "express";
import { siteViewerFacts } from "~/models/accounts/site-viewer.server";
import { onlyAnalyticsConsent } from "~/utils/analytics-consent";
import { sessionStudentId } from "../accounts/sessions/student-session.server";
import { STUDENT_SESSION_COOKIE } from "~/utils/session-cookie";

/**
 * Pages rendered once per data version for everyone, not once per request
 * (docs/decisions/0017). The page cache asks `planRender` how to serve a GET:
 *
 * - A public page (SHARED_PAGES) reads nothing of the visitor but the site
 *   layout's greeting (first name, admin link, My Courses). It is rendered once per viewer
 *   shape — anonymous, or a student with or without a first name, admin or not,
 *   with courses or not — with a stand-in first name, and each student gets that copy with their
 *   own name put in: in the markup as React escapes text, in the hydration
 *   data as Remix escapes it, so what the browser hydrates matches.
 * - A student's own page (OWN_PAGES: the dashboard at /; a course's page,
 *   whose button says "Go to course" to an enrolled student; the study
 *   materials, with their courses' files; the classroom's home, /learn) is
 *   rendered once per student and data version, with the real session.
 * - The classroom (CLASSROOM_PAGES) is an enrolled student's own page too,
 *   the enrollment checked on every request; anyone else there (an admin previewing, a student without a session
 *   cookie) gets a fresh render, never the anonymous copy, which is a
 *   redirect to sign in or a free preview.
 *   A student registered for an upcoming event is served the events page as
 *   their own page (REGISTRATION_PAGES), whose cards say "You are registered".
 * - Anything else, or a visitor with a toast waiting (one-time, read by the
 *   root loader), gets a fresh render.
 *
 * A page added to SHARED_PAGES must read no cookie and no per-person data in
 * its loaders: the stored copy is rendered without the visitor's cookies, but
 * for the analytics choice (granted, withdrawn or none), which is part of the key.
 */
const SHARED_PAGES = [/^\/courses$/, /^\/events$/, /^\/blog$/, /^\/blog\/[^/]+$/, /^\/(about|gallery|testimonials)$/];
const OWN_PAGES = [/^\/$/, /^\/courses\/[^/]+$/, /^\/study-materials$/, /^\/learn$/];
/** Shared pages that mark what the student registered for: such a student is served a copy of their own. */
const REGISTRATION_PAGES = [/^\/events$/];
const CLASSROOM_PAGES = [/^\/learn\/(\d+)(\/\d+)?$/];
/** Cookies a shared page reads besides the student session: their presence means a fresh render. */
const FRESH_RENDER_COOKIES = ["toast"];

export type SiteViewer = { firstName: string; isAdmin: boolean; adultConfirmed: boolean; hasCourses: boolean };

/** How the page cache serves one request. */
export type RenderPlan = {
  /** Part of the cache key: every visitor with the same variant is served from one stored render. */
  variant: string;
  /** Renders the copy to store: runs `next` the way this variant's copy must be rendered. */
  render: (req: Request, res: Response, next: NextFunction) => void;
  /** Makes a stored copy this visitor's page; absent when the copy is already theirs (or everyone's). */
  personalise?: (stored: string) => string;
};

// One store for the process: server.ts and the server build each load their own copy of this module.
const renderingFor = remember("shared-render-viewer", () => new AsyncLocalStorage<SiteViewer>());

/** Inside the render of a shared copy: the stand-in student it is rendered for. */
export function sharedRenderViewer(): SiteViewer | undefined {
  return renderingFor.getStore();
}

// Random per process, so no page text can contain it by chance.
const FIRST_NAME_STAND_IN = `firstname${randomBytes(8).toString("hex")}`;

const renderAsIs = (_req: Request, _res: Response, next: NextFunction) => next();

/**
 * A copy rendered without the visitor's cookies but their analytics choice,
 * which says only "granted" or "withdrawn" (or nothing: the banner shows): one
 * copy per choice, never one visitor's session or ids in everyone's page.
 */
function withOnlyAnalyticsConsent(req: Request, cookie: string | undefined) {
  if (cookie) req.headers.cookie = cookie;
  else delete req.headers.cookie;
}

/** Everyone's copy, rendered without whatever unrelated cookies (an admin's, a visitor id) the first visitor sent. */
function anonymousPlan(cookieHeader: string | undefined): RenderPlan {
  const consent = onlyAnalyticsConsent(cookieHeader);
  return {
    variant: consent ? `anonymous ${consent}` : "anonymous",
    render(req, _res, next) {
      withOnlyAnalyticsConsent(req, consent);
      next();
    },
  };
}

const matches = (patterns: RegExp[], path: string) => patterns.some((pattern) => pattern.test(path));
const cookieNames = (header: string) => header.split(";").map((pair) => pair.slice(0, pair.indexOf("=")).trim());

/**
 * How to serve this GET from a stored render, or null for a fresh one.
 * `anonymousEverywhere`: anonymous visitors are served stored copies of every page, not just the listed ones.
 */
export async function planRender(req: Request, { anonymousEverywhere }: { anonymousEverywhere: boolean }): Promise<RenderPlan | null> {
  if (req.method !== "GET" || req.headers.authorization) return null;
  // Only documents: a client-side navigation's data (`/courses.data`) is turbo-stream, loaded per request.
  const isDocument = !req.path.endsWith(".data");
  const shared = isDocument && matches(SHARED_PAGES, req.path);
  const classroom = isDocument && matches(CLASSROOM_PAGES, req.path);
  const own = isDocument && !shared && (classroom || matches(OWN_PAGES, req.path));
  const cookie = req.headers.cookie;
  if (!cookie) return anonymousEverywhere || shared || own ? anonymousPlan(cookie) : null;
  if (!shared && !own) return null;
  const names = cookieNames(cookie);
  if (FRESH_RENDER_COOKIES.some((name) => names.includes(name))) return null;
  if (!names.includes(STUDENT_SESSION_COOKIE)) return classroom ? null : anonymousPlan(cookie);
  const userId = await sessionStudentId(cookie);
  // One read says all the copy depends on. The enrollment is asked again on every request, stored copy
  // or not: a refund or a revocation, however it was written, closes the classroom at the next request.
  const courseId = classroom ? Number(/^\/learn\/(\d+)/.exec(req.path)?.[1]) : null;
  const facts = userId ? siteViewerFacts(userId, { now: new Date(), courseId }) : null;
  if (!userId || !facts) return null;
  if (classroom && !facts.enrolledInCourse) return null;
  const consent = onlyAnalyticsConsent(cookie);
  const ownCopy: RenderPlan = { variant: consent ? `student ${userId} ${consent}` : `student ${userId}`, render: renderAsIs };
  // The events page says "You are registered" on a student's own events: theirs is a copy of their own.
  if (shared && matches(REGISTRATION_PAGES, req.path) && facts.hasUpcomingRegistration) return ownCopy;
  if (own) return ownCopy;
  return studentPlan(
    { firstName: facts.firstName ?? "", isAdmin: facts.isAdmin, adultConfirmed: facts.adultConfirmed, hasCourses: facts.hasCourses },
    consent,
  );
}

function studentPlan(viewer: SiteViewer, consent: string | undefined): RenderPlan {
  const standIn: SiteViewer = { ...viewer, firstName: viewer.firstName ? FIRST_NAME_STAND_IN : "" };
  return {
    variant: `student admin=${viewer.isAdmin} named=${Boolean(viewer.firstName)} adult=${viewer.adultConfirmed} courses=${viewer.hasCourses}${consent ? ` ${consent}` : ""}`,
    render(req, _res, next) {
      // The copy is everyone's: rendered without this visitor's cookies but their analytics choice, for the stand-in.
      withOnlyAnalyticsConsent(req, consent);
      renderingFor.run(standIn, next);
    },
    personalise: (stored) => fillFirstName(stored, viewer.firstName),
  };
}

/** React's escaping of text and attribute values. */
function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[char] ?? char);
}

/**
 * Remix's escaping of a string inside the hydration data: the value is JSON in
 * a turbo-stream chunk, the chunk a JSON string in an inline script, escaped for HTML.
 */
function escapeInHydrationScript(text: string): string {
  const inChunk = JSON.stringify(text).slice(1, -1);
  const inScript = JSON.stringify(inChunk).slice(1, -1);
  return inScript.replace(
    /[&<>\u2028\u2029]/g,
    (char) => ({ "&": "\\u0026", "<": "\\u003c", ">": "\\u003e", "\u2028": "\\u2028", "\u2029": "\\u2029" })[char] ?? char,
  );
}

/** Puts the visitor's first name where the stand-in is, escaped for where each one stands. */
export function fillFirstName(stored: string, firstName: string): string {
  const pieces = stored.split(FIRST_NAME_STAND_IN);
  if (pieces.length === 1) return stored;
  const inMarkup = escapeMarkup(firstName);
  const inScript = escapeInHydrationScript(firstName);
  let page = pieces[0] ?? "";
  let before = page;
  for (const piece of pieces.slice(1)) {
    const insideScript = before.lastIndexOf("<script") > before.lastIndexOf("</script>");
    page += (insideScript ? inScript : inMarkup) + piece;
    before = page;
  }
  return page;
}

/** For tests: the stand-in's text, to check no copy leaves with it. */
export const firstNameStandIn = FIRST_NAME_STAND_IN;
