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
import {
  clearFailedSignIns,
  recordFailedSignIn,
  recordFailedSignUp,
  signInWaitMs,
  tooManyAttemptsMessage,
} from "./login-throttle.server";
import { cookiesAreSecure, getEnv, oauthConfig, sessionSecret, type OAuthConfig } from "~/utils/env.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";
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

export type AuthFailure = { ok: false; status: 401 | 409 | 429; message: string };

/** Email + password sign-in, throttled per account and per address. */
export async function signInWithPassword(
  request: Request,
  address: string,
): Promise<{ ok: true; userId: string } | AuthFailure> {
  const email = normaliseEmail(String((await request.clone().formData()).get("email") ?? ""));
  const waitMs = await signInWaitMs(address, email);
  if (waitMs > 0) return { ok: false, status: 429, message: tooManyAttemptsMessage(waitMs) };
  try {
    const userId = await authenticator.authenticate("form", request);
    await clearFailedSignIns(email);
    return { ok: true, userId };
  } catch (error) {
    if (!(error instanceof InvalidCredentialsError)) throw error;
    await recordFailedSignIn(address, email);
    return { ok: false, status: 401, message: INVALID_CREDENTIALS_MESSAGE };
  }
}

export async function registerStudent(
  input: z.infer<typeof SignupSchema>,
  address: string,
): Promise<{ ok: true; user: PublicUser } | AuthFailure> {
  const waitMs = await signInWaitMs(address, normaliseEmail(input.email));
  if (waitMs > 0) return { ok: false, status: 429, message: tooManyAttemptsMessage(waitMs) };
  const user = createPasswordUser({
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    passwordHash: await hashPassword(input.password),
  });
  if (user) return { ok: true, user };
  await recordFailedSignUp(address);
  return { ok: false, status: 409, message: EMAIL_TAKEN_MESSAGE };
}

// ---- OAuth2 / OpenID ----

export function oauthProviderName(): string | null {
  return oauthConfig(getEnv())?.providerName ?? null;
}

const OAUTH_CALLBACK_PATH = "/auth/oauth/callback";
const OAUTH_RETURN_SECONDS = 10 * 60;

// Where to go after the provider sends the student back.
const oauthReturnCookie = createCookie("oauth_return", {
  httpOnly: true,
  sameSite: "lax",
  path: "/auth/oauth",
  secure: cookiesAreSecure(),
  secrets: [sessionSecret()],
  maxAge: OAUTH_RETURN_SECONDS,
});

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
  discovered ??= fetch(`${issuer}/.well-known/openid-configuration`, { headers: { Accept: "application/json" } })
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

const profileSchema = z.object({
  email: z.string().email(),
  email_verified: z.boolean().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
  picture: z.string().url().optional(),
});

export class OAuthSignInError extends Error {}

async function oauthStrategy(request: Request) {
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
      cookie: {
        name: "oauth_state",
        httpOnly: true,
        sameSite: "Lax",
        ...(cookiesAreSecure() ? { secure: true } : {}),
        path: "/auth/oauth",
        maxAge: OAUTH_RETURN_SECONDS,
      },
    },
    async ({ tokens }) => {
      const response = await fetch(endpoints.userinfoUrl, {
        headers: { Authorization: `Bearer ${tokens.accessToken()}`, Accept: "application/json" },
      });
      if (!response.ok) throw new OAuthSignInError(`userinfo answered ${response.status}`);
      const profile = profileSchema.safeParse(await response.json());
      if (!profile.success || profile.data.email_verified === false)
        throw new OAuthSignInError("The provider did not share a verified email address.");
      const [first, ...rest] = (profile.data.name ?? "").split(" ");
      return findOrCreateOAuthUser({
        email: profile.data.email,
        firstName: profile.data.given_name ?? (first || null),
        lastName: profile.data.family_name ?? (rest.join(" ") || null),
        profileImageUrl: profile.data.picture ?? null,
      }).id;
    },
  );
}

/** Sends the browser to the provider (state and PKCE verifier in a cookie). */
export async function startOAuthSignIn(request: Request, redirectTo: string): Promise<Response> {
  const strategy = await oauthStrategy(request);
  if (!strategy) throw redirect("/login");
  try {
    await strategy.authenticate(request);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    thrown.headers.append("Set-Cookie", await oauthReturnCookie.serialize(safeRedirectPath(redirectTo)));
    return thrown;
  }
  throw new Error("The OAuth strategy neither redirected nor failed.");
}

/** Completes the provider's callback: the signed-in user's id and where to go next. */
export async function finishOAuthSignIn(request: Request): Promise<{ userId: string; redirectTo: string }> {
  const strategy = await oauthStrategy(request);
  if (!strategy) throw redirect("/login");
  const redirectTo = safeRedirectPath(await oauthReturnCookie.parse(request.headers.get("Cookie")));
  try {
    return { userId: await strategy.authenticate(request), redirectTo };
  } catch (error) {
    if (error instanceof Response) throw error;
    throw new OAuthSignInError(error instanceof Error ? error.message : String(error));
  }
}
