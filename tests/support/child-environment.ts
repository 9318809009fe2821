import { spawnSync } from "node:child_process";

// Programs the test runners start beside themselves (the site, its build, a
// seed): the runner's environment without vitest's markers.

/** The environment of the test process minus vitest's own markers (vite.config.ts reads VITEST). */
export function childEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith("VITEST")) delete env[key];
  return env;
}

/** Runs `node --import tsx <args>` to the end, its output shown; throws with `label` when it fails. */
export function runNodeScript(label: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, ["--import", "tsx", ...args], { stdio: "inherit", env: { ...childEnvironment(), ...env } });
  if (result.status !== 0) throw new Error(`${label} failed.`);
}
