// `npm run verify:runtime-stage`: what the Dockerfile's runtime stage does, on
// a machine that cannot run Docker. It reads the stage from the Dockerfile
// (ENV, COPY, RUN, USER, HEALTHCHECK, CMD), builds the site, copies what the stage
// copies into a clean folder, installs the production dependencies there
// (`npm ci --omit=dev`), leaves only the data folder writable (as root, the
// server runs as `nobody`), then starts the server and checks: /healthz and
// the image's own HEALTHCHECK, a write that lands in the data folder, load,
// and SIGTERM under load with a post in flight (answered, exit 0 within 10 s).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

const PORT = Number(process.env.VERIFY_PORT ?? 4180);
const LOAD_CONNECTIONS = 50;
const LOAD_MS = 5_000;
// typescript is not here: Remix's packages name it as an optional peer, so `--omit=dev`
// keeps it on disk, though nothing the server runs imports it.
const DEV_TOOLS = ["vite", "tsx", "esbuild", "vitest", "@remix-run/dev", "@playwright/test", "drizzle-kit", "eslint", "tailwindcss"];
const NOBODY = 65534;

type Step = { copy: { from: string | null; sources: string[]; target: string } } | { run: string };
type RuntimeStage = { env: Record<string, string>; steps: Step[]; user: string | null; healthcheck: string[]; cmd: string[] };

/** The runtime stage's instructions, read from the Dockerfile so this script cannot drift from it. */
function readRuntimeStage(dockerfile: string): RuntimeStage {
  const lines = readFileSync(dockerfile, "utf8")
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const start = lines.findIndex((line) => /^FROM\s+\S+\s+AS\s+runtime$/i.test(line));
  if (start < 0) throw new Error("The Dockerfile has no `FROM … AS runtime` stage.");
  const stage: RuntimeStage = { env: {}, steps: [], user: null, healthcheck: [], cmd: [] };
  for (const line of lines.slice(start + 1)) {
    const [instruction = "", ...rest] = line.split(/\s+/);
    const args = rest.join(" ");
    switch (instruction.toUpperCase()) {
      case "FROM":
        throw new Error("The runtime stage must be the Dockerfile's last.");
      case "ENV":
        for (const [, key = "", value = ""] of args.matchAll(/(\w+)=(\S+)/g)) stage.env[key] = value;
        break;
      case "COPY": {
        const from = /--from=(\S+)/.exec(args)?.[1] ?? null;
        const paths = args.replace(/--\S+/g, "").trim().split(/\s+/);
        stage.steps.push({ copy: { from, sources: paths.slice(0, -1), target: paths.at(-1) ?? "." } });
        break;
      }
      case "RUN":
        stage.steps.push({ run: args });
        break;
      case "USER":
        stage.user = args;
        break;
      case "HEALTHCHECK":
        stage.healthcheck = JSON.parse(args.slice(args.indexOf("CMD") + 3)) as string[];
        break;
      case "CMD":
        stage.cmd = JSON.parse(args) as string[];
        break;
    }
  }
  return stage;
}

