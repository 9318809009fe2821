import { z } from "zod";

// Optional keys: empty strings count as "not set", so `.env.example` can
// list every key without turning features on.
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .default("file:data/app.db")
    .transform((value) => value.replace(/^file:/, "")),
  SESSION_SECRET: optional(z.string().min(32, "SESSION_SECRET must be at least 32 characters")),
  SITE_URL: optional(z.string().url("SITE_URL must be a full URL such as https://example.com")),
  GA_TRACKING_ID: optional(
    z.string().regex(/^(G|UA)-[A-Z0-9-]+$/, "GA_TRACKING_ID must look like G-XXXXXXX"),
  ),
  STRIPE_SECRET_KEY: optional(z.string().regex(/^sk_/, "STRIPE_SECRET_KEY must start with sk_")),
  STRIPE_PUBLISHABLE_KEY: optional(
    z.string().regex(/^pk_/, "STRIPE_PUBLISHABLE_KEY must start with pk_"),
  ),
  STRIPE_WEBHOOK_SECRET: optional(
    z.string().regex(/^whsec_/, "STRIPE_WEBHOOK_SECRET must start with whsec_"),
  ),
  OAUTH_ISSUER: optional(z.string().url("OAUTH_ISSUER must be a URL")),
  OAUTH_CLIENT_ID: optional(z.string()),
  OAUTH_CLIENT_SECRET: optional(z.string()),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return result.data;
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Human-readable lines about optional features that are switched off. */
export function describeDisabledFeatures(env: Env): string[] {
  const notes: string[] = [];
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY)
    notes.push("Payments are off: set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to take card payments.");
  if (!env.OAUTH_ISSUER || !env.OAUTH_CLIENT_ID || !env.OAUTH_CLIENT_SECRET)
    notes.push("OAuth sign-in is off: set OAUTH_ISSUER, OAUTH_CLIENT_ID and OAUTH_CLIENT_SECRET to offer it.");
  if (!env.GA_TRACKING_ID) notes.push("Google Analytics is off: set GA_TRACKING_ID to turn it on.");
  if (!env.SESSION_SECRET)
    notes.push("SESSION_SECRET is not set: a random one is used, so sessions end when the server restarts.");
  return notes;
}
