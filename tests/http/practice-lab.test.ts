import { decode } from "turbo-stream";
import { formatIsoDateInIndia, formatIsoTimeInIndia } from "../../app/utils/dates";
import { enrolStudent } from "../support/classroom";
import { withDatabase } from "../support/database";
import {
  adminApiClient,
  beforeAll,
  clientWithCookie,
  createAdmin,
  describe,
  expect,
  plantAdminSession,
  queryTestDatabase,
  studentClient,
  test,
  type HttpClient,
} from "./support/test";

// The practice lab through its pages, as a student without JavaScript uses it:
// a blind replay of the demo's generated series stepped with forms, paper
// trades refused when they are nonsense and placed at the last close, the
// journal; and the admin's upload of candles, checked before anything is
// stored. No answer ever carries a candle the student has not been shown.

let student: HttpClient;
let studentId: string;
let courseId: number;
let exerciseId: number;
let startSeq: number;

const text = async (response: { text(): Promise<string> }) =>
  (await response.text())
    .replaceAll("<!-- -->", "")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ");
/**
 * The candles the lab page's data carries, as the browser's JavaScript gets
 * them (Remix's single-fetch `.data` answer, decoded as Remix decodes it), and
 * how many the server-drawn chart has.
 */
async function shownTo(client: HttpClient, path: string) {
  const response = await client.get(`${path}.data`);
  const bytes = await response.body();
  const decoded = await decode(new Blob([new Uint8Array(bytes)]).stream());
  await decoded.done;
  const routes = decoded.value as Record<string, { data?: { candles?: { seq: number }[] } }>;
  const seqs = Object.values(routes).flatMap((route) => route.data?.candles?.map((candle) => candle.seq) ?? []);
  const html = await (await client.get(path)).text();
  return { highest: Math.max(...seqs), count: seqs.length, drawn: Number(/Candles shown so far: (\d+)/.exec(html)?.[1]) };
}
const revealedSeq = () =>
  queryTestDatabase<{ revealed_seq: number }>("SELECT revealed_seq FROM replays WHERE user_id = ? AND ended_at IS NULL", studentId)[0]
    ?.revealed_seq;
const lab = () => `/learn/${courseId}/lab/${exerciseId}`;

beforeAll(async () => {
  const signedIn = await studentClient();
  student = signedIn.client;
  studentId = signedIn.student.id;
  const exercise = withDatabase(
    (database) =>
      database
        .prepare("SELECT id, course_id AS courseId, start_seq AS startSeq FROM replay_exercises WHERE is_blind = 1 ORDER BY id LIMIT 1")
        .get() as { id: number; courseId: number; startSeq: number },
  );
  ({ courseId, startSeq } = exercise);
  exerciseId = exercise.id;
  enrolStudent(studentId, courseId);
}, 60_000);

