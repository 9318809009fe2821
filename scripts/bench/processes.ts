// Child processes for the benchmark: the production build, the site server
// and the static comparison server. Servers start in their own process group
// (detached) so stopping one also stops whatever tsx started under it.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";

export interface ServerProcess {
  name: string;
  /** The started process (it leads its own process group), undefined if it could not start. */
  pid: number | undefined;
  alive: () => boolean;
  /** Last lines the process printed, for error messages. */
  output: () => string;
  stop: () => Promise<void>;
}

export const TSX = "node_modules/.bin/tsx";

const running = new Set<ServerProcess>();

/** Stops every server still running; used by finally blocks and signal handlers. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()));
}

function tailCollector(child: ChildProcess, maxLines = 40): () => string {
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - maxLines));
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  return () => lines.join("\n");
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // group already gone
  }
}

function exited(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export function startServerProcess(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(command, args, { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const output = tailCollector(child);
  let stopped = false;
  const server: ServerProcess = {
    name,
    pid: child.pid,
    alive: () => child.exitCode === null && child.signalCode === null,
    output,
    stop: async () => {
      if (stopped || child.pid === undefined) return;
      stopped = true;
      running.delete(server);
      killGroup(child.pid, "SIGTERM");
      if (!(await exited(child, 5_000))) killGroup(child.pid, "SIGKILL");
      // Grandchildren may outlive the leader; make sure the group is gone.
      killGroup(child.pid, "SIGKILL");
    },
  };
  running.add(server);
  return server;
}

export interface CommandResult {
  code: number;
  output: string;
  seconds: number;
}

/** Runs a command to completion, keeping its output for the error message. */
export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    const output = tailCollector(child, 10_000);
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output: output(), seconds: (Date.now() - started) / 1000 }));
  });
}
