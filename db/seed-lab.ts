// The practice lab's demo content: two generated price series — an index-like
// series in 5-minute candles and a currency pair in daily ones — ending 35
// days before seeding, so every candle is already old enough to show (SEBI's
// 30-day rule). They are random walks from a fixed seed, labelled as generated
// wherever they appear: they are not anyone's market prices. The batch course
// gets the setups its trades name and two replays: a blind one and an open one.
import { addDays } from "date-fns";
import { formatIsoDateInIndia, indiaDateTimeToUtc } from "../app/utils/dates";
import type { AppDatabase } from "../app/utils/db.server";
import { candles, instruments, marketDatasets, replayExercises, tradeSetups } from "./schema";

type Transaction = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];

export const GENERATED_SOURCE =
  "Generated for the demo by db/seed-lab.ts (a random walk from a fixed seed): not market prices of any instrument.";

/** A small deterministic generator (mulberry32), so every fresh demo has the same series. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Series = {
  symbol: string;
  name: string;
  kind: "index" | "currency";
  tickUnits: number;
  timeframeMinutes: number;
  /** Trading days of candles. */
  days: number;
  startPrice: number;
  /** The typical move of one candle, in price units. */
  step: number;
  seed: number;
};

const SERIES: Series[] = [
  {
    symbol: "DEMO-INDEX",
    name: "Generated index (demo)",
    kind: "index",
    tickUnits: 500,
    timeframeMinutes: 5,
    days: 20,
    startPrice: 220_000_000,
    step: 120_000,
    seed: 7,
  },
  {
    symbol: "DEMO-USDINR",
    name: "Generated rupee pair (demo)",
    kind: "currency",
    tickUnits: 25,
    timeframeMinutes: 1440,
    days: 250,
    startPrice: 830_000,
    step: 2_000,
    seed: 11,
  },
];

const SESSION = { index: ["09:15", "15:30"], currency: ["09:00", "17:00"] } as const;

/** Weekdays going back from `lastDay` (India), oldest first. */
function tradingDays(lastDay: Date, count: number): string[] {
  const days: string[] = [];
  for (let back = 0; days.length < count; back += 1) {
    const day = addDays(lastDay, -back);
    const weekday = new Date(`${formatIsoDateInIndia(day)}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.unshift(formatIsoDateInIndia(day));
  }
  return days;
}

function generate(series: Series, lastDay: Date) {
  const next = random(series.seed);
  const roundToTick = (units: number) => Math.max(series.tickUnits, Math.round(units / series.tickUnits) * series.tickUnits);
  const [opens, closes] = SESSION[series.kind];
  const rows: { openAt: Date; closeAt: Date; open: number; high: number; low: number; close: number; volume: number }[] = [];
  let price = series.startPrice;
  for (const day of tradingDays(lastDay, series.days)) {
    const sessionStart = indiaDateTimeToUtc(day, opens)!.getTime();
    const sessionEnd = indiaDateTimeToUtc(day, closes)!.getTime();
    const length = series.timeframeMinutes === 1440 ? sessionEnd - sessionStart : series.timeframeMinutes * 60_000;
    for (let at = sessionStart; at + length <= sessionEnd; at += length) {
      const open = roundToTick(price);
      const close = roundToTick(open + (next() - 0.49) * 2 * series.step);
      const high = roundToTick(Math.max(open, close) + next() * series.step);
      const low = roundToTick(Math.min(open, close) - next() * series.step);
      rows.push({
        openAt: new Date(at),
        closeAt: new Date(at + length),
        open,
        high,
        low,
        close,
        volume: Math.round(1_000 + next() * 50_000),
      });
      price = close;
    }
  }
  return rows;
}

/** The generated series, their setups and replays for the batch course `courseId`. */
export function seedPracticeLab(tx: Transaction, courseId: number, now: Date): void {
  const lastDay = new Date(now.getTime() - 35 * 24 * 60 * 60 * 1000);
  const datasetIds: number[] = [];
  for (const series of SERIES) {
    const instrument = tx
      .insert(instruments)
      .values({ exchange: "NSE", symbol: series.symbol, name: series.name, kind: series.kind, tickUnits: series.tickUnits, createdAt: now })
      .returning({ id: instruments.id })
      .get();
    const rows = generate(series, lastDay);
    const dataset = tx
      .insert(marketDatasets)
      .values({
        instrumentId: instrument.id,
        timeframeMinutes: series.timeframeMinutes,
        source: GENERATED_SOURCE,
        isGenerated: true,
        filename: `${series.symbol.toLowerCase()}.csv`,
        uploadedBy: "demo content",
        candleCount: rows.length,
        firstOpenAt: rows[0]!.openAt,
        lastCloseAt: rows[rows.length - 1]!.closeAt,
        createdAt: now,
      })
      .returning({ id: marketDatasets.id })
      .get();
    for (let from = 0; from < rows.length; from += 1000)
      tx.insert(candles)
        .values(rows.slice(from, from + 1000).map((row, index) => ({ datasetId: dataset.id, seq: from + index, ...row })))
        .run();
    datasetIds.push(dataset.id);
  }
  tx.insert(tradeSetups)
    .values(
      [
        ["Opening range breakout", "A close beyond the first 15 minutes' high or low, with the stop on the other side of the range."],
        ["Pullback to a level", "After a move, a return to a level marked before the session, with the stop beyond the level."],
        ["Failed breakout", "A break of a level that closes back inside it, traded the other way."],
      ].map(([name, description], index) => ({ courseId, name: name!, description: description!, position: index + 1, createdAt: now })),
    )
    .run();
  const [intraday, daily] = datasetIds as [number, number];
  tx.insert(replayExercises)
    .values([
      // A blind replay: the instrument and dates show only when the student ends it.
      {
        courseId,
        datasetId: intraday,
        title: "Replay: a morning session, candle by candle",
        startSeq: 75 * 5,
        historyCandles: 75,
        isBlind: true,
        createdAt: now,
        updatedAt: now,
      },
      // An open one for teaching: everyone knows what it is from the start.
      {
        courseId,
        datasetId: daily,
        title: "Teaching replay: a month of the rupee pair",
        startSeq: 120,
        historyCandles: 60,
        isBlind: false,
        createdAt: now,
        updatedAt: now,
      },
    ])
    .run();
}
