import { z } from "zod";

// Optional keys: empty strings count as "not set", so `.env.example` can
// list every key without turning features on.
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** A wait in milliseconds from `min` to `max`, `fallback` when unset. */
const milliseconds = (name: string, min: number, max: number, fallback: number) => {
  const message = `${name} must be a whole number of milliseconds from ${min} to ${max}`;
  return optional(z.coerce.number({ message }).int(message).min(min, message).max(max, message)).transform((wait) => wait ?? fallback);
};

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(["development", "production", "test"], { message: "NODE_ENV must be production, development or test" })
      .default("development"),
    PORT: z.coerce
      .number({ message: "PORT must be a port number from 1 to 65535" })
      .int("PORT must be a port number from 1 to 65535")
      .min(1, "PORT must be a port number from 1 to 65535")
      .max(65535, "PORT must be a port number from 1 to 65535")
      .default(3000),
    DATABASE_URL: z
      .string()
      .default("file:data/app.db")
      .transform((value) => value.replace(/^file:/, "")),
    SESSION_SECRET: optional(z.string().min(32, "SESSION_SECRET must be at least 32 characters")),
    SITE_URL: optional(z.string().url("SITE_URL must be a full URL such as https://example.com")),
    GA_TRACKING_ID: optional(z.string().regex(/^(G|UA)-[A-Z0-9-]+$/, "GA_TRACKING_ID must look like G-XXXXXXX")),
    STRIPE_SECRET_KEY: optional(z.string().regex(/^sk_/, "STRIPE_SECRET_KEY must start with sk_")),
    STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_/, "STRIPE_PUBLISHABLE_KEY must start with pk_")),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_/, "STRIPE_WEBHOOK_SECRET must start with whsec_")),
    // Only for tests and local mocks: a Stripe-compatible server to talk to
    // instead of api.stripe.com (its hosted pages are then on the same origin).
    STRIPE_API_URL: optional(z.string().url("STRIPE_API_URL must be a URL such as http://127.0.0.1:12111")),
    // Which provider takes payments; unset: the one whose keys are set (Stripe when both are).
    PAYMENTS_PROVIDER: optional(z.enum(["stripe", "razorpay"], { message: "PAYMENTS_PROVIDER must be stripe or razorpay" })),
    RAZORPAY_KEY_ID: optional(z.string().regex(/^rzp_(test|live)_\w+$/, "RAZORPAY_KEY_ID must look like rzp_live_XXXX or rzp_test_XXXX")),
    RAZORPAY_KEY_SECRET: optional(z.string().min(8, "RAZORPAY_KEY_SECRET must be the key secret from Razorpay's dashboard")),
    RAZORPAY_WEBHOOK_SECRET: optional(z.string().min(8, "RAZORPAY_WEBHOOK_SECRET must be at least 8 characters")),
    // How often the server asks Razorpay about orders left pending for 15 minutes (a lost webhook).
    RECONCILE_INTERVAL_MS: milliseconds("RECONCILE_INTERVAL_MS", 1000, 3_600_000, 60_000),
    // Only for tests and local mocks: a Razorpay-compatible server instead of api.razorpay.com
    // (its hosted checkout page is then there too).
    RAZORPAY_API_URL: optional(z.string().url("RAZORPAY_API_URL must be a URL such as http://127.0.0.1:12112")),
    // The first admin, created at start-up when there is none yet.
    ADMIN_ID: optional(z.string().trim().min(1).max(100, "ADMIN_ID must be at most 100 characters")),
    ADMIN_PASSWORD: optional(z.string().min(15, "ADMIN_PASSWORD must be at least 15 characters (use a passphrase)")),
    // Who may tell us the client's address in X-Forwarded-For (rate limits and
    // throttles key on it). Unset: nobody, the connection's own address counts.
    // Set it only behind a proxy: a hop count ("1"), "loopback", or addresses/CIDRs.
    TRUST_PROXY: optional(
      z
        .string()
        .trim()
        .regex(
          /^(\d+|loopback|linklocal|uniquelocal|[\d.:a-fA-F/]+(\s*,\s*[\d.:a-fA-F/]+)*)$/,
          "TRUST_PROXY must be a hop count, loopback, or a comma-separated list of addresses",
        ),
    ),
    // Mail: an SMTP server to send through (smtp://user:pass@host:587); without it mail waits in the outbox.
    SMTP_URL: optional(z.string().url("SMTP_URL must be a URL such as smtp://user:pass@mail.example.com:587")),
    MAIL_FROM: optional(z.string().trim().min(3, "MAIL_FROM must be an address such as hello@example.com")),
    // The wait before a failed message's first retry; each later wait doubles (at most an hour).
    MAIL_RETRY_BASE_MS: milliseconds("MAIL_RETRY_BASE_MS", 100, 3_600_000, 30_000),
    // OAuth2 / OpenID sign-in: an issuer to discover, or the endpoints spelled out.
    OAUTH_ISSUER: optional(z.string().url("OAUTH_ISSUER must be a URL")),
    OAUTH_AUTHORIZATION_URL: optional(z.string().url("OAUTH_AUTHORIZATION_URL must be a URL")),
    OAUTH_TOKEN_URL: optional(z.string().url("OAUTH_TOKEN_URL must be a URL")),
    OAUTH_USERINFO_URL: optional(z.string().url("OAUTH_USERINFO_URL must be a URL")),
    OAUTH_CLIENT_ID: optional(z.string()),
    OAUTH_CLIENT_SECRET: optional(z.string()),
    OAUTH_PROVIDER_NAME: optional(z.string().trim()).transform((name) => name || "Google"),
    OAUTH_SCOPES: optional(z.string().trim()).transform((scopes) => scopes || "openid email profile"),
    // The chat assistant: an optional OpenAI-compatible endpoint (base URL ending in /v1) that
    // rephrases its answers from the retrieved facts, and the per-address question limit.
    CHAT_LLM_URL: optional(z.string().url("CHAT_LLM_URL must be a URL such as http://127.0.0.1:8080/v1")),
    CHAT_LLM_MODEL: optional(z.string().trim().min(1)),
    CHAT_LLM_API_KEY: optional(z.string()),
    // Where new passwords are looked up among breached ones (Have I Been Pwned's range API, which
    // needs no key); "off" leaves the local checks alone, for a server that may not reach it.
    PWNED_PASSWORDS_URL: optional(
      z
        .string()
        .refine(
          (value) => value === "off" || URL.canParse(value),
          'PWNED_PASSWORDS_URL must be a URL such as https://api.pwnedpasswords.com, or "off"',
        ),
    ).transform((url) => url ?? "https://api.pwnedpasswords.com"),
    // "off": anonymous visitors get stored copies only of the pages rendered once per data
    // version for everyone (shared-render.server.ts), not of every page and JSON read.
    PAGE_CACHE: optional(z.enum(["on", "off"], { message: "PAGE_CACHE must be on or off" })).transform((value) => value ?? "on"),
    CHAT_RATE_LIMIT_PER_MINUTE: optional(
      z.coerce
        .number({ message: "CHAT_RATE_LIMIT_PER_MINUTE must be a whole number of at least 1" })
        .int("CHAT_RATE_LIMIT_PER_MINUTE must be a whole number of at least 1")
        .min(1, "CHAT_RATE_LIMIT_PER_MINUTE must be a whole number of at least 1"),
    ).transform((limit) => limit ?? 20),
  })
  // Links in mail name SITE_URL (publicOrigin below): without it they would
  // name localhost, which leads nowhere on the phone that opens the mail.
  .refine((env) => !env.SMTP_URL || env.SITE_URL, {
    path: ["SMTP_URL"],
    message: "SMTP_URL needs SITE_URL, the public address the links in mail lead to (e.g. https://example.com)",
  });

