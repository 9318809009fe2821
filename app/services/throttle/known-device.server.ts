import { createHmac, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { cookiesAreSecure, sessionSecret } from "~/utils/env.server";

// OWASP's device cookie: a browser that has signed in to an account gets a
// signed token for that account, and keeps its own allowance of attempts on
// it while the account is being guessed at from elsewhere. The cookie names
// accounts only by a keyed hash, never by email or Admin ID.

const KNOWN_DEVICE_COOKIE = "__known_device";
const KNOWN_FOR_SECONDS = 180 * 24 * 60 * 60;
/** Accounts one browser is remembered for (a shared family computer, a student who is also an admin). */
const ACCOUNTS_PER_DEVICE = 5;

const tokensSchema = z.array(z.object({ account: z.string(), device: z.string() })).max(ACCOUNTS_PER_DEVICE);
type Token = z.infer<typeof tokensSchema>[number];

let knownDeviceCookie: ReturnType<typeof createCookie> | undefined;
function cookie() {
  knownDeviceCookie ??= createCookie(KNOWN_DEVICE_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: cookiesAreSecure(),
    secrets: [sessionSecret()],
    maxAge: KNOWN_FOR_SECONDS,
  });
  return knownDeviceCookie;
}

function accountTag(account: string): string {
  return createHmac("sha256", sessionSecret()).update(`known-device:${account}`).digest("base64url").slice(0, 22);
}

async function tokensIn(cookieHeader: string | null): Promise<Token[]> {
  const parsed = tokensSchema.safeParse(await cookie().parse(cookieHeader));
  return parsed.success ? parsed.data : [];
}

/** This browser's device id for the account when it signed in to it before (a valid signed token), else null. */
export async function knownDeviceFor(cookieHeader: string | null, account: string): Promise<string | null> {
  const tag = accountTag(account);
  return (await tokensIn(cookieHeader)).find((token) => token.account === tag)?.device ?? null;
}

/** The Set-Cookie header that remembers this browser for the account (after a successful sign-in). */
export async function rememberDevice(cookieHeader: string | null, account: string): Promise<string> {
  const tag = accountTag(account);
  const tokens = await tokensIn(cookieHeader);
  const device = tokens.find((token) => token.account === tag)?.device ?? randomBytes(16).toString("base64url");
  const others = tokens.filter((token) => token.account !== tag).slice(-(ACCOUNTS_PER_DEVICE - 1));
  return cookie().serialize([...others, { account: tag, device }]);
}
