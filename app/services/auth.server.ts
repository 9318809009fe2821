import { createCookie, redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import {
  createPasswordUser,
  findOrCreateOAuthUser,
  findUserCredentials,
  normaliseEmail,
  type PublicUser,
} from "~/models/user.server";
import { LoginSchema, type SignupSchema } from "~/schemas/auth";
import { claimAccountCreation } from "./throttle/account-creation.server";
import { throttledSignIn } from "./throttle/sign-in.server";
import type { Throttled } from "./throttle/wait";
import { cookiesAreSecure, getEnv, oauthConfig, sessionSecret, type OAuthConfig } from "~/utils/env.server";
import { hashNewPassword, verifyPassword } from "~/utils/password.server";
import { safeRedirectPath } from "~/utils/auth.server";
import { siteOrigin } from "~/utils/seo.server";

export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";
export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists. Please sign in instead.";

class InvalidCredentialsError extends Error {}

const authenticator = new Authenticator<string>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = LoginSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) throw new InvalidCredentialsError();
    const account = findUserCredentials(parsed.data.email);
    const valid = await verifyPassword(account?.passwordHash ?? null, parsed.data.password);
    if (!account || !valid) throw new InvalidCredentialsError();
    return account.id;
  }),
  "form",
);

/** `field` names the input the message belongs beside; without it the message is for the whole form. */
export type AuthFailure = { ok: false; status: 400 | 401 | 409; message: string; field?: "password" } | Throttled;

/**
 * Email + password sign-in inside the guessing throttle. A success also
 * carries the known-device cookie to set with the session.
 */
export async function signInWithPassword(
  request: Request,
  address: string,
): Promise<{ ok: true; userId: string; knownDeviceCookie: string } | AuthFailure> {
  const email = normaliseEmail(String((await request.clone().formData()).get("email") ?? ""));
  const who = { kind: "student", account: email, client: address, cookieHeader: request.headers.get("Cookie") } as const;
  const outcome = await throttledSignIn(who, async () => {
    try {
      return await authenticator.authenticate("form", request);
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return null;
      throw error;
    }
  });
  if (!outcome.ok) return outcome.status === 401 ? { ok: false, status: 401, message: INVALID_CREDENTIALS_MESSAGE } : outcome;
  return { ok: true, userId: outcome.value, knownDeviceCookie: outcome.knownDeviceCookie };
}

export async function registerStudent(
  input: z.infer<typeof SignupSchema>,
  address: string,
): Promise<{ ok: true; user: PublicUser } | AuthFailure> {
  const allowed = await claimAccountCreation(address);
  if (!allowed.ok) return allowed;
  const password = await hashNewPassword(input.password, [input.email, input.firstName, input.lastName]);
  if (!password.ok) return { ok: false, status: 400, message: password.message, field: "password" };
  const user = createPasswordUser({
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    passwordHash: password.hash,
  });
  if (user) return { ok: true, user };
  return { ok: false, status: 409, message: EMAIL_TAKEN_MESSAGE };
}

// ---- OAuth2 / OpenID ----

export function oauthProviderName(): string | null {
  return oauthConfig(getEnv())?.providerName ?? null;
}

const OAUTH_CALLBACK_PATH = "/auth/oauth/callback";
// Both cookies live only under /auth/oauth: the start and the callback.
const OAUTH_COOKIE_PATH = "/auth/oauth";
// remix-auth-oauth2 writes one `oauth_state:<uuid>` cookie per started sign-in.
const OAUTH_STATE_COOKIE = "oauth_state";
const OAUTH_RETURN_COOKIE = "oauth_return";
const OAUTH_RETURN_SECONDS = 10 * 60;

// Where to go after the provider sends the student back.
const oauthReturnCookie = createCookie(OAUTH_RETURN_COOKIE, {
  httpOnly: true,
  sameSite: "lax",
  path: OAUTH_COOKIE_PATH,
  secure: cookiesAreSecure(),
  secrets: [sessionSecret()],
  maxAge: OAUTH_RETURN_SECONDS,
});