export type Env = z.infer<typeof envSchema>;

export type OAuthConfig = {
  providerName: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  endpoints: { issuer: string } | { authorizationUrl: string; tokenUrl: string; userinfoUrl: string };
};

/** The OAuth provider's settings, or null when OAuth sign-in is off. */
export function oauthConfig(env: Env): OAuthConfig | null {
  if (!env.OAUTH_CLIENT_ID || !env.OAUTH_CLIENT_SECRET) return null;
  const base = {
    providerName: env.OAUTH_PROVIDER_NAME,
    clientId: env.OAUTH_CLIENT_ID,
    clientSecret: env.OAUTH_CLIENT_SECRET,
    scopes: env.OAUTH_SCOPES.split(/[\s,]+/).filter(Boolean),
  };
  if (env.OAUTH_ISSUER) return { ...base, endpoints: { issuer: env.OAUTH_ISSUER } };
  if (env.OAUTH_AUTHORIZATION_URL && env.OAUTH_TOKEN_URL && env.OAUTH_USERINFO_URL)
    return {
      ...base,
      endpoints: {
        authorizationUrl: env.OAUTH_AUTHORIZATION_URL,
        tokenUrl: env.OAUTH_TOKEN_URL,
        userinfoUrl: env.OAUTH_USERINFO_URL,
      },
    };
  return null;
}

