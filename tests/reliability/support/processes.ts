import { spawn, type ChildProcess } from "node:child_process";
import { expect, vi } from "vitest";
import { childEnvironment } from "../../support/child-environment";

// Node programs the suite runs beside itself (the site, the OpenID provider):
// one process each (not the tsx CLI, which forks), so signals reach the program.

export type RunningProcess = {
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** What it printed to stderr alone. */
  errors(): string;
  /** Resolves when it prints `text` after the first `since` characters of its output (it may have already). */
  printed(text: string, since?: number): Promise<void>;
  stop(): Promise<void>;
  /** SIGKILL: no shutdown code runs, as when the machine loses the process. */
  kill9(): Promise<void>;
};

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
  const watchers = new Set<() => void>();
  const received = (chunk: Buffer) => {
    output += chunk.toString();
    for (const watcher of watchers) watcher();
  };
  child.stdout?.on("data", received);
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
    received(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const running: RunningProcess = {
    child,
    output: () => output,
    errors: () => errors,
    printed: (text, since = 0) =>
      new Promise<void>((resolve) => {
        const watcher = () => {
          if (!output.slice(since).includes(text)) return;
          watchers.delete(watcher);
          resolve();
        };
        watchers.add(watcher);
        watcher();
      }),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
    async kill9() {
      child.kill("SIGKILL");
      await exited;
    },
  };

  // Fails at once when the program exits instead of answering.
  const exitedEarly = exited.then(() => {
    throw new Error(`${options.label} exited before it answered:\n${output}`);
  });
  const answered = vi
    .waitFor(async () => expect((await fetch(options.readyUrl)).ok).toBe(true), { timeout: options.timeoutMs, interval: 250 })
    .catch(() => {
      throw new Error(`${options.label} did not answer ${options.readyUrl} within ${options.timeoutMs / 1000} s:\n${output}`);
    });
  try {
    await Promise.race([answered, exitedEarly]);
    return running;
  } catch (error) {
    await running.kill9();
    throw error;
  }
}
