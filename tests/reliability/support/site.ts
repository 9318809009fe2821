import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";

// Production servers for the reliability suite: each test file starts its own
// on its own port and database, exactly as `npm start` serves the site.

export const RELIABILITY_SESSION_SECRET = "reliability-session-secret-at-least-32-chars";
/** Configured on every server the suite starts (and on the build): none may reach the browser. */
export const RELIABILITY_SECRETS = {
  SESSION_SECRET: RELIABILITY_SESSION_SECRET,
  ADMIN_PASSWORD: "reliability-admin-password-1",
  STRIPE_SECRET_KEY: "sk_test_reliability_secret_key_9f3a",
  STRIPE_WEBHOOK_SECRET: "whsec_reliability_webhook_secret_71c2",
  OAUTH_CLIENT_SECRET: "reliability-oauth-client-secret-5d8e",
  CHAT_LLM_API_KEY: "reliability-chat-llm-api-key-2b6f",
} as const;

/** The environment of the test process minus vitest's own markers (vite.config.ts reads VITEST). */
export function childEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith("VITEST")) delete env[key];
  return env;
}

/** The first port; each file adds its own offset (see each file's SITE_PORT). */
export const BASE_PORT = Number(process.env.RELIABILITY_PORT ?? 3700);
export const BUILD_DIR = process.env.SITE_BUILD_DIR ?? "build";
/** Per base port, so two runs of the suite on one machine never share a database. */
const DATA_DIR = resolve(`tmp/reliability/${BASE_PORT}`);

export type Site = {
  url: string;
  port: number;
  database: string;
  child: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL: no shutdown code runs, as when the machine loses the process. */
  kill9(): Promise<void>;
  signal(name: NodeJS.Signals): void;
};

export type SiteOptions = {
  /** Names the database file: tmp/reliability/<name>.db. */
  name: string;
  port: number;
  env?: Record<string, string>;
  /** A CommonJS module loaded before the server (fault injection). */
  preload?: string;
  /** Keep an existing database (a restart); by default each start begins empty. */
  keepDatabase?: boolean;
  /** Serve this database file instead of tmp/reliability/<name>.db. */
  database?: string;
};

export function databasePathFor(name: string) {
  return resolve(DATA_DIR, `${name}.db`);
}

export function removeDatabase(path: string) {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true });
}

/** Payments, OAuth and the LLM are off unless a test turns them on; the keys are still "configured" where harmless. */
const QUIET_ENV = {
  STRIPE_SECRET_KEY: "",
  STRIPE_PUBLISHABLE_KEY: "",
  STRIPE_WEBHOOK_SECRET: "",
  STRIPE_API_URL: "",
  OAUTH_CLIENT_ID: "",
  OAUTH_CLIENT_SECRET: "",
  OAUTH_ISSUER: "",
  CHAT_LLM_URL: "",
  CHAT_LLM_MODEL: "",
  GA_TRACKING_ID: "",
  SITE_URL: "",
};

export async function startSite(options: SiteOptions): Promise<Site> {
  mkdirSync(DATA_DIR, { recursive: true });
  const database = options.database ?? databasePathFor(options.name);
  if (!options.keepDatabase) removeDatabase(database);
  const args = ["--import", "tsx", ...(options.preload ? ["--require", options.preload] : []), "scripts/start.ts"];
  // One node process (not the tsx CLI, which forks): signals reach the server itself.
  const child = spawn(process.execPath, args, {
    env: {
      ...childEnvironment(),
      ...QUIET_ENV,
      NODE_ENV: "production",
      PORT: String(options.port),
      DATABASE_URL: database,
      SITE_BUILD_DIR: BUILD_DIR,
      SESSION_SECRET: RELIABILITY_SESSION_SECRET,
      ADMIN_ID: "reliability-admin",
      ADMIN_PASSWORD: RELIABILITY_SECRETS.ADMIN_PASSWORD,
      CHAT_LLM_API_KEY: RELIABILITY_SECRETS.CHAT_LLM_API_KEY,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://localhost:${options.port}`;

  const site: Site = {
    url,
    port: options.port,
    database,
    child,
    output: () => output,
    signal: (name) => child.kill(name),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
    async kill9() {
      child.kill("SIGKILL");
      await exited;
    },
  };
  await waitForHealth(url, child, () => output);
  return site;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The server exited before it answered:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`The server did not answer /healthz within 180 s:\n${output()}`);
}