function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status ?? result.signal})`);
}

function log(line: string) {
  console.log(`[runtime stage] ${line}`);
}

const repo = resolve(dirname(new URL(import.meta.url).pathname), "..");
const stage = readRuntimeStage(join(repo, "Dockerfile"));
const root = mkdtempSync(join(tmpdir(), "runtime-stage-"));
const app = join(root, "app");
const data = join(root, "data");
let server: ChildProcess | undefined;

try {
  log("building the site (npm start's build, skipped when fresh)");
  run(process.execPath, ["--import", "tsx", "scripts/start.ts", "--build-only"], {
    cwd: repo,
    env: { ...process.env, SITE_BUILD_DIR: "build" },
  });

  mkdirSync(app, { recursive: true });
  mkdirSync(data);
  for (const step of stage.steps) {
    if ("run" in step) {
      // Making /data is done above; anything else is new to this script.
      if (!step.run.includes("/data")) throw new Error(`This script does not know how to do \`RUN ${step.run}\`.`);
      continue;
    }
    if (step.copy.from === "production-dependencies") {
      // That stage is `COPY package.json package-lock.json ./` then `npm ci --omit=dev`.
      for (const file of ["package.json", "package-lock.json"]) cpSync(join(repo, file), join(app, file));
      log("npm ci --omit=dev in a clean folder");
      const started = performance.now();
      run("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund"], { cwd: app });
      log(`installed the production dependencies in ${Math.round((performance.now() - started) / 1000)} s`);
      continue;
    }
    // The build stage's /app/<path> is this checkout's <path>, built above.
    const { copy } = step;
    for (const source of copy.sources) {
      const from = copy.from === "build" ? join(repo, source.replace(/^\/app\//, "")) : join(repo, source);
      const target = copy.target.endsWith("/") ? join(app, copy.target, source.split("/").at(-1) ?? "") : join(app, copy.target);
      mkdirSync(dirname(target), { recursive: true });
      cpSync(from, target, { recursive: true });
    }
  }
  const compiled = ["better-sqlite3", "argon2"].filter((name) =>
    existsSync(join(app, "node_modules", name, "build", "Release", `${name.replace("-", "_")}.node`)),
  );
  const devTools = DEV_TOOLS.filter((name) => existsSync(join(app, "node_modules", name)));
  if (devTools.length > 0) throw new Error(`The runtime has dev tools installed: ${devTools.join(", ")}`);
  log(
    `copied: ${readdirSync(app).join(", ")}; no dev tools in node_modules (${DEV_TOOLS.join(", ")}); compiled native modules: ${compiled.join(", ") || "none (prebuilt)"}`,
  );

  // Only the data volume is writable. Root writes anywhere, so as root the server runs as nobody.
  run("chmod", ["-R", "a-w", app]);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chmodSync(root, 0o755); // mkdtemp's folder is private to its owner
    chownSync(data, NOBODY, NOBODY);
  }
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: "production",
    PATH: process.env.PATH,
    ...Object.fromEntries(Object.entries(stage.env).map(([key, value]) => [key, value.replaceAll("/data", data)])),
    PORT: String(PORT),
  };
  // `node` is this Node (24, like the image's).
  const [program, ...args] = stage.cmd.map((part) => (part === "node" ? process.execPath : part));
  const asNobody = asRoot ? ["setpriv", `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups"] : [];
  log(
    `starting \`${stage.cmd.join(" ")}\` as ${asRoot ? "nobody" : "this user"} (image: ${stage.user ?? "root"}), DATABASE_URL=${env.DATABASE_URL}`,
  );
  const [command = process.execPath, ...commandArgs] = [...asNobody, program ?? process.execPath, ...args];
  const child = spawn(command, commandArgs, { cwd: app, env, stdio: ["ignore", "pipe", "pipe"] });
  server = child;
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) =>
    child.once("exit", (code, signal) => resolveExit({ code, signal })),
  );
  const url = `http://127.0.0.1:${PORT}`;
  const startedAt = performance.now();
  let lastHealth: number | string = "no answer";
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited at start-up:\n${output}`);
    if (performance.now() - startedAt > 60_000)
      throw new Error(`/healthz did not answer 200 within 60 s (last: ${lastHealth}):\n${output}`);
    const status = await fetch(`${url}/healthz`).then(
      (response) => response.status,
      (error: unknown) => String(error instanceof Error ? (error.cause ?? error) : error),
    );
    if (status === 200) break;
    lastHealth = status;
    await new Promise((wait) => setTimeout(wait, 200));
  }
  log(`/healthz answered ok ${Math.round(performance.now() - startedAt)} ms after start`);

  const [checkProgram = process.execPath, ...checkArgs] = stage.healthcheck.map((part) => (part === "node" ? process.execPath : part));
  const healthcheck = spawnSync(checkProgram, checkArgs, { env });
  if (healthcheck.status !== 0) throw new Error(`The image's HEALTHCHECK failed (${healthcheck.status})`);
  log("the image's HEALTHCHECK command exits 0");

  const home = await fetch(url);
  if (home.status !== 200 || !(await home.text()).includes("TradeMaster Academy")) throw new Error(`GET / answered ${home.status}`);
  const contact = await fetch(`${url}/api/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Runtime Check",
      email: "runtime@example.com",
      subject: "Runtime stage",
      message: "Stored under the data volume.",
    }),
  });
  if (contact.status !== 201) throw new Error(`POST /api/contact answered ${contact.status}: ${await contact.text()}`);
  log(`GET / is the seeded site; a contact message was stored; the data folder holds: ${readdirSync(data).join(", ")}`);

  // Load: keep-alive clients asking for pages; then SIGTERM while they still do and a post is half sent.
  let answered = 0;
  let cut = 0;
  let afterSignal = 0;
  const failures = new Map<number, number>();
  let signalled = false;
  let stopLoad = false;
  const loadStarted = performance.now();
  const clients = Array.from({ length: LOAD_CONNECTIONS }, async (_, index) => {
    while (!stopLoad) {
      let response: Response;
      try {
        response = await fetch(`${url}${index % 2 ? "/courses" : "/"}`);
      } catch {
        return;
      }
      try {
        await response.arrayBuffer();
      } catch {
        cut++;
        return;
      }
      if (response.status !== 200) failures.set(response.status, (failures.get(response.status) ?? 0) + 1);
      answered++;
      if (signalled) afterSignal++;
    }
  });
  await new Promise((wait) => setTimeout(wait, LOAD_MS));
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  log(`load: ${LOAD_CONNECTIONS} connections, ${answered} pages in ${loadSeconds.toFixed(1)} s (${Math.round(answered / loadSeconds)}/s)`);

  const inFlight = halfSentPost(
    url,
    "/api/contact",
    JSON.stringify({ name: "In Flight", email: "flight@example.com", subject: "SIGTERM", message: "Sent across the signal." }),
  );
  await inFlight.opened;
  const signalledAt = performance.now();
  signalled = true;
  child.kill("SIGTERM");
  while (!output.includes("SIGTERM: finishing")) await new Promise((wait) => setTimeout(wait, 10));
  const inFlightStatus = await inFlight.finish();
  const exit = await exited;
  const stopMs = performance.now() - signalledAt;
  stopLoad = true;
  await Promise.all(clients);
  server = undefined;
  log(
    `SIGTERM under load: exit ${JSON.stringify(exit)} after ${Math.round(stopMs)} ms; the post in flight answered ${inFlightStatus}; ${afterSignal} pages answered after the signal, ${cut} cut mid-answer, non-200: ${JSON.stringify(Object.fromEntries(failures))}`,
  );
  log(
    `server said: ${output
      .trim()
      .split("\n")
      .filter((line) => /SIGTERM|Stopped|Site running/.test(line))
      .join(" | ")}`,
  );
  const problems = [
    exit.code === 0 && exit.signal === null ? null : "the process did not exit 0",
    stopMs < 10_000 ? null : "it took 10 s or more",
    inFlightStatus === 201 ? null : `the post in flight answered ${inFlightStatus}, not 201`,
    cut === 0 ? null : `${cut} answers were cut`,
    failures.size === 0 ? null : "some pages did not answer 200",
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(problems.join("; "));
  log("OK");
} finally {
  server?.kill("SIGKILL");
  spawnSync("chmod", ["-R", "u+w", root]);
  if (!process.argv.includes("--keep")) rmSync(root, { recursive: true, force: true });
  else log(`kept ${root}`);
}

/** A JSON post whose last bytes wait for `finish()`: in flight for as long as the caller likes. */
function halfSentPost(origin: string, path: string, body: string) {
  const bytes = Buffer.from(body);
  const target = new URL(path, origin);
  const request = http.request({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: "POST",
    agent: false,
    headers: { "Content-Type": "application/json", "Content-Length": String(bytes.length) },
  });
  const status = new Promise<number>((resolveStatus, reject) => {
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolveStatus(response.statusCode ?? 0));
    });
    request.on("error", reject);
  });
  const opened = new Promise<void>((resolveOpened, reject) =>
    request.write(bytes.subarray(0, -1), (error) => (error ? reject(error) : resolveOpened())),
  );
  return {
    opened,
    finish: () => {
      request.end(bytes.subarray(-1));
      return status;
    },
  };
}
