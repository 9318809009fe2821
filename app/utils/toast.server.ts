import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { cookiesAreSecure, sessionSecret } from "./env.server";

const toastSchema = z.object({
  id: z.string(),
  // "warning": saved, but the admin should look again (a claim phrase in an editor's text).
  type: z.enum(["default", "warning", "destructive"]).default("default"),
  title: z.string(),
  description: z.string().optional(),
  /** A Google Analytics event the next page sends with the toast (course_created, admin_logout…). */
  analyticsEvent: z
    .string()
    .regex(/^[a-z_]+$/)
    .optional(),
});

export type ToastMessage = z.infer<typeof toastSchema>;
export type Toast = Omit<ToastMessage, "id" | "type"> & Partial<Pick<ToastMessage, "id" | "type">>;

const TOAST_KEY = "toast";

// A one-time cookie: set with a redirect, read (and cleared) by the root loader
// of the next page, so a toast appears after a form post without JavaScript too.
const toastSessions = createCookieSessionStorage({
  cookie: {
    name: "toast",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: cookiesAreSecure(),
    secrets: [sessionSecret()],
  },
});

export async function createToastHeaders(toast: Toast): Promise<Headers> {
  const session = await toastSessions.getSession();
  session.flash(TOAST_KEY, toastSchema.parse({ id: crypto.randomUUID(), ...toast }));
  return new Headers({ "Set-Cookie": await toastSessions.commitSession(session) });
}

export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const cookie of (await createToastHeaders(toast)).getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(url, { ...init, headers });
}

/** The pending toast, if any, and the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: ToastMessage | null; headers: Headers | null }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("toast=")) return { toast: null, headers: null };
  const session = await toastSessions.getSession(cookieHeader);
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: new Headers({ "Set-Cookie": await toastSessions.destroySession(session) }),
  };
}
