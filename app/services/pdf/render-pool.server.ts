import { availableParallelism } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { remember } from "@epic-web/remember";
import type { PdfJob, PdfJobAnswer } from "./render-worker.server";

// PDFs are drawn in worker threads, never on the event loop that answers
// requests: laying out text with fontkit and embedding font subsets takes
// hundreds of milliseconds of CPU per document, and drawn inline four parallel
// invoice downloads took /healthz from 14 ms to 2.2 s. Jobs wait their turn in
// order. On two cores one worker draws while the other core answers requests.

const WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1));
/** A drawing that takes longer is stuck: its worker is ended and the job fails. */
const JOB_TIMEOUT_MS = 60_000;
/** A runaway drawing fails alone instead of taking the server's memory. */
const WORKER_HEAP_MB = 256;

type Waiting = { job: PdfJob; resolve: (bytes: Buffer) => void; reject: (error: Error) => void };
type Slot = { worker: Worker; waiting: Waiting | null; timer?: NodeJS.Timeout };

/** The worker's program: the TypeScript source through tsx when the site runs from source, else the built bundle. */
function workerProgram(): { file: string; execArgv?: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts")) return { file: join(dirname(here), "render-worker.server.ts"), execArgv: ["--import", "tsx"] };
  // scripts/build-server.ts writes it into the build folder the site is served from.
  return { file: resolve(process.env.SITE_BUILD_DIR ?? "build", "pdf-render-worker.js") };
}

function createPool() {
  const queue: Waiting[] = [];
  const slots = new Set<Slot>();

  function start(): Slot {
    const { file, execArgv } = workerProgram();
    const slot: Slot = {
      worker: new Worker(file, { execArgv, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } }),
      waiting: null,
    };
    // An idle worker never keeps the process alive; a busy one does, until its answer.
    slot.worker.unref();
    slot.worker.on("message", (answer: PdfJobAnswer) =>
      finish(
        slot,
        answer.ok ? Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength) : new Error(answer.message),
      ),
    );
    slot.worker.on("error", (error) => end(slot, error));
    slot.worker.on("exit", (code) => end(slot, new Error(`The PDF worker stopped (exit code ${code}).`)));
    slots.add(slot);
    return slot;
  }

  function finish(slot: Slot, outcome: Buffer | Error) {
    const { waiting } = slot;
    slot.waiting = null;
    clearTimeout(slot.timer);
    slot.worker.unref();
    if (waiting) {
      if (outcome instanceof Error) waiting.reject(outcome);
      else waiting.resolve(outcome);
    }
    dispatch();
  }

  /** The worker is gone (crashed, stuck or out of memory): its job fails, the next job gets a fresh worker. */
  function end(slot: Slot, error: Error) {
    if (!slots.delete(slot)) return;
    void slot.worker.terminate();
    finish(slot, error);
  }

  function dispatch() {
    for (let waiting = queue[0]; waiting; waiting = queue[0]) {
      let slot = [...slots].find((candidate) => candidate.waiting === null);
      if (!slot) {
        if (slots.size >= WORKERS) return;
        slot = start();
      }
      const busy = slot;
      queue.shift();
      busy.waiting = waiting;
      busy.worker.ref();
      busy.timer = setTimeout(() => end(busy, new Error(`The PDF took over ${JOB_TIMEOUT_MS / 1000} s to draw.`)), JOB_TIMEOUT_MS);
      busy.worker.postMessage(waiting.job);
    }
  }

  return {
    render(job: PdfJob): Promise<Buffer> {
      return new Promise((resolve, reject) => {
        queue.push({ job, resolve, reject });
        dispatch();
      });
    },
    waiting: () => queue.length,
  };
}

// One pool per process, shared by the bundles that include this module (the server's and the site's).
const pool = () => remember("pdf-render-pool", createPool);

/** The job's PDF, drawn in a worker thread. */
export const renderOffThread = (job: PdfJob): Promise<Buffer> => pool().render(job);

/** How many jobs wait for a worker. */
export const rendersWaiting = (): number => pool().waiting();
