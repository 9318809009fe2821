// The practice lab under load: 50 students stepping their own replays at
// once (each step a form post the server checks, reveals and settles in one
// write transaction), and the lab page's first-load scripts, which carry the
// chart library that no other classroom page loads.
import Database from "better-sqlite3";
import { measurePage } from "./page-weight";
import { kb } from "./http";
import { plantStudent, signInStudent } from "./sessions";
import { percentile } from "./scale-timing";
import { budget, notMeasured } from "./types";
import type { BenchContext, Budget, Measurement, Section } from "./types";

const STUDENTS = 50;
const STEP_P99_BUDGET_MS = 100;
const LAB_JS_BUDGET_KB = 180;

type Exercise = { id: number; courseId: number; startSeq: number };

/** The demo's blind replay, and each student enrolled in its course with a replay begun at its start. */
function plantReplays(databasePath: string, studentIds: string[]): Exercise {
  const database = new Database(databasePath);
  database.pragma("busy_timeout = 10000");
  try {
    const exercise = database
      .prepare("SELECT id, course_id AS courseId, start_seq AS startSeq FROM replay_exercises WHERE is_blind = 1 ORDER BY id LIMIT 1")
      .get() as Exercise | undefined;
    if (!exercise) throw new Error("the demo content has no replay");
    const order = database.prepare("INSERT INTO orders (user_id, course_id, payment_status, amount_paise) VALUES (?, ?, 'completed', 0)");
    const replay = database.prepare("INSERT INTO replays (exercise_id, user_id, revealed_seq) VALUES (?, ?, ?)");
    database.transaction(() => {
      for (const id of studentIds) {
        order.run(id, exercise.courseId);
        replay.run(exercise.id, id, exercise.startSeq);
      }
    })();
    return exercise;
  } finally {
    database.close();
  }
}

/** Each student steps their own replay, one candle after another, for `seconds`; every step's time. */
async function stepTogether(siteUrl: string, path: string, cookies: string[], startSeq: number, seconds: number) {
  const times: number[] = [];
  let refused = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    cookies.map(async (cookie) => {
      let atSeq = startSeq;
      while (performance.now() < until) {
        const started = performance.now();
        const response = await fetch(new URL(path, siteUrl), {
          method: "POST",
          redirect: "manual",
          headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: siteUrl, "sec-fetch-site": "same-origin" },
          body: new URLSearchParams({ intent: "step", atSeq: String(atSeq), count: "1" }).toString(),
        });
        await response.arrayBuffer();
        times.push(performance.now() - started);
        // A step answers with the page again and no toast; a refusal sets one (the "toast" cookie).
        if (response.status === 302 && !/(^|,\s*)toast=/.test(response.headers.get("set-cookie") ?? "")) atSeq += 1;
        else refused += 1;
      }
    }),
  );
  return { times, refused };
}

export const practiceLab: Measurement = {
  title: "Practice lab: 50 students stepping replays, and the lab page's weight",
  budgets: [
    { name: `Replay step p99, ${STUDENTS} students at once`, limit: `≤ ${STEP_P99_BUDGET_MS} ms` },
    { name: "Lab page JS (gzip)", limit: `≤ ${LAB_JS_BUDGET_KB} KB` },
  ],
  async run(context: BenchContext): Promise<Section> {
    if (!context.server) throw new Error("needs the site server's database");
    const { databasePath, sessionSecret } = context.server;
    const students = Array.from({ length: STUDENTS }, () => plantStudent(databasePath, []));
    const exercise = plantReplays(
      databasePath,
      students.map((student) => student.id),
    );
    const cookies = await Promise.all(students.map((student) => signInStudent(databasePath, sessionSecret, student.id)));
    const path = `/learn/${exercise.courseId}/lab/${exercise.id}`;
    const notes: string[] = [];
    const budgets: Budget[] = [];
    const rows: string[][] = [];

    context.log(`practice lab: ${STUDENTS} students stepping for ${context.duration} s`);
    const { times, refused } = await stepTogether(context.siteUrl, path, cookies, exercise.startSeq, context.duration);
    const p50 = percentile(times, 0.5);
    const p99 = percentile(times, 0.99);
    rows.push([
      `Step (POST ${path.replace(/\d+/g, ":id")})`,
      String(times.length),
      `${(times.length / context.duration).toFixed(0)}/s`,
      `${p50.toFixed(1)} ms`,
      `${p99.toFixed(1)} ms`,
    ]);
    if (refused > 0) notes.push(`${refused} steps were refused (a candle too new, or the data's end): counted in the times.`);
    budgets.push(
      budget(
        `Replay step p99, ${STUDENTS} students at once`,
        `≤ ${STEP_P99_BUDGET_MS} ms`,
        `${p99.toFixed(1)} ms`,
        p99 <= STEP_P99_BUDGET_MS,
      ),
    );

    try {
      const weight = await measurePage(context.siteUrl, path, cookies[0]);
      const chart = weight.jsSizes.find((file) => file.path.includes("lightweight-charts"));
      notes.push(
        chart
          ? `The chart library is ${kb(chart.bytes)} of it, loaded by this page alone.`
          : "The chart library was not among the page's first-load scripts.",
      );
      rows.push([`Lab page ${path.replace(/\d+/g, ":id")} first-load JS`, `${weight.jsFiles} files`, "", kb(weight.jsGzip), ""]);
      budgets.push(budget("Lab page JS (gzip)", `≤ ${LAB_JS_BUDGET_KB} KB`, kb(weight.jsGzip), weight.jsGzip <= LAB_JS_BUDGET_KB * 1024));
    } catch (error) {
      budgets.push(notMeasured("Lab page JS (gzip)", `≤ ${LAB_JS_BUDGET_KB} KB`, error instanceof Error ? error.message : String(error)));
    }
    return { title: this.title, columns: ["What", "Requests", "Rate", "p50", "p99"], rows, budgets, notes };
  },
};
