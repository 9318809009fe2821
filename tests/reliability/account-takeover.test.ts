import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markdownTable } from "../../scripts/reliability-report";
import { createStudent, type Student } from "../support/accounts";
import { countRows, withDatabase } from "../support/database";
import { browse, CookieJar, signInAtProvider, startOidcProvider, type OidcProvider } from "./support/oidc";
import { reportWhenAllPass } from "./support/report-on-pass";
import { BASE_PORT, RELIABILITY_SECRETS, startSite, type Site } from "./support/production-server";

// Taking over a password account through the OAuth provider: the attacker
// holds a provider account whose email is the victim's (one the provider
// vouches for, or one it merely repeats) and signs in with it. The site must
// not hand over an account whose own email was never proven here.

const SITE_PORT = BASE_PORT + 150;
const OIDC_PORT = BASE_PORT + 151;
const CLIENT_ID = "reliability-takeover";

let site: Site;
let oidc: OidcProvider;
const figures: { case: string; status: number; location: string; session: string; identities: number }[] = [];

beforeAll(async () => {
  oidc = await startOidcProvider({
    port: OIDC_PORT,
    clientId: CLIENT_ID,
    clientSecret: RELIABILITY_SECRETS.OAUTH_CLIENT_SECRET,
    redirectUri: `http://localhost:${SITE_PORT}/auth/oauth/callback`,
  });
  site = await startSite({
    name: "account-takeover",
    port: SITE_PORT,
    env: {
      OAUTH_CLIENT_ID: CLIENT_ID,
      OAUTH_CLIENT_SECRET: RELIABILITY_SECRETS.OAUTH_CLIENT_SECRET,
      OAUTH_ISSUER: oidc.issuer,
      OAUTH_PROVIDER_NAME: "Test Identity",
    },
  });
});

afterAll(async () => {
  await site?.stop();
  await oidc?.stop();
});

/** The test provider's profile email for a login is `<login>@example.test`, so the victim's local part is the attacker's login. */
const loginFor = (student: Student) => student.email.split("@")[0] ?? "";

/** "Continue with Test Identity" from /login?redirectTo=/events, through the provider, to the callback's answer. */
async function signInWithProvider(login: string) {
  const jar = new CookieJar();
  const start = await browse(jar, `${site.url}/auth/oauth?redirectTo=%2Fevents`);
  expect(start.status).toBe(302);
  const callback = await signInAtProvider(jar, oidc.issuer, start, login);
  const signedInAs = await browse(jar, `${site.url}/api/auth/user`);
  return {
    callback,
    location: callback.headers.get("Location") ?? "",
    setsSession: callback.headers.getSetCookie().some((cookie) => cookie.startsWith("__session=")),
    signedInAs: signedInAs.status === 200 ? ((await signedInAs.json()) as { id: string }).id : null,
  };
}

const identitiesFor = (login: string) => countRows(site.database, "user_identities", "subject = ?", login);

function record(name: string, attempt: Awaited<ReturnType<typeof signInWithProvider>>, login: string) {
  figures.push({
    case: name,
    status: attempt.callback.status,
    location: attempt.location,
    session: attempt.signedInAs ? "signed in" : "none",
    identities: identitiesFor(login),
  });
}

describe("OAuth sign-in cannot take over an account by its email", () => {
  it("a provider account vouching for a password account's unproven email is sent to sign in with the password; nothing is linked", async () => {
    const victim = await createStudent({}, site.database);
    const attempt = await signInWithProvider(loginFor(victim));
    record("provider vouches for the email, account's email unproven", attempt, loginFor(victim));

    expect(attempt.callback.status).toBe(302);
    expect(attempt.location).toBe("/login?redirectTo=%2Fevents&notice=link-from-account");
    expect(attempt.setsSession).toBe(false);
    expect(attempt.signedInAs).toBeNull();
    expect(identitiesFor(loginFor(victim))).toBe(0);
    const notice = await (await fetch(`${site.url}${attempt.location}`)).text();
    expect(notice).toContain("Sign in with your password first");
  });

  it("a provider account repeating an email it has not verified gets nowhere, whether or not an account has it", async () => {
    const victim = await createStudent({ email: `unverified-${randomUUID().slice(0, 8)}@example.test` }, site.database);
    withDatabase((db) => db.prepare("UPDATE users SET email_verified_at = ? WHERE id = ?").run(Date.now(), victim.id), site.database);
    const attempt = await signInWithProvider(loginFor(victim));
    record("provider does not vouch for the email, account's email proven", attempt, loginFor(victim));

    expect(attempt.location).toBe("/login?redirectTo=%2Fevents&notice=unverified-email");
    expect(attempt.signedInAs).toBeNull();
    expect(identitiesFor(loginFor(victim))).toBe(0);
    const users = countRows(site.database, "users", "email LIKE 'unverified-%'");
    const stranger = await signInWithProvider(`unverified-${randomUUID().slice(0, 8)}`);
    expect(stranger.location).toBe("/login?redirectTo=%2Fevents&notice=unverified-email");
    expect(countRows(site.database, "users", "email LIKE 'unverified-%'")).toBe(users);
  });

  it("control: when both sides have proven the email, the same request signs in to that account and links it", async () => {
    const owner = await createStudent({}, site.database);
    withDatabase((db) => db.prepare("UPDATE users SET email_verified_at = ? WHERE id = ?").run(Date.now(), owner.id), site.database);
    const attempt = await signInWithProvider(loginFor(owner));
    record("both sides proved the email (control)", attempt, loginFor(owner));

    expect(attempt.location).toBe("/signed-in?to=%2Fevents");
    expect(attempt.setsSession).toBe(true);
    expect(attempt.signedInAs).toBe(owner.id);
    expect(identitiesFor(loginFor(owner))).toBe(1);
  });
});

reportWhenAllPass("oauth-takeover", () => {
  const rows = figures.map((row) => [row.case, `${row.status} → \`${row.location}\``, row.session, row.identities]);
  return `## OAuth sign-in cannot take over an account

\`tests/reliability/account-takeover.test.ts\`: a password account exists for \`<login>@example.test\`; the attacker signs in at the OpenID provider (a real \`oidc-provider\` on loopback) as \`<login>\`, whose profile carries that email, then follows the provider's redirect to \`GET /auth/oauth/callback?code=…&state=…\` with the state and PKCE cookies of a sign-in it started itself. Afterwards \`GET /api/auth/user\` with the same cookies says who is signed in.

**Before:** the callback found the account by email (the provider's \`email_verified: true\` was the only check) and signed the attacker in: \`302 → /events\` with a \`__session\` cookie, \`/api/auth/user\` answered 200 with the victim's id, the password account now opened by the provider account.

**Now:** provider accounts are known by issuer + \`sub\` (\`user_identities\`); an email joins an existing account only when the provider vouches for it **and** the account proved it here (\`email_verified_at\`). Otherwise the sign-in page asks for the password first, and the provider is connected from \`/account\`.

${markdownTable(["Case", "Callback answer", "Session afterwards", "Identity rows"], rows)}`;
});
