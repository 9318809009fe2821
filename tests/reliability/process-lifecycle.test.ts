import { spawn } from "node:child_process";
import { afterAll, expect, test } from "vitest";
import { countRows } from "../support/database";
import { childEnvironment } from "../support/child-environment";
import { contactFields } from "../support/rows";
import { BASE_PORT, BUILD_DIR, startSite, type Site } from "./support/production-server";
import { startSlowPost } from "./support/slow-post";

// How the process starts and stops, as a container runtime drives it: a bad
// configuration stops start-up with one line per variable, and SIGTERM under
// load finishes the requests in flight, closes SQLite and exits 0.

const SITE_PORT = BASE_PORT + 160;
const LOAD_CONNECTIONS = 20;

let site: Site | undefined;
afterAll(async () => {
  await site?.kill9();
});

test("a bad configuration stops the built server with one line per bad variable and exit code 1", async () => {
  const child = spawn(process.execPath, [`${BUILD_DIR}/server.js`], {
    env: { ...childEnvironment(), NODE_ENV: "production", PORT: "eighty", SESSION_SECRET: "too-short-secret", SITE_URL: "example.com" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code).toBe(1);
  expect(stderr.trim().split("\n")).toEqual([
    "Invalid configuration: PORT must be a port number from 1 to 65535",
    "Invalid configuration: SESSION_SECRET must be at least 32 characters",
    "Invalid configuration: SITE_URL must be a full URL such as https://example.com",
  ]);
});

test("SIGTERM under load: the post in flight is answered and stored, every answer is whole, the process exits 0", async () => {
  site = await startSite({ name: "process-lifecycle", port: SITE_PORT });
  const running = site;
  const marker = `sigterm-${Date.now()}`;
  const inFlight = startSlowPost(`${running.url}/contact`, {
    body: new URLSearchParams(contactFields(marker)).toString(),
    contentType: "application/x-www-form-urlencoded",
    cookie: "",
    accept: "text/html",
  });
  await inFlight.opened;

  // Keep-alive clients asking for pages until the server is gone.
  const statuses: number[] = [];
  let answeredAfterSignal = 0;
  let cutAnswers = 0;
  let signalled = false;
  let reachedLoad: () => void = () => {};
  const loaded = new Promise<void>((resolve) => (reachedLoad = resolve));
  const clients = Array.from({ length: LOAD_CONNECTIONS }, async () => {
    for (;;) {
      let response: Response;
      try {
        response = await fetch(`${running.url}/courses`);
      } catch {
        return; // refused, or closed before an answer began: the server has stopped taking requests
      }
      try {
        await response.arrayBuffer();
      } catch {
        cutAnswers++;
        return;
      }
      statuses.push(response.status);
      if (signalled) answeredAfterSignal++;
      if (statuses.length >= 200) reachedLoad();
    }
  });
  await loaded;

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    running.child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const started = performance.now();
  signalled = true;
  running.signal("SIGTERM");
  await new Promise<void>((resolve) => {
    const check = () => (running.output().includes("SIGTERM: finishing") ? resolve() : running.child.stdout?.once("data", check));
    check();
  });
  const answer = await inFlight.finish();
  const exit = await exited;
  const stopMs = performance.now() - started;
  await Promise.all(clients);
  site = undefined;

  // The contact form's success is a redirect back with a toast.
  expect(answer.status).toBe(302);
  expect(countRows(running.database, "contact_messages", "subject = ?", `Batch timings ${marker}`)).toBe(1);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  expect(cutAnswers).toBe(0);
  expect(exit).toEqual({ code: 0, signal: null });
  expect(running.output()).toMatch(/Stopped cleanly in \d+ ms/);
  // A container runtime sends SIGKILL 10 s after SIGTERM.
  expect(stopMs).toBeLessThan(10_000);
  console.log(
    `SIGTERM with ${LOAD_CONNECTIONS} keep-alive clients and a post in flight: stopped in ${Math.round(stopMs)} ms; ` +
      `${statuses.length} pages answered, ${answeredAfterSignal} of them after the signal.`,
  );
});
