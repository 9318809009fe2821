// Turns measured sections into console text and into docs/benchmarks.md.
import type { Budget, Section } from "./types";

export interface RunInfo {
  date: string;
  node: string;
  cpus: string;
  /** 1-minute load average before and after the run; high means noisy figures. */
  load: string;
  settings: string;
}

function budgetSummary(budgets: Budget[]): string {
  const within = budgets.filter((item) => item.status === "PASS").length;
  const missing = budgets.filter((item) => item.status === "NOT MEASURED").length;
  const suffix = missing ? ` (${missing} not measured)` : "";
  return `Budget summary: ${within} of ${budgets.length} within budget${suffix}`;
}

function textTable(columns: string[], rows: string[][]): string {
  const widths = columns.map((column, index) => Math.max(column.length, ...rows.map((row) => (row[index] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => cell.padEnd(widths[index] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(columns), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}

function budgetLine(item: Budget): string {
  return `${item.status.padEnd(12)} ${item.name}: ${item.actual} (budget ${item.limit})`;
}

export function consoleReport(info: RunInfo, sections: Section[]): string {
  const parts = [`Run: ${info.date} · Node ${info.node} · ${info.cpus} · load ${info.load} · ${info.settings}`];
  for (const section of sections) {
    parts.push("", `== ${section.title} ==`, textTable(section.columns, section.rows));
    for (const table of section.tables ?? []) parts.push("", `-- ${table.title}`, textTable(table.columns, table.rows));
    for (const note of section.notes) parts.push(`  note: ${note}`);
  }
  const budgets = sections.flatMap((section) => section.budgets);
  parts.push("", "== Budgets ==", ...budgets.map(budgetLine), "", budgetSummary(budgets));
  return parts.join("\n");
}

function escapeCell(cell: string): string {
  return cell.replace(/\|/g, "\\|");
}

function markdownTable(columns: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map(escapeCell).join(" | ")} |`;
  return [line(columns), line(columns.map(() => "---")), ...rows.map(line)].join("\n");
}

const INTRO = `# Benchmarks

\`npm run bench\` measures the **production build** and rewrites this file with its latest output.
It builds the site into \`build-bench/\`, starts it with \`scripts/start.ts\` on a free port against a
freshly seeded \`data/bench.db\`, then measures page weight (HTML, JS and CSS as gzip bytes on the
wire; 1 KB = 1024 bytes; images as their raw bytes), Lighthouse mobile performance for \`/\`, \`/courses\`,
a course, \`/events\` and a blog post (median of 3 runs each, \`BENCH_LIGHTHOUSE_RUNS\`; simulated
throttling, needs \`/usr/bin/chromium\`), and throughput with autocannon, each route against the same
bytes served as static files by a plain Express + compression server in the same run, and the pages a
signed-in student and an anonymous visitor (page cache off) get, each against the very bytes it answered
served as a static file by the same site server, in two rounds. Then every page (admin, student and public) is timed on
the demo data and on a scale database (\`data/bench-scale.db\`: the demo content plus ten years of
\`BENCH_SCALE_STUDENTS\` students, default 100,000, from \`db/seed-scale.ts\`), with the invoice register and
the Excel exports on the scale data. It takes about half an hour. \`BENCH_DURATION\` (seconds per load test, default 10) and \`BENCH_CONNECTIONS\`
(default 50) tune the load tests. Budgets that fail are reported, not fatal: the script exits 0.
Figures depend on the machine; compare runs from the same machine.`;

export function markdownReport(info: RunInfo, sections: Section[]): string {
  const parts = [
    INTRO,
    "",
    "## Latest run",
    "",
    `- Date: ${info.date}`,
    `- Node: ${info.node}`,
    `- CPUs: ${info.cpus}`,
    `- Load average (1 min): ${info.load}`,
    `- Settings: ${info.settings}`,
  ];
  for (const section of sections) {
    parts.push("", `### ${section.title}`, "", markdownTable(section.columns, section.rows));
    for (const table of section.tables ?? []) parts.push("", `#### ${table.title}`, "", markdownTable(table.columns, table.rows));
    if (section.notes.length) parts.push("", ...section.notes.map((note) => `- ${note}`));
  }
  const budgets = sections.flatMap((section) => section.budgets);
  parts.push(
    "",
    "## Budgets",
    "",
    markdownTable(
      ["Budget", "Limit", "Measured", "Result"],
      budgets.map((item) => [item.name, item.limit, item.actual, item.status]),
    ),
    "",
    `**${budgetSummary(budgets)}**`,
    "",
  );
  return parts.join("\n");
}
