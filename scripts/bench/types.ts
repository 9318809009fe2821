// Shared shapes for `npm run bench`.
//
// The benchmark is a list of measurements. Each one gets the running servers
// and returns a section: a table of rows plus any budgets it checks. Later work
// adds a measurement here (for example the chat endpoint's p99, or the time and
// peak memory of a 100,000-row Excel export) without touching the others.

export interface BenchContext {
  /** Base URL of the production site under test, e.g. http://127.0.0.1:3300 */
  siteUrl: string;
  /** Seconds per load test. */
  duration: number;
  /** Concurrent connections per load test. */
  connections: number;
  /** Folder the measurement may write scratch files into. */
  scratchDir: string;
  /** Prints one progress line. */
  log: (message: string) => void;
  /** The site server: its process group leader's pid (for memory sampling), its database file and cookie secret. */
  server?: { pid: number; databasePath: string; sessionSecret: string };
  /**
   * Starts another site server on the same build with extra environment (stop it when done). It runs on the
   * bench database unless the environment names another DATABASE_URL; `name` labels its progress lines.
   */
  startSite?: (env: Record<string, string>, name?: string) => Promise<ExtraSite>;
}

export interface ExtraSite {
  url: string;
  /** Its process group leader's pid (serverPid() in memory.ts finds the node process that serves), undefined if unknown. */
  pid: number | undefined;
  /** The build's client folder: files put there are served as static files by this server. */
  clientDir: string;
  stop: () => Promise<void>;
}

export type BudgetStatus = "PASS" | "FAIL" | "NOT MEASURED";

export interface Budget {
  name: string;
  /** Human-readable limit, e.g. "≤ 100 KB". */
  limit: string;
  /** Human-readable measured value, or a reason when not measured. */
  actual: string;
  status: BudgetStatus;
}

export interface Table {
  title: string;
  columns: string[];
  rows: string[][];
}

export interface Section {
  title: string;
  columns: string[];
  rows: string[][];
  /** Further tables, printed after the main one, for figures whose columns differ from it. */
  tables?: Table[];
  budgets: Budget[];
  notes: string[];
}

export interface Measurement {
  title: string;
  /** Budgets this measurement checks, reported as not measured if it throws. */
  budgets: Array<Pick<Budget, "name" | "limit">>;
  run: (context: BenchContext) => Promise<Section>;
}

export function budget(name: string, limit: string, actual: string, passed: boolean): Budget {
  return { name, limit, actual, status: passed ? "PASS" : "FAIL" };
}

export function notMeasured(name: string, limit: string, reason: string): Budget {
  return { name, limit, actual: reason, status: "NOT MEASURED" };
}