/**
 * The origin of the provider's sign-in page (the authorization endpoint, or the
 * issuer's, which discovery normally keeps on the same origin), or null when OAuth is off.
 */
export function oauthAuthorizationOrigin(
  env: Partial<Pick<Env, "OAUTH_CLIENT_ID" | "OAUTH_CLIENT_SECRET" | "OAUTH_ISSUER" | "OAUTH_AUTHORIZATION_URL">>,
): string | null {
  if (!env.OAUTH_CLIENT_ID || !env.OAUTH_CLIENT_SECRET) return null;
  const url = env.OAUTH_AUTHORIZATION_URL ?? env.OAUTH_ISSUER;
  return url ? new URL(url).origin : null;
}

export type StripeConfig = {
  secretKey: string;
  publishableKey: string;
  /** Null when webhooks are not set up; the success pages then settle payments alone. */
  webhookSecret: string | null;
  /** Where the SDK sends requests; null means Stripe itself. */
  api: { host: string; port: number; protocol: "http" | "https" } | null;
  /** The origin of the hosted Checkout page, which the CSP must let a form post reach. */
  checkoutOrigin: string;
};

/** Stripe's settings, or null when payments are off. */
export function stripeConfig(
  env: Partial<Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_PUBLISHABLE_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_URL">>,
): StripeConfig | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY) return null;
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  const protocol = api?.protocol === "http:" ? "http" : "https";
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
    api: api ? { host: api.hostname, port: Number(api.port || (protocol === "http" ? 80 : 443)), protocol } : null,
    checkoutOrigin: api ? api.origin : "https://checkout.stripe.com",
  };
}

export type RazorpayConfig = {
  keyId: string;
  keySecret: string;
  /** Null when webhooks are not set up; the return from checkout and reconciliation then settle payments alone. */
  webhookSecret: string | null;
  /** Where the SDK sends requests: Razorpay itself, or a stand-in in tests. */
  apiUrl: string;
  /** Standard Checkout's hosted page, which a form without JavaScript posts to. */
  hostedCheckoutUrl: string;
};

type RazorpayEnv = Partial<Pick<Env, "RAZORPAY_KEY_ID" | "RAZORPAY_KEY_SECRET" | "RAZORPAY_WEBHOOK_SECRET" | "RAZORPAY_API_URL">>;

/** Razorpay's settings, or null when its keys are not set. */
export function razorpayConfig(env: RazorpayEnv): RazorpayConfig | null {
  if (!env.RAZORPAY_KEY_ID || !env.RAZORPAY_KEY_SECRET) return null;
  const apiUrl = (env.RAZORPAY_API_URL ?? "https://api.razorpay.com").replace(/\/+$/, "");
  return {
    keyId: env.RAZORPAY_KEY_ID,
    keySecret: env.RAZORPAY_KEY_SECRET,
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? null,
    apiUrl,
    hostedCheckoutUrl: `${apiUrl}/v1/checkout/embedded`,
  };
}

export type PaymentsProvider = "stripe" | "razorpay";

/**
 * Who takes new payments: PAYMENTS_PROVIDER when its keys are set, otherwise
 * the provider whose keys are (Stripe when both are); null when neither.
 */
export function paymentsProvider(
  env: Partial<Pick<Env, "PAYMENTS_PROVIDER" | "STRIPE_SECRET_KEY" | "STRIPE_PUBLISHABLE_KEY">> & RazorpayEnv,
): PaymentsProvider | null {
  const stripe = stripeConfig(env) !== null;
  const razorpay = razorpayConfig(env) !== null;
  if (env.PAYMENTS_PROVIDER === "stripe") return stripe ? "stripe" : null;
  if (env.PAYMENTS_PROVIDER === "razorpay") return razorpay ? "razorpay" : null;
  if (stripe) return "stripe";
  return razorpay ? "razorpay" : null;
}

/** Express's "trust proxy" value for TRUST_PROXY: nothing trusted when it is unset. */
export function trustProxySetting(env: Pick<Env, "TRUST_PROXY">): boolean | number | string {
  if (!env.TRUST_PROXY) return false;
  return /^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY;
}

let generatedSecret: string | undefined;
/** Signs cookies; without SESSION_SECRET a random one lives as long as the process. */
export function sessionSecret(env: Env = getEnv()): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  generatedSecret ??= crypto.randomUUID() + crypto.randomUUID();
  return generatedSecret;
}

