import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

// docs/reliability.md is written in sections: each test file of the
// reliability suite (and the benchmark's long load run) replaces its own
// section with the figures of its latest run and leaves the others alone.

const REPORT = "docs/reliability.md";
/**
 * Where a run writes: the test suite writes to an untracked file, so running the
 * tests never changes the tree; `RELIABILITY_REPORT=docs/reliability.md` refreshes
 * the committed report on purpose. The benchmark writes the committed report.
 */
function reportPath(): string {
  return process.env.RELIABILITY_REPORT || (process.env.VITEST ? "test-results/reliability.md" : REPORT);
}
const HEADER = `# Reliability and security figures

Written by \`npm run test:reliability\` (every section but the load run) and by
\`npm run bench\` (the load run). Each section shows its latest run; re-run the
command named in it to refresh it. A test section is only written when all its
checks passed; the load section is a benchmark and says PASS or FAIL per budget.
`;

/**
 * Runs `change` while holding `<report>.lock`: test files run in parallel
 * processes, and two read-then-write turns interleaved would lose a section.
 */
function whileLocked(report: string, change: () => void) {
  mkdirSync(dirname(report), { recursive: true });
  const lock = `${report}.lock`;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 0; ; attempt++) {
    try {
      closeSync(openSync(lock, "wx"));
      break;
    } catch (error) {
      // A lock older than any write (a process killed while holding it) is broken after about 5 s.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (attempt === 500) rmSync(lock, { force: true });
      Atomics.wait(pause, 0, 0, 10);
    }
  }
  try {
    change();
  } finally {
    rmSync(lock, { force: true });
  }
}

export function writeReliabilitySection(id: string, markdown: string, report = reportPath()) {
  whileLocked(report, () => replaceSection(report, id, markdown));
}

function replaceSection(report: string, id: string, markdown: string) {
  const text = existsSync(report) ? readFileSync(report, "utf8") : HEADER;
  const begin = `<!-- section:${id} -->`;
  const end = `<!-- /section:${id} -->`;
  const section = `${begin}\n${markdown.trim()}\n\n_Run ${new Date().toISOString()} on ${process.platform}, Node ${process.version}._\n${end}`;
  const start = text.indexOf(begin);
  const stop = text.indexOf(end);
  const next =
    start >= 0 && stop > start ? `${text.slice(0, start)}${section}${text.slice(stop + end.length)}` : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(report, next);
}

/** A markdown table from a header row and body rows. */
export function markdownTable(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
