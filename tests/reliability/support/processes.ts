import { spawn, type ChildProcess } from "node:child_process";

// Node programs the suite runs beside itself (the site, the OpenID provider):
// one process each (not the tsx CLI, which forks), so signals reach the program.

export type RunningProcess = {
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** What it printed to stderr alone. */
  errors(): string;
  stop(): Promise<void>;
  /** SIGKILL: no shutdown code runs, as when the machine loses the process. */
  kill9(): Promise<void>;
};

/** The environment of the test process minus vitest's own markers (vite.config.ts reads VITEST). */
export function childEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith("VITEST")) delete env[key];
  return env;
}

/** Starts `node --import tsx <args>` and resolves once `readyUrl` answers 2xx. */
export async function startProcess(options: {
  label: string;
  args: string[];
  env: Record<string, string>;
  readyUrl: string;
  timeoutMs: number;
}): Promise<RunningProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", ...options.args], {
    env: { ...childEnvironment(), ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let errors = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    errors += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const running: RunningProcess = {
    child,
    output: () => output,
    errors: () => errors,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
    async kill9() {
      child.kill("SIGKILL");
      await exited;
    },
  };

  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${options.label} exited before it answered:\n${output}`);
    try {
      if ((await fetch(options.readyUrl)).ok) return running;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await running.kill9();
  throw new Error(`${options.label} did not answer ${options.readyUrl} within ${options.timeoutMs / 1000} s:\n${output}`);
}