/**
 * The site's public address for every absolute link it writes: mail, payment
 * returns, the OAuth callback, canonical links and the sitemap. It comes only
 * from configuration (SITE_URL, or this server on localhost when that is unset),
 * never from a request's Host or forwarding headers, which whoever sends the
 * request chooses: a reset mail could otherwise lead to another site. Mail is
 * sent only when SITE_URL is set (the schema above), so a localhost link never
 * reaches a phone.
 */
export function publicOrigin(env: Pick<Env, "SITE_URL" | "PORT"> = getEnv()): string {
  return env.SITE_URL?.replace(/\/$/, "") ?? `http://localhost:${env.PORT}`;
}

/**
 * Secure cookies when the site's address is https. Without SITE_URL the site
 * is served over plain http (http://localhost:PORT, or this machine's address
 * on the LAN), where a browser drops a Secure cookie from any address but
 * localhost: sign-in would fail with no word. A public site sets SITE_URL.
 */
export function cookiesAreSecure(env: Env = getEnv()): boolean {
  return env.NODE_ENV === "production" && Boolean(env.SITE_URL?.startsWith("https://"));
}

/** A configuration that cannot start the site: one line per bad variable, each naming it. */
export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConfigurationError";
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    // The first complaint per variable; the value itself is never repeated (it may be a secret).
    const byVariable = new Map<string, string>();
    for (const issue of result.error.issues) {
      const name = issue.path.join(".");
      if (!byVariable.has(name)) byVariable.set(name, issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`);
    }
    throw new ConfigurationError([...byVariable.values()].map((problem) => `Invalid configuration: ${problem}`));
  }
  return result.data;
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Which provider takes payments, or why none does, and whether its webhooks are on. */
function describePayments(env: Env): string[] {
  const provider = paymentsProvider(env);
  if (provider === null && env.PAYMENTS_PROVIDER === "razorpay")
    return ["Payments are off: PAYMENTS_PROVIDER is razorpay but RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are not both set."];
  if (provider === null && env.PAYMENTS_PROVIDER === "stripe")
    return ["Payments are off: PAYMENTS_PROVIDER is stripe but STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are not both set."];
  if (provider === null)
    return [
      "Payments are off: set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to take card payments, or RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET for Razorpay (UPI, cards, netbanking, wallets).",
    ];
  if (provider === "razorpay") {
    const notes = ["Payments are taken by Razorpay (PAYMENTS_PROVIDER=razorpay or only Razorpay's keys set)."];
    if (!env.RAZORPAY_WEBHOOK_SECRET)
      notes.push(
        "Razorpay webhooks are off: set RAZORPAY_WEBHOOK_SECRET so payments completed after the student leaves the site are recorded at once (reconciliation finds them after 15 minutes).",
      );
    return notes;
  }
  const notes = ["Payments are taken by Stripe."];
  if (!env.STRIPE_WEBHOOK_SECRET)
    notes.push(
      "Stripe webhooks are off: set STRIPE_WEBHOOK_SECRET so payments completed after the student leaves the site are still recorded.",
    );
  return notes;
}

/** Human-readable lines about optional features that are switched off. */
export function describeDisabledFeatures(env: Env): string[] {
  const notes: string[] = [];
  notes.push(...describePayments(env));
  if (!oauthConfig(env))
    notes.push(
      "OAuth sign-in is off: set OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET and OAUTH_ISSUER (or OAUTH_AUTHORIZATION_URL, OAUTH_TOKEN_URL and OAUTH_USERINFO_URL) to offer it.",
    );
  if (!env.SMTP_URL)
    notes.push(
      "Mail is not sent: set SMTP_URL (and MAIL_FROM) to send it; until then messages wait in the admin's Outbox (/admin/outbox).",
    );
  if (!env.SITE_URL)
    notes.push(
      `SITE_URL is not set: links in mail, payment returns, the sign-in provider's callback and canonical links name ${publicOrigin(env)}. Set it to the site's public address (mail is sent only once it is).`,
    );
  if (env.PWNED_PASSWORDS_URL === "off")
    notes.push(
      "New passwords are not looked up among breached ones (PWNED_PASSWORDS_URL=off): unset it to check them against Have I Been Pwned's Pwned Passwords.",
    );
  if (!env.GA_TRACKING_ID) notes.push("Google Analytics is off: set GA_TRACKING_ID to turn it on.");
  if (!env.SESSION_SECRET) notes.push("SESSION_SECRET is not set: a random one is used, so sessions end when the server restarts.");
  return notes;
}
