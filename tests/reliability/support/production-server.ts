import { mkdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { FEATURES_OFF_ENV } from "../../support/features-off";
import { startProcess, type RunningProcess } from "./processes";
import { BASE_PORT, BUILD_DIR, RELIABILITY_SECRETS, RELIABILITY_SESSION_SECRET } from "./site-config";

export { BASE_PORT, BUILD_DIR, RELIABILITY_SECRETS, RELIABILITY_SESSION_SECRET };

// Production servers for the reliability suite: each test file starts its own
// on its own port and database, exactly as `npm start` serves the site.

/** Per base port, so two runs of the suite on one machine never share a database. */
const DATA_DIR = resolve(`tmp/reliability/${BASE_PORT}`);

export type Site = RunningProcess & {
  url: string;
  port: number;
  database: string;
  signal(name: NodeJS.Signals): void;
};

export type SiteOptions = {
  /** Names the database file: tmp/reliability/<base port>/<name>.db. */
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

export async function startSite(options: SiteOptions): Promise<Site> {
  mkdirSync(DATA_DIR, { recursive: true });
  const database = options.database ?? databasePathFor(options.name);
  if (!options.keepDatabase) removeDatabase(database);
  const url = `http://localhost:${options.port}`;
  const server = await startProcess({
    label: "The server",
    args: [...(options.preload ? ["--require", options.preload] : []), "scripts/start.ts"],
    // Every feature off unless a test turns it on; the secrets stay configured where
    // harmless, so the suite can check that none reaches a browser.
    env: {
      ...FEATURES_OFF_ENV,
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
    readyUrl: `${url}/healthz`,
    timeoutMs: 180_000,
  });
  return { ...server, url, port: options.port, database, signal: (name) => server.child.kill(name) };
}
