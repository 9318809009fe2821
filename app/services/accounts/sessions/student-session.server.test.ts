import { describe, expect, it } from "vitest";
import { readLiveSession } from "~/models/accounts/session.server";
import { db } from "~/utils/db.server";
import { sessions, users } from "../../../../db/schema";
import { getOptionalUser, requireApiUser, requireUser, signIn, signOut, studentSessions } from "./student-session.server";
import { getToast } from "~/utils/toast.server";

function makeUser(email = `s-${crypto.randomUUID()}@example.test`) {
  return db
    .insert(users)
    .values({ email, firstName: "Asha", lastName: "Rao", passwordHash: "x" })
    .returning({ id: users.id, email: users.email })
    .get();
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
}

function requestWith(cookie: string | null, path = "/") {
  return new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

async function sidOf(cookie: string) {
  return (await studentSessions.getSession(cookie)).id;
}

describe("student sessions", () => {
  it("signs in with a session row and a cookie that reads back as the user", async () => {
    const user = makeUser();
    const response = await signIn(requestWith(null), user.id, "/events");
    expect(response.status).toBe(302);
    // Through the check that the browser kept the cookie, then on to where the student was going.
    expect(response.headers.get("Location")).toBe("/signed-in?to=%2Fevents");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = cookieFrom(response);
    // The device it signed in from, for the account page's list (a request without a User-Agent is named plainly).
    expect(readLiveSession(await sidOf(cookie))).toEqual({ userId: user.id, device: "Unknown browser", signedInAt: expect.any(Number) });
    expect(await getOptionalUser(requestWith(cookie))).toMatchObject({ id: user.id, email: user.email });
  });

  it("gives a new session id on every sign-in and deletes the old one", async () => {
    const user = makeUser();
    const first = cookieFrom(await signIn(requestWith(null), user.id, "/"));
    const second = cookieFrom(await signIn(requestWith(first), user.id, "/"));
    const [firstSid, secondSid] = [await sidOf(first), await sidOf(second)];
    expect(secondSid).not.toBe(firstSid);
    expect(readLiveSession(firstSid)).toBeNull();
    expect(await getOptionalUser(requestWith(first))).toBeNull();
  });

  it("treats an expired session as signed out and deletes it", async () => {
    const user = makeUser();
    const cookie = cookieFrom(await signIn(requestWith(null), user.id, "/"));
    const sid = await sidOf(cookie);
    db.update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .run();
    expect(await getOptionalUser(requestWith(cookie))).toBeNull();
    expect(
      db
        .select()
        .from(sessions)
        .all()
        .some((row) => row.sid === sid),
    ).toBe(false);
  });

  it("ignores a cookie whose signature does not match", async () => {
    const user = makeUser();
    const cookie = cookieFrom(await signIn(requestWith(null), user.id, "/"));
    const tampered = cookie.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect(await getOptionalUser(requestWith(tampered))).toBeNull();
  });

  it("signs out by deleting the session row", async () => {
    const user = makeUser();
    const cookie = cookieFrom(await signIn(requestWith(null), user.id, "/"));
    const sid = await sidOf(cookie);
    const response = await signOut(requestWith(cookie));
    expect(response.headers.get("Location")).toBe("/");
    expect(readLiveSession(sid)).toBeNull();
  });
});

describe("access rules", () => {
  it("sends a visitor to sign in and back, without a toast", async () => {
    const thrown = await requireUser(requestWith(null, "/events/3/register?type=webinar")).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fevents%2F3%2Fregister%3Ftype%3Dwebinar");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("tells a student whose session ended that they are logged out", async () => {
    const user = makeUser();
    const cookie = cookieFrom(await signIn(requestWith(null), user.id, "/"));
    db.update(sessions)
      .set({ expire: new Date(0) })
      .run();
    const response = (await requireUser(requestWith(cookie, "/")).catch((e: unknown) => e)) as Response;
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2F");
    const { toast } = await getToast(requestWith(cookieFrom(response)));
    expect(toast).toMatchObject({
      type: "destructive",
      title: "Unauthorized",
      description: "You are logged out. Logging in again...",
    });
  });

  it("answers the API with 401 JSON when signed out", async () => {
    const response = (await requireApiUser(requestWith(null)).catch((e: unknown) => e)) as Response;
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Unauthorized" });
  });
});