describe("a blind replay without JavaScript", () => {
  test("the outline offers the course's replays and the journal", async () => {
    const outline = await text(await student.get(`/learn/${courseId}`));
    expect(outline).toContain("Practice lab");
    expect(outline).toContain("Replay: a morning session, candle by candle (blind)");
    expect(outline).toContain("Your trade journal");
  });

  test("starts, shows the history up to the start and nothing after, and hides what it is", async () => {
    const before = await student.get(lab());
    expect(await text(before)).toContain("A blind replay: the instrument and the dates show when you end it.");
    expect((await student.post(lab(), { form: { intent: "start" }, maxRedirects: 0 })).status()).toBe(302);
    expect(revealedSeq()).toBe(startSeq);
    const html = await (await student.get(lab())).text();
    expect(html).not.toContain("DEMO-INDEX");
    expect(html).toContain("Next candle");
    // The 75 candles of history before the start, and the start.
    expect(await shownTo(student, lab())).toEqual({ highest: startSeq, count: 76, drawn: 76 });
  });

  test("a step reveals the next candle; the same step again (a stale tab, a replayed post) changes nothing", async () => {
    expect((await student.post(lab(), { form: { intent: "step", atSeq: startSeq, count: 1 }, maxRedirects: 0 })).status()).toBe(302);
    expect(revealedSeq()).toBe(startSeq + 1);
    const again = await student.post(lab(), { form: { intent: "step", atSeq: startSeq, count: 1 } });
    expect(await text(again)).toContain("This replay moved on in another tab");
    // A forged position ahead of the replay is refused the same way.
    await student.post(lab(), { form: { intent: "step", atSeq: startSeq + 50, count: 20 } });
    expect(revealedSeq()).toBe(startSeq + 1);
    expect(await shownTo(student, lab())).toEqual({ highest: startSeq + 1, count: 77, drawn: 77 });
  });

  test("nonsense trades are refused with a message and store nothing", async () => {
    const at = startSeq + 1;
    const trade = { intent: "trade", atSeq: at, side: "buy", quantity: "10", reason: "Range breakout" };
    const cases: [Record<string, string | number>, string][] = [
      [{ ...trade, quantity: "0" }, "Quantity must be at least 1"],
      [{ ...trade, quantity: "1000000000000" }, "Quantity must be at most 10,00,000"],
      [{ ...trade, quantity: "2.5" }, "Quantity must be a whole number"],
      [{ ...trade, stopLoss: "9999999" }, "Stop-loss must be a price like 22450.50"],
      [{ ...trade, stopLoss: "1.03" }, "Prices move in steps of ₹0.05"],
      [{ ...trade, reason: "" }, "Why this trade is required"],
    ];
    for (const [form, message] of cases) {
      const response = await student.post(lab(), { form });
      expect(response.status(), message).toBe(400);
      expect(await text(response), message).toContain(message);
    }
    // A trade on a candle not revealed yet.
    expect(await text(await student.post(lab(), { form: { ...trade, atSeq: at + 1 } }))).toContain("This replay moved on in another tab");
    expect(queryTestDatabase("SELECT id FROM paper_trades WHERE user_id = ?", studentId)).toEqual([]);
  });

  test("a trade is placed at the last close; ending the replay closes it and names the instrument; the journal has it", async () => {
    const at = startSeq + 1;
    const placed = await student.post(lab(), {
      form: { intent: "trade", atSeq: at, side: "sell", quantity: "25", reason: "Failed breakout at the high" },
      maxRedirects: 0,
    });
    expect(placed.status()).toBe(302);
    const [trade] = queryTestDatabase<{ id: number; entry_seq: number; entry_price: number }>(
      "SELECT id, entry_seq, entry_price FROM paper_trades WHERE user_id = ?",
      studentId,
    );
    const close = queryTestDatabase<{ close: number }>(
      "SELECT close FROM candles WHERE dataset_id = (SELECT dataset_id FROM replay_exercises WHERE id = ?) AND seq = ?",
      exerciseId,
      at,
    )[0]!.close;
    expect(trade).toMatchObject({ entry_seq: at, entry_price: close });
    await student.post(lab(), { form: { intent: "step", atSeq: at, count: 5 }, maxRedirects: 0 });
    expect((await student.post(lab(), { form: { intent: "end" }, maxRedirects: 0 })).status()).toBe(302);
    const ended = await text(await student.get(lab()));
    expect(ended).toContain("NSE:DEMO-INDEX");
    expect(ended).toContain("Generated for the demo, not market prices.");
    const row = queryTestDatabase<{ exit_reason: string; pnl_paise: number }>(
      "SELECT exit_reason, pnl_paise FROM paper_trades WHERE id = ?",
      trade!.id,
    )[0]!;
    expect(row.exit_reason).toBe("replay-end");

    const journal = await text(await student.get("/learn/journal"));
    expect(journal).toContain("Replay: a morning session, candle by candle");
    const entry = await text(await student.get(`/learn/journal/${trade!.id}`));
    expect(entry).toContain("Failed breakout at the high");
    expect(entry).toContain("closed when the replay ended");
    await student.post(`/learn/journal/${trade!.id}`, { form: { notes: "Sold too early; the high held." }, maxRedirects: 0 });
    expect(queryTestDatabase<{ notes: string }>("SELECT notes FROM paper_trades WHERE id = ?", trade!.id)[0]!.notes).toBe(
      "Sold too early; the high held.",
    );

    // Another student finds neither the trade nor can post to it.
    const other = (await studentClient()).client;
    expect((await other.get(`/learn/journal/${trade!.id}`, { maxRedirects: 0 })).status()).toBe(404);
    expect((await other.post(`/learn/journal/${trade!.id}`, { form: { notes: "x" }, maxRedirects: 0 })).status()).toBe(404);
  });

  test("a student not enrolled is sent to the course page", async () => {
    const outsider = (await studentClient()).client;
    const response = await outsider.get(lab(), { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(`/courses/${courseId}`);
  });
});

describe("uploading market data", () => {
  const file = (rows: string[]) => ({
    name: "nifty-5m.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(["timestamp,open,high,low,close,volume", ...rows].join("\n")),
  });
  const fields = {
    exchange: "NSE",
    symbol: "niftybees",
    name: "Nippon India ETF Nifty BeES",
    kind: "equity",
    tick: "0.01",
    timeframe: "5",
    source: "Bought from an NSE data vendor under licence no. 1234 for teaching",
  };
  const datasets = () => queryTestDatabase("SELECT id FROM market_datasets").length;

  test("a file with bad rows is refused row by row and stores nothing", async () => {
    const { client } = await adminApiClient("content_manager");
    const before = datasets();
    const response = await client.post("/admin/lab", {
      multipart: {
        ...fields,
        file: file(["2026-03-02 09:15,250.10,251.00,249.50,250.40,1000", "2026-03-02 09:20,250.40,249.00,251.00,250.00,900"]),
      },
    });
    expect(response.status()).toBe(400);
    expect(await text(response)).toContain("Row 3: high 249.00 is below low 251.00.");
    expect(datasets()).toBe(before);
  });

  test("a good file is stored with its source; students are told nothing until 30 days pass", async () => {
    const { client } = await adminApiClient("content_manager");
    const response = await client.post("/admin/lab", {
      multipart: {
        ...fields,
        file: file(["2026-03-02 09:15,250.10,251.00,249.50,250.40,1000", "2026-03-02 09:20,250.40,251.20,250.00,251.00,900"]),
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    const [dataset] = queryTestDatabase<{ candle_count: number; source: string; symbol: string }>(
      "SELECT candle_count, source, symbol FROM market_datasets JOIN instruments ON instruments.id = instrument_id ORDER BY market_datasets.id DESC LIMIT 1",
    );
    expect(dataset).toEqual({ candle_count: 2, source: fields.source, symbol: "NIFTYBEES" });
    expect(await text(await client.get("/admin/lab"))).toContain("NSE:NIFTYBEES");
  });

  test("a student cannot upload", async () => {
    const response = await student.post("/admin/lab", { multipart: { ...fields, file: file([]) }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toMatch(/^\/admin\/login/);
  });
});

describe("a mentor's review", () => {
  test("the mentor of the student's batch reads the trade and comments; the student is mailed and reads it; other mentors find nothing", async () => {
    const { client: learner, student: learnerRow } = await studentClient();
    enrolStudent(learnerRow.id, courseId);
    const { batchId, tradeId, mentorId, otherMentorId } = withDatabase((database) => {
      const mentor = (name: string) =>
        Number(
          database.prepare("INSERT INTO mentors (name, title, bio) VALUES (?, 'Mentor', 'Teaches replays')").run(name).lastInsertRowid,
        );
      const [mentorId, otherMentorId] = [mentor("Kavita Joshi"), mentor("Someone Else")];
      const batch = Number(
        database
          .prepare(
            "INSERT INTO batches (course_id, name, starts_on, ends_on, lead_mentor_id) VALUES (?, 'Review batch', '2026-01-05', '2031-01-05', ?)",
          )
          .run(courseId, mentorId).lastInsertRowid,
      );
      database
        .prepare("INSERT INTO batch_students (batch_id, course_id, user_id, joined_at) VALUES (?, ?, ?, ?)")
        .run(batch, courseId, learnerRow.id, Date.now());
      const replay = Number(
        database
          .prepare("INSERT INTO replays (exercise_id, user_id, revealed_seq) VALUES (?, ?, ?)")
          .run(exerciseId, learnerRow.id, startSeq).lastInsertRowid,
      );
      const trade = Number(
        database
          .prepare(
            "INSERT INTO paper_trades (replay_id, user_id, side, quantity, entry_seq, entry_price, reason) VALUES (?, ?, 'buy', 10, ?, 2200000000, 'Pullback to the morning low')",
          )
          .run(replay, learnerRow.id, startSeq).lastInsertRowid,
      );
      return { batchId: batch, tradeId: trade, mentorId, otherMentorId };
    });
    const mentor = await clientWithCookie(await plantAdminSession(createAdmin("mentor", undefined, mentorId)));
    const otherMentor = await clientWithCookie(await plantAdminSession(createAdmin("mentor", undefined, otherMentorId)));
    const review = `/admin/teaching/${batchId}/journals/${tradeId}`;

    expect(await text(await mentor.get(`/admin/teaching/${batchId}/journals`))).toContain(": Replay: a morning session, candle by candle");
    expect(await text(await mentor.get(review))).toContain("Pullback to the morning low");
    expect((await otherMentor.get(review, { maxRedirects: 0 })).status()).toBe(404);
    expect((await otherMentor.post(review, { form: { body: "Not mine to say" }, maxRedirects: 0 })).status()).toBe(404);

    expect((await mentor.post(review, { form: { body: "" } })).status()).toBe(400);
    const commented = await mentor.post(review, {
      form: { body: "Good level; the stop was too tight for this volatility." },
      maxRedirects: 0,
    });
    expect(commented.status()).toBe(302);
    expect(queryTestDatabase("SELECT author_name, body FROM journal_comments WHERE trade_id = ?", tradeId)).toEqual([
      { author_name: "Kavita Joshi", body: "Good level; the stop was too tight for this volatility." },
    ]);
    const [mail] = queryTestDatabase<{ to_address: string; kind: string }>(
      "SELECT to_address, kind FROM outbox_messages WHERE user_id = ? AND kind = 'journal-comment'",
      learnerRow.id,
    );
    expect(mail).toEqual({ to_address: learnerRow.email, kind: "journal-comment" });
    expect(await text(await learner.get(`/learn/journal/${tradeId}`))).toContain("Kavita Joshi");
  });
});

describe("a course's practice lab, for its admins", () => {
  test("adds a setup and a replay from a chosen time; refuses a time the data has no candle for; deletes only a replay nobody began", async () => {
    const { client } = await adminApiClient("content_manager");
    const page = `/admin/courses/${courseId}/lab`;
    expect(await text(await client.get(page))).toContain("Replay: a morning session, candle by candle");

    expect(
      (await client.post(page, { form: { intent: "add-setup", name: "Inside bar", description: "" }, maxRedirects: 0 })).status(),
    ).toBe(302);
    expect(queryTestDatabase("SELECT name FROM trade_setups WHERE course_id = ? AND name = 'Inside bar'", courseId)).toHaveLength(1);

    const dataset = queryTestDatabase<{ id: number; open_at: number }>(
      "SELECT market_datasets.id, candles.open_at FROM market_datasets JOIN candles ON candles.dataset_id = market_datasets.id AND candles.seq = 100 WHERE timeframe_minutes = 5 ORDER BY market_datasets.id LIMIT 1",
    )[0]!;
    const start = `${formatIsoDateInIndia(new Date(dataset.open_at))} ${formatIsoTimeInIndia(new Date(dataset.open_at))}`;
    const exercise = {
      intent: "add-exercise",
      title: "Replay: the second morning",
      datasetId: String(dataset.id),
      historyCandles: "30",
      isBlind: "on",
    };
    const late = await client.post(page, { form: { ...exercise, start: "2099-01-01 09:15" } });
    expect(late.status()).toBe(400);
    expect(await text(late)).toContain("The market data has no candle at or after that time");
    expect(await text(await client.post(page, { form: { ...exercise, start: "tomorrow" } }))).toContain(
      "Start must be a date and time like 2026-03-02 10:30 (India time)",
    );
    expect((await client.post(page, { form: { ...exercise, start }, maxRedirects: 0 })).status()).toBe(302);
    const [added] = queryTestDatabase<{ id: number; start_seq: number; is_blind: number }>(
      "SELECT id, start_seq, is_blind FROM replay_exercises WHERE title = 'Replay: the second morning'",
    );
    expect(added).toMatchObject({ start_seq: 100, is_blind: 1 });

    // The blind replay the students above began stays; the new one, untouched, goes.
    await client.post(page, { form: { intent: "delete-exercise", id: String(exerciseId) } });
    expect(queryTestDatabase("SELECT id FROM replay_exercises WHERE id = ?", exerciseId)).toHaveLength(1);
    expect((await client.post(page, { form: { intent: "delete-exercise", id: String(added!.id) }, maxRedirects: 0 })).status()).toBe(302);
    expect(queryTestDatabase("SELECT id FROM replay_exercises WHERE id = ?", added!.id)).toEqual([]);
  });
});
