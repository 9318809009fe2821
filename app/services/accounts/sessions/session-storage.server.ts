import { randomBytes } from "node:crypto";
import { createCookie, createSessionStorage, type SessionStorage } from "@remix-run/node";
import { deleteSession, insertSession, readLiveSession, updateSession, type SessionData } from "~/models/accounts/session.server";
import { cookiesAreSecure, sessionSecret } from "~/utils/env.server";

/**
 * Sessions kept in the `sessions` table, the cookie holding only a signed,
 * random id. Students and admins each get their own cookie name.
 */
export function createDatabaseSessionStorage(cookieName: string, maxAgeSeconds: number): SessionStorage<SessionData, SessionData> {
  const cookie = createCookie(cookieName, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: cookiesAreSecure(),
    secrets: [sessionSecret()],
    maxAge: maxAgeSeconds,
  });
  // The server decides when a session ends, whatever the cookie says.
  const serverExpiry = (expires?: Date) => new Date(Math.min(expires?.getTime() ?? Infinity, Date.now() + maxAgeSeconds * 1000));

  return createSessionStorage<SessionData, SessionData>({
    cookie,
    async createData(data, expires) {
      const sid = randomBytes(24).toString("base64url");
      insertSession(sid, data, serverExpiry(expires));
      return sid;
    },
    async readData(sid) {
      return readLiveSession(sid);
    },
    async updateData(sid, data, expires) {
      updateSession(sid, data, serverExpiry(expires));
    },
    async deleteData(sid) {
      deleteSession(sid);
    },
  });
}