/** Set-Cookie values that delete every OAuth cookie the request carries (state, verifier, return path). */
function clearOAuthCookies(request: Request): string[] {
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((pair) => pair.slice(0, pair.includes("=") ? pair.indexOf("=") : undefined).trim())
    .filter((name) => name.startsWith(OAUTH_STATE_COOKIE) || name === OAUTH_RETURN_COOKIE);
  const secure = cookiesAreSecure() ? "; Secure" : "";
  return [...new Set(names)].map(
    (name) =>
      `${name}=; Path=${OAUTH_COOKIE_PATH}; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
  );
}

type Endpoints = { authorizationUrl: string; tokenUrl: string; userinfoUrl: string };

const discoverySchema = z.object({
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  userinfo_endpoint: z.string().url(),
});

let discovered: Promise<Endpoints> | undefined;

async function endpointsFor(config: OAuthConfig): Promise<Endpoints> {
  if (!("issuer" in config.endpoints)) return config.endpoints;
  const issuer = config.endpoints.issuer.replace(/\/$/, "");
  discovered ??= fetch(`${issuer}/.well-known/openid-configuration`, {
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(10_000),
  })
    .then(async (response) => {
      if (!response.ok) throw new Error(`OpenID discovery at ${issuer} answered ${response.status}`);
      const document = discoverySchema.parse(await response.json());
      return {
        authorizationUrl: document.authorization_endpoint,
        tokenUrl: document.token_endpoint,
        userinfoUrl: document.userinfo_endpoint,
      };
    })
    .catch((error: unknown) => {
      discovered = undefined; // try again on the next sign-in
      throw error;
    });
  return discovered;
}

const webUrl = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//i.test(value));

const profileSchema = z.object({
  email: z.string().email(),
  email_verified: z.boolean().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
  // A bad picture must not cost the student their sign-in.
  picture: webUrl.optional().catch(undefined),
});

export class OAuthSignInError extends Error {}
/** A first OAuth sign-in that would create an account past the limit; its message is for the visitor. */
class AccountCreationRefused extends OAuthSignInError {}

async function oauthStrategy(request: Request, address = "unknown") {
  const config = oauthConfig(getEnv());
  if (!config) return null;
  const endpoints = await endpointsFor(config);
  return new OAuth2Strategy<string>(
    {
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      authorizationEndpoint: endpoints.authorizationUrl,
      tokenEndpoint: endpoints.tokenUrl,
      redirectURI: `${siteOrigin(request)}${OAUTH_CALLBACK_PATH}`,
      scopes: config.scopes,
      // PKCE with S256 is the strategy's default.
      cookie: {
        name: OAUTH_STATE_COOKIE,
        httpOnly: true,
        sameSite: "Lax",
        ...(cookiesAreSecure() ? { secure: true } : {}),
        path: OAUTH_COOKIE_PATH,
        maxAge: OAUTH_RETURN_SECONDS,
      },
    },
    async ({ tokens }) => {
      const response = await fetch(endpoints.userinfoUrl, {
        headers: { Authorization: `Bearer ${tokens.accessToken()}`, Accept: "application/json" },
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new OAuthSignInError(`userinfo answered ${response.status}`);
      const profile = profileSchema.safeParse(await response.json());
      // Only a verified email may sign in, or create or join an account: an unverified one
      // would let anyone claim an address and take over the password account that owns it.
      if (!profile.success || profile.data.email_verified !== true)
        throw new OAuthSignInError("The provider did not share a verified email address.");
      const [first, ...rest] = (profile.data.name ?? "").trim().split(/\s+/);
      const creation = findUserCredentials(profile.data.email) ? null : await claimAccountCreation(address);
      if (creation && !creation.ok) throw new AccountCreationRefused(creation.message);
      return findOrCreateOAuthUser({
        email: profile.data.email,
        firstName: profile.data.given_name || first || null,
        lastName: profile.data.family_name || rest.join(" ") || null,
        profileImageUrl: profile.data.picture ?? null,
      }).id;
    },
  );
}

/** Sends the browser to the provider (state and PKCE verifier in a cookie). */
export async function startOAuthSignIn(request: Request, redirectTo: string): Promise<Response> {
  const strategy = await oauthStrategy(request);
  if (!strategy) return redirect("/login");
  // The strategy treats a `state` in the URL as a callback; the start never is one.
  const url = new URL(request.url);
  url.search = "";
  try {
    await strategy.authenticate(new Request(url, { headers: request.headers }));
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    thrown.headers.append("Set-Cookie", await oauthReturnCookie.serialize(safeRedirectPath(redirectTo)));
    return thrown;
  }
  throw new Error("The OAuth strategy neither redirected nor failed.");
}

export type OAuthOutcome =
  | { ok: true; userId: string; redirectTo: string; headers: Headers }
  | { ok: false; reason: string; redirectTo: string; headers: Headers; notice?: string };

/**
 * Completes the provider's callback: checks the state against the cookie,
 * trades the code (with the PKCE verifier) for tokens and finds or creates
 * the student by email. Either way the OAuth cookies are cleared.
 */
export async function finishOAuthSignIn(request: Request, address: string): Promise<OAuthOutcome> {
  const headers = new Headers();
  for (const cookie of clearOAuthCookies(request)) headers.append("Set-Cookie", cookie);
  const redirectTo = safeRedirectPath(await oauthReturnCookie.parse(request.headers.get("Cookie")));
  const fail = (reason: string, notice?: string): OAuthOutcome => ({ ok: false, reason, redirectTo, headers, notice });
  // Without a state the strategy would start a new sign-in instead.
  if (!new URL(request.url).searchParams.get("state")) return fail("The callback carried no state.");
  try {
    const strategy = await oauthStrategy(request, address);
    if (!strategy) return fail("OAuth sign-in is not configured.");
    return { ok: true, userId: await strategy.authenticate(request), redirectTo, headers };
  } catch (error) {
    if (error instanceof Response) return fail(`Unexpected response ${error.status} from the strategy.`);
    if (error instanceof AccountCreationRefused) return fail("Account creation throttled.", error.message);
    return fail(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
}
