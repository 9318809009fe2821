import { redirect } from "@remix-run/node";
import { getActiveUserById, hasConfirmedAdult, type PublicUser } from "~/models/accounts/user.server";
import { siteViewerFacts } from "~/models/accounts/site-viewer.server";
import type { HeaderUser } from "~/components/site-header";
import { ADULT_FIRST_MESSAGE } from "~/schemas/consent";
import { apiError } from "~/utils/api.server";
import { safeRedirectPath } from "~/utils/redirect-target";
import { STUDENT_SESSION_COOKIE } from "~/utils/session-cookie";
import { createDatabaseSessionStorage } from "./session-storage.server";
import { redirectWithToast, type Toast } from "~/utils/toast.server";
import { describeUserAgent } from "~/utils/user-agent";

const STUDENT_SESSION_DAYS = 30;
const USER_ID_KEY = "userId";

export const studentSessions = createDatabaseSessionStorage(STUDENT_SESSION_COOKIE, STUDENT_SESSION_DAYS * 24 * 60 * 60);

const LOGGED_OUT_TOAST: Toast = {
  type: "destructive",
  title: "Unauthorized",
  description: "You are logged out. Logging in again...",
};

function getStudentSession(request: Request) {
  return studentSessions.getSession(request.headers.get("Cookie"));
}

export function loginPath(redirectTo: string): string {
  return `/login?${new URLSearchParams({ redirectTo })}`;
}

export function currentPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** The hop after every sign-in: it goes on to `to` when the browser kept the cookie, and says so when it did not. */
export function signedInCheckPath(to: string): string {
  return `/signed-in?${new URLSearchParams({ to: safeRedirectPath(to) })}`;
}

/** Where a deactivated student's sign-in lands: the sign-in page says why. */
const DEACTIVATED_SIGN_IN_PATH = "/login?notice=deactivated";

/** The signed-in student's id; null when signed out or their account is deactivated. */
export async function getUserId(request: Request): Promise<string | null> {
  return (await getOptionalUser(request))?.id ?? null;
}

/**
 * The student a Cookie header's session names, unchecked: for a caller that
 * reads the account itself (the page cache, through siteViewerFacts, which
 * answers nothing for a closed account).
 */
export async function sessionStudentId(cookieHeader: string | null): Promise<string | null> {
  const userId = (await studentSessions.getSession(cookieHeader)).get(USER_ID_KEY);
  return typeof userId === "string" ? userId : null;
}

/** The signed-in student, read on every request: a deactivated account's cookie reads as signed out. */
export async function getOptionalUser(request: Request): Promise<PublicUser | null> {
  const session = await getStudentSession(request);
  const userId = session.get(USER_ID_KEY);
  return typeof userId === "string" ? getActiveUserById(userId) : null;
}

/** What the site's header shows of the signed-in student (greeting, Admin link, My Courses), or null. */
export async function headerUser(request: Request): Promise<HeaderUser | null> {
  const userId = await sessionStudentId(request.headers.get("Cookie"));
  const facts = userId ? siteViewerFacts(userId) : null;
  return facts && { firstName: facts.firstName, isAdmin: facts.isAdmin, hasCourses: facts.hasCourses };
}

/**
 * The signed-in student, or a redirect to sign in that comes back here. A
 * session that has ended says so; a visitor who never signed in gets
 * `whenSignedOut` (or no toast).
 */
export async function requireUser(request: Request, options: { redirectTo?: string; whenSignedOut?: Toast } = {}): Promise<PublicUser> {
  const session = await getStudentSession(request);
  const userId = session.get(USER_ID_KEY);
  const user = typeof userId === "string" ? getActiveUserById(userId) : null;
  if (user) return user;
  const target = loginPath(options.redirectTo ?? currentPath(request));
  const hadSession = session.id !== "";
  const toast = hadSession ? LOGGED_OUT_TOAST : options.whenSignedOut;
  throw toast ? await redirectWithToast(target, toast) : redirect(target);
}

/** For JSON endpoints: the signed-in student, or 401 `{ message: "Unauthorized" }`. */
export async function requireApiUser(request: Request): Promise<PublicUser> {
  const user = await getOptionalUser(request);
  if (user) return user;
  throw Response.json({ message: "Unauthorized" }, { status: 401, headers: { "Cache-Control": "no-store" } });
}

/**
 * For JSON endpoints that take money or register a person: the signed-in student whose account
 * confirmed they are 18 or older; 401 signed out, 403 with the reason before anything is read or stored.
 */
export async function requireApiAdult(request: Request): Promise<PublicUser> {
  return refuseUnconfirmedAdult(await requireApiUser(request));
}

/** The student, when their account confirmed they are 18 or older; else a thrown 403 `{ message }`. */
export function refuseUnconfirmedAdult(user: PublicUser): PublicUser {
  if (hasConfirmedAdult(user.id)) return user;
  throw apiError(403, ADULT_FIRST_MESSAGE);
}

/** Sign-in and sign-up pages send a signed-in student on to where they were going. */
export async function requireAnonymous(request: Request) {
  if (await getUserId(request)) {
    throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")));
  }
}

/**
 * Starts a fresh session for the student (a new id, so a session id planted
 * before sign-in is worthless) and redirects.
 */
export async function signIn(request: Request, userId: string, redirectTo: string, init?: ResponseInit) {
  const previous = await getStudentSession(request);
  if (previous.id) await studentSessions.destroySession(previous);
  // Every way in (password, provider, confirmation link) ends here: a deactivated account gets no session.
  if (!getActiveUserById(userId)) return redirect(DEACTIVATED_SIGN_IN_PATH, init);
  const session = await studentSessions.getSession();
  session.set(USER_ID_KEY, userId);
  // What the account page lists of each signed-in device (app/models/accounts/account.server.ts).
  session.set("device", describeUserAgent(request.headers.get("User-Agent")));
  session.set("signedInAt", Date.now());
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await studentSessions.commitSession(session));
  return redirect(signedInCheckPath(redirectTo), { ...init, headers });
}

/** The id of the request's student session ("" when it has none): the account page's "This device". */
export async function currentSessionId(request: Request): Promise<string> {
  return (await getStudentSession(request)).id;
}

export async function signOut(request: Request, redirectTo = "/") {
  const session = await getStudentSession(request);
  return redirect(redirectTo, {
    headers: { "Set-Cookie": await studentSessions.destroySession(session) },
  });
}
