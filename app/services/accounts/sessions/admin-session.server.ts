import { redirect } from "@remix-run/node";
import { getAdminById, type PublicAdmin } from "~/models/accounts/admin.server";
import { extendSession } from "~/models/accounts/session.server";
import { apiError } from "~/utils/api.server";
import { safeRedirectPath } from "~/utils/redirect-target";
import { canAccess, type AdminArea } from "~/utils/permissions";
import { isStorageFault } from "~/utils/storage-faults.server";
import { ADMIN_SESSION_COOKIE } from "~/utils/session-cookie";
import { createDatabaseSessionStorage } from "./session-storage.server";

// Admin sessions: their own cookie, ended by the server
// after 2 hours without a request (idle) or 12 hours after sign-in (absolute).

const ADMIN_IDLE_MS = 2 * 60 * 60 * 1000;
const ADMIN_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
const ADMIN_KEY = "adminId";
const SIGNED_IN_AT_KEY = "signedInAt";

const adminSessions = createDatabaseSessionStorage(ADMIN_SESSION_COOKIE, ADMIN_ABSOLUTE_MS / 1000);

function getAdminSession(request: Request) {
  return adminSessions.getSession(request.headers.get("Cookie"));
}

/** The admin a live session names, with its session; nothing is written. */
async function readAdminSession(request: Request) {
  const session = await getAdminSession(request);
  const id = session.get(ADMIN_KEY);
  const signedInAt = session.get(SIGNED_IN_AT_KEY);
  if (typeof id !== "number" || typeof signedInAt !== "number") return null;
  const admin = getAdminById(id);
  return admin ? { admin, session, signedInAt } : null;
}

/** Whether an admin is signed in, without moving the idle deadline (the server asks before it reads a large body). */
export async function isAdminSignedIn(request: Request): Promise<boolean> {
  return (await readAdminSession(request)) !== null;
}

/** The signed-in admin, or null. Each request pushes the idle deadline on, never past the absolute one. */
export async function getOptionalAdmin(request: Request, now = Date.now()): Promise<PublicAdmin | null> {
  const signedIn = await readAdminSession(request);
  if (!signedIn) return null;
  const { admin, session, signedInAt } = signedIn;
  try {
    extendSession(session.id, new Date(Math.min(now + ADMIN_IDLE_MS, signedInAt + ADMIN_ABSOLUTE_MS)));
  } catch (error) {
    // Reading must go on while the database cannot be written; the idle timer just does not move.
    if (!isStorageFault(error)) throw error;
  }
  return admin;
}

function adminLoginPath(redirectTo?: string): string {
  return redirectTo && redirectTo !== "/admin" ? `/admin/login?${new URLSearchParams({ redirectTo })}` : "/admin/login";
}

const forbidden = () =>
  new Response("Forbidden: your role cannot open this part of the admin area.", { status: 403, statusText: "Forbidden" });

/** For admin pages: the admin, or a redirect to /admin/login; a role without access to `area` gets 403. */
export async function requireAdmin(request: Request, area?: AdminArea): Promise<PublicAdmin> {
  const admin = await getOptionalAdmin(request);
  if (!admin) {
    const url = new URL(request.url);
    throw redirect(adminLoginPath(url.pathname + url.search));
  }
  if (area && !canAccess(admin.role, area)) throw forbidden();
  return admin;
}

/** For admin JSON endpoints: 401 `{ message: "Unauthorized" }` signed out, 403 for a role without access. */
export async function requireApiAdmin(request: Request, area?: AdminArea): Promise<PublicAdmin> {
  const admin = await getOptionalAdmin(request);
  if (!admin) throw apiError(401, "Unauthorized");
  if (area && !canAccess(admin.role, area)) throw apiError(403, "Forbidden");
  return admin;
}

/** Starts a fresh admin session (a new id: one planted before sign-in is worthless); its Set-Cookie header. */
export async function startAdminSession(request: Request, admin: PublicAdmin, now = Date.now()): Promise<string> {
  const previous = await getAdminSession(request);
  if (previous.id) await adminSessions.destroySession(previous);
  const session = await adminSessions.getSession();
  session.set(ADMIN_KEY, admin.id);
  session.set(SIGNED_IN_AT_KEY, now);
  // The row ends at the idle deadline; the cookie itself keeps its 12-hour Max-Age.
  return adminSessions.commitSession(session, { expires: new Date(now + ADMIN_IDLE_MS) });
}

/** Ends the admin session; its Set-Cookie header. */
export async function endAdminSession(request: Request): Promise<string> {
  return adminSessions.destroySession(await getAdminSession(request));
}

/** Where an admin lands after signing in: the page asked for, else their first tab. */
export function adminHome(admin: PublicAdmin, redirectTo?: string | null): string {
  const fallback = canAccess(admin.role, "dashboard") ? "/admin" : canAccess(admin.role, "courses") ? "/admin/courses" : "/admin/teaching";
  const target = safeRedirectPath(redirectTo, fallback);
  return target.startsWith("/admin") && !target.startsWith("/admin/login") ? target : fallback;
}
