import { createCookie, redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import { createPasswordAccount, findUserCredentials, normaliseEmail } from "~/models/accounts/user.server";
import {
  linkProviderIdentity,
  listLinkedIdentities,
  signInWithProviderIdentity,
  type IdentityLink,
  type ProviderIdentity,
} from "~/models/accounts/user-identity.server";
import { LoginSchema, type SignupSchema } from "~/schemas/auth";
import { claimAccountCreation } from "../throttle/account-creation.server";
import { passwordContext } from "./password-context.server";
import { throttledSignIn } from "../throttle/sign-in.server";
import type { Throttled } from "../throttle/wait";
import { cookiesAreSecure, getEnv, oauthConfig, publicOrigin, sessionSecret, type OAuthConfig } from "~/utils/env.server";
import { hashNewPassword, verifyPassword } from "~/services/accounts/passwords.server";
import { safeRedirectPath } from "~/utils/redirect-target";
import { withoutHiddenControls } from "~/schemas/person-name";

export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";

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
export type AuthFailure = { ok: false; status: 400 | 401; message: string; field?: "password" } | Throttled;

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

/**
 * Sign-up. Every valid request gets the same answer whether or not the email
 * already has an account, in about the same time (the password is hashed
 * either way); only the mail to that address says which it was.
 */
export async function registerStudent(input: z.infer<typeof SignupSchema>, address: string): Promise<{ ok: true } | AuthFailure> {
  // Counted per address, never per email, so a refusal says nothing about who has an account.
  const allowed = await claimAccountCreation(address);
  if (!allowed.ok) return allowed;
  const password = await hashNewPassword(input.password, passwordContext({ email: input.email, names: [input.firstName, input.lastName] }));
  if (!password.ok) return { ok: false, status: 400, message: password.message, field: "password" };
  createPasswordAccount({ email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash: password.hash });
  return { ok: true };
}

// ---- OAuth2 / OpenID ----

export function oauthProviderName(): string | null {
  return oauthConfig(getEnv())?.providerName ?? null;
}

export type ProviderConnection = { name: string; connectedAs: string | null };

/** The configured provider, and which of its accounts (by email) this student has connected. */
export function providerConnection(userId: string): ProviderConnection | null {
  const config = oauthConfig(getEnv());
  if (!config) return null;
  const key = providerKey(config);
  const identity = listLinkedIdentities(userId).find((linked) => linked.provider === key);
  return { name: config.providerName, connectedAs: identity ? (identity.email ?? "") : null };
}

const OAUTH_CALLBACK_PATH = "/auth/oauth/callback";
// Both cookies live only under /auth/oauth: the callback is the only page that reads them.
const OAUTH_COOKIE_PATH = "/auth/oauth";
// remix-auth-oauth2 writes one `oauth_state:<uuid>` cookie per started sign-in.
const OAUTH_STATE_COOKIE = "oauth_state";
const OAUTH_INTENT_COOKIE = "oauth_intent";
const OAUTH_COOKIE_SECONDS = 10 * 60;
/** Where connecting a provider starts and ends. */
const ACCOUNT_PATH = "/account";

/**
 * What the callback is to do: sign in and go to `redirectTo`, or (with
 * `linkTo`) connect the provider account to that signed-in student. Signed, so
 * a visitor cannot turn a sign-in into a link to someone else's account.
 */
const oauthIntentSchema = z.object({ redirectTo: z.string(), linkTo: z.string().optional() });
type OAuthIntent = z.infer<typeof oauthIntentSchema>;

const oauthIntentCookie = createCookie(OAUTH_INTENT_COOKIE, {
  httpOnly: true,
  sameSite: "lax",
  path: OAUTH_COOKIE_PATH,
  secure: cookiesAreSecure(),
  secrets: [sessionSecret()],
  maxAge: OAUTH_COOKIE_SECONDS,
});

async function readOAuthIntent(request: Request): Promise<OAuthIntent> {
  const parsed = oauthIntentSchema.safeParse(await oauthIntentCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? { ...parsed.data, redirectTo: safeRedirectPath(parsed.data.redirectTo) } : { redirectTo: "/" };
}

/** Set-Cookie values that delete every OAuth cookie the request carries (state, verifier, intent). */
function clearOAuthCookies(request: Request): string[] {
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((pair) => pair.slice(0, pair.includes("=") ? pair.indexOf("=") : undefined).trim())
    .filter((name) => name.startsWith(OAUTH_STATE_COOKIE) || name === OAUTH_INTENT_COOKIE);
  const secure = cookiesAreSecure() ? "; Secure" : "";
  return [...new Set(names)].map(
    (name) => `${name}=; Path=${OAUTH_COOKIE_PATH}; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
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

/**
 * Whose subjects these are: the issuer, or for plain OAuth2 the authorization
 * endpoint's origin. Not the button's label, which an admin may rename.
 */
function providerKey(config: OAuthConfig): string {
  return "issuer" in config.endpoints ? config.endpoints.issuer.replace(/\/$/, "") : new URL(config.endpoints.authorizationUrl).origin;
}

const webUrl = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//i.test(value));

const profileSchema = z.object({
  // OpenID's subject; plain OAuth2 APIs (GitHub's, say) name the account `id`.
  sub: z.string().min(1).optional(),
  id: z.union([z.string().min(1), z.number()]).optional(),
  email: z.string().email(),
  email_verified: z.boolean().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
  // A bad picture must not cost the student their sign-in.
  picture: webUrl.optional().catch(undefined),
});

class OAuthSignInError extends Error {}
async function oauthStrategy() {
  const config = oauthConfig(getEnv());
  if (!config) return null;
  const endpoints = await endpointsFor(config);
  return new OAuth2Strategy<ProviderIdentity>(
    {
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      authorizationEndpoint: endpoints.authorizationUrl,
      tokenEndpoint: endpoints.tokenUrl,
      redirectURI: `${publicOrigin()}${OAUTH_CALLBACK_PATH}`,
      scopes: config.scopes,
      // PKCE with S256 is the strategy's default.
      cookie: {
        name: OAUTH_STATE_COOKIE,
        httpOnly: true,
        sameSite: "Lax",
        ...(cookiesAreSecure() ? { secure: true } : {}),
        path: OAUTH_COOKIE_PATH,
        maxAge: OAUTH_COOKIE_SECONDS,
      },
    },
    async ({ tokens }) => {
      const response = await fetch(endpoints.userinfoUrl, {
        headers: { Authorization: `Bearer ${tokens.accessToken()}`, Accept: "application/json" },
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new OAuthSignInError(`userinfo answered ${response.status}`);
      const profile = profileSchema.safeParse(await response.json());
      if (!profile.success) throw new OAuthSignInError("The provider's profile had no usable email address.");
      const subject = profile.data.sub ?? (profile.data.id === undefined ? null : String(profile.data.id));
      if (!subject) throw new OAuthSignInError("The provider's profile named no account (no sub or id).");
      // Printed on certificates: a provider's name loses what would reorder or break it.
      const name = (value: string | undefined) => (value === undefined ? undefined : withoutHiddenControls(value).trim());
      const [first, ...rest] = (name(profile.data.name) ?? "").split(/\s+/);
      return {
        provider: providerKey(config),
        subject,
        email: profile.data.email,
        emailVerified: profile.data.email_verified === true,
        firstName: name(profile.data.given_name) || first || null,
        lastName: name(profile.data.family_name) || rest.join(" ") || null,
        profileImageUrl: profile.data.picture ?? null,
      };
    },
  );
}

/** Sends the browser to the provider (state and PKCE verifier in a cookie, the intent in another). */
async function startOAuth(request: Request, intent: OAuthIntent, whenOff: string): Promise<Response> {
  const strategy = await oauthStrategy();
  if (!strategy) return redirect(whenOff);
  // The strategy treats a `state` in the URL as a callback; the start never is one.
  const url = new URL(request.url);
  url.search = "";
  try {
    await strategy.authenticate(new Request(url, { headers: request.headers }));
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    thrown.headers.append("Set-Cookie", await oauthIntentCookie.serialize(intent));
    return thrown;
  }
  throw new Error("The OAuth strategy neither redirected nor failed.");
}

export function startOAuthSignIn(request: Request, redirectTo: string): Promise<Response> {
  return startOAuth(request, { redirectTo: safeRedirectPath(redirectTo) }, "/login");
}

/** Connecting the provider from the account page: the callback links it to this student. */
export function startOAuthLink(request: Request, userId: string): Promise<Response> {
  return startOAuth(request, { redirectTo: ACCOUNT_PATH, linkTo: userId }, ACCOUNT_PATH);
}

export type OAuthOutcome = { redirectTo: string; headers: Headers } & (
  | { kind: "signed-in"; userId: string }
  | { kind: "sign-in-refused"; reason: "unverified-email" | "link-from-account" }
  | { kind: "link"; result: IdentityLink }
  | { kind: "failed"; linking: boolean; reason: string; notice?: string }
);

/**
 * Completes the provider's callback: checks the state against the cookie,
 * trades the code (with the PKCE verifier) for tokens, reads the profile, and
 * then signs in or links as the intent says. `signedInUserId` is who the
 * student session names now: a link is made only for the student who started it.
 * Either way the OAuth cookies are cleared.
 */
export async function finishOAuth(request: Request, signedInUserId: string | null, address: string): Promise<OAuthOutcome> {
  const headers = new Headers();
  for (const cookie of clearOAuthCookies(request)) headers.append("Set-Cookie", cookie);
  const intent = await readOAuthIntent(request);
  const linking = intent.linkTo !== undefined;
  const base = { redirectTo: intent.redirectTo, headers };
  const fail = (reason: string, notice?: string): OAuthOutcome => ({ ...base, kind: "failed", linking, reason, notice });
  // Without a state the strategy would start a new sign-in instead.
  if (!new URL(request.url).searchParams.get("state")) return fail("The callback carried no state.");
  if (linking && intent.linkTo !== signedInUserId) return fail("The student who started linking is no longer signed in.");
  let identity: ProviderIdentity;
  try {
    const strategy = await oauthStrategy();
    if (!strategy) return fail("OAuth sign-in is not configured.");
    identity = await strategy.authenticate(request);
  } catch (error) {
    if (error instanceof Response) return fail(`Unexpected response ${error.status} from the strategy.`);
    return fail(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
  if (intent.linkTo) return { ...base, kind: "link", result: linkProviderIdentity(intent.linkTo, identity) };
  // A first sign-in that would open an account counts against the address's sign-ups.
  if (!findUserCredentials(identity.email)) {
    const creation = await claimAccountCreation(address);
    if (!creation.ok) return fail("Account creation throttled.", creation.message);
  }
  const signIn = signInWithProviderIdentity(identity);
  return signIn.ok ? { ...base, kind: "signed-in", userId: signIn.user.id } : { ...base, kind: "sign-in-refused", reason: signIn.reason };
}
