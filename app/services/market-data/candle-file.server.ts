import { parseString } from "@fast-csv/parse";
import type { InstrumentKind } from "../../../db/enums";
import type { CandleRow } from "~/models/lab/market-data.server";
import { formatIsoDateInIndia, formatIsoTimeInIndia, indiaDateTimeToUtc } from "~/utils/dates";
import { formatMarketPrice, parseMarketPrice } from "~/utils/price-units";

// An admin's file of historical candles for the practice lab
// (docs/decisions/0064-the-practice-lab.md): a CSV with a header naming
// timestamp (India time), open, high, low, close and volume, one candle a row,
// oldest first. Every row is checked and every problem reported with its row
// number; a file with any problem stores nothing.

export type CandleFile = { ok: true; candles: CandleRow[] } | { ok: false; problems: string[]; more: number };

/** More rows than this is not a lesson's replay: split the file. */
export const MAX_CANDLE_ROWS = 200_000;
/** How many problems a refusal lists (the count says how many more). */
const PROBLEMS_SHOWN = 20;
const MINUTE = 60_000;

/** The hours a day's candle covers, India time: shares and indices 09:15–15:30, currency pairs 09:00–17:00. */
const SESSIONS: Record<InstrumentKind, { opens: string; closes: string }> = {
  equity: { opens: "09:15", closes: "15:30" },
  index: { opens: "09:15", closes: "15:30" },
  currency: { opens: "09:00", closes: "17:00" },
};

const COLUMNS = ["timestamp", "open", "high", "low", "close", "volume"] as const;
const TIMESTAMP_NAMES = new Set(["timestamp", "datetime", "date", "time", "date_time"]);

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}:\d{2})(?::(\d{2}))?(?:\+05:?30)?)?$/;
const INDIAN_DAY = /^(\d{2})-(\d{2})-(\d{4})(?: (\d{2}:\d{2})(?::(\d{2}))?)?$/;

/** "2026-03-02 09:15", "2026-03-02T09:15:00", "2026-03-02T09:15:00+05:30", "02-03-2026 09:15", or a day alone for daily candles. */
function readTimestamp(text: string, daily: boolean, kind: InstrumentKind): Date | null {
  const iso = ISO_DAY.exec(text);
  const indian = iso ? null : INDIAN_DAY.exec(text);
  const parts = iso ? iso.slice(1) : indian ? [indian[3], indian[2], indian[1], indian[4], indian[5]] : null;
  if (!parts) return null;
  const [year, month, day, clock, seconds] = parts;
  if (daily !== (clock === undefined)) return null;
  return indiaDateTimeToUtc(`${year}-${month}-${day}`, clock ? `${clock}:${seconds ?? "00"}` : SESSIONS[kind].opens);
}

const clockOf = (date: Date) => formatIsoTimeInIndia(date);
const describe = (date: Date, daily: boolean) => (daily ? formatIsoDateInIndia(date) : `${formatIsoDateInIndia(date)} ${clockOf(date)}`);

/**
 * Reads and checks a candle file: each price a number of at most four
 * decimals in steps of the instrument's tick; high ≥ open, close ≥ low;
 * volume a whole number; times in order, none repeated, none in the future,
 * and within one day's session no candle missing (a gap across days, a
 * weekend or a holiday, is how markets are).
 */
export async function readCandleFile(
  text: string,
  instrument: { kind: InstrumentKind; tickUnits: number },
  timeframeMinutes: number,
  now = new Date(),
): Promise<CandleFile> {
  const daily = timeframeMinutes === 1440;
  const problems: string[] = [];
  let more = 0;
  const problem = (message: string) => {
    if (problems.length < PROBLEMS_SHOWN) problems.push(message);
    else more += 1;
  };
  let rows: string[][];
  try {
    rows = await new Promise<string[][]>((resolve, reject) => {
      const read: string[][] = [];
      parseString(text.replace(/^\uFEFF/, ""), { ignoreEmpty: true, trim: true, maxRows: MAX_CANDLE_ROWS + 2 })
        .on("error", reject)
        .on("data", (row: string[]) => read.push(row))
        .on("end", () => resolve(read));
    });
  } catch {
    return {
      ok: false,
      problems: ["The file is not a CSV file this page can read: save it as CSV (comma-separated) and try again."],
      more: 0,
    };
  }
  const [header = [], ...body] = rows;
  const names = header.map((name) => name.toLowerCase().replace(/[^a-z_]/g, ""));
  const at = Object.fromEntries(
    COLUMNS.map((column) => [column, names.findIndex((name) => (column === "timestamp" ? TIMESTAMP_NAMES.has(name) : name === column))]),
  ) as Record<(typeof COLUMNS)[number], number>;
  const missing = COLUMNS.filter((column) => at[column] < 0);
  if (missing.length > 0)
    return {
      ok: false,
      problems: [`The first row must name the columns timestamp, open, high, low, close and volume; missing: ${missing.join(", ")}.`],
      more: 0,
    };
  if (body.length === 0) return { ok: false, problems: ["The file has a header but no candles."], more: 0 };
  if (body.length > MAX_CANDLE_ROWS)
    return {
      ok: false,
      problems: [`The file has more than ${MAX_CANDLE_ROWS.toLocaleString("en-IN")} candles: split it into smaller files.`],
      more: 0,
    };

  const tick = formatMarketPrice(instrument.tickUnits, instrument.tickUnits);
  const session = SESSIONS[instrument.kind];
  const candles: CandleRow[] = [];
  let previous: { openAt: Date; row: number } | null = null;
  const seen = new Map<number, number>();
  body.forEach((cells, index) => {
    const row = index + 2;
    const cell = (column: (typeof COLUMNS)[number]) => cells[at[column]] ?? "";
    const rowProblems: string[] = [];
    const openAt = readTimestamp(cell("timestamp"), daily, instrument.kind);
    if (!openAt)
      rowProblems.push(
        `timestamp "${cell("timestamp")}" is not ${daily ? "a day like 2026-03-02" : "a date and time like 2026-03-02 09:15"} (India time)`,
      );
    const prices = (["open", "high", "low", "close"] as const).map((column) => {
      const units = parseMarketPrice(cell(column));
      if (units === null) rowProblems.push(`${column} "${cell(column)}" is not a price (a positive number with at most 4 decimals)`);
      else if (units % instrument.tickUnits !== 0) rowProblems.push(`${column} ${cell(column)} is not in steps of ₹${tick}`);
      return units;
    });
    const volume = /^\d{1,15}$/.test(cell("volume")) ? Number(cell("volume")) : null;
    if (volume === null) rowProblems.push(`volume "${cell("volume")}" is not a whole number`);
    const [open, high, low, close] = prices;
    if (open != null && high != null && low != null && close != null) {
      if (high < low) rowProblems.push(`high ${cell("high")} is below low ${cell("low")}`);
      else if (open > high || open < low || close > high || close < low) rowProblems.push("open and close must lie between low and high");
    }
    if (openAt) {
      const closeAt = daily
        ? indiaDateTimeToUtc(formatIsoDateInIndia(openAt), session.closes)!
        : new Date(openAt.getTime() + timeframeMinutes * MINUTE);
      const earlier = seen.get(openAt.getTime());
      if (earlier !== undefined) rowProblems.push(`${describe(openAt, daily)} repeats row ${earlier}`);
      else if (previous && openAt < previous.openAt)
        rowProblems.push(`${describe(openAt, daily)} comes before row ${previous.row}: sort the file oldest first`);
      else if (previous && !daily && formatIsoDateInIndia(previous.openAt) === formatIsoDateInIndia(openAt)) {
        const missed = Math.round((openAt.getTime() - previous.openAt.getTime()) / (timeframeMinutes * MINUTE)) - 1;
        if (missed > 0)
          rowProblems.push(
            `${missed} ${missed === 1 ? "candle is" : "candles are"} missing between ${clockOf(previous.openAt)} and ${clockOf(openAt)} on ${formatIsoDateInIndia(openAt)} (a gap inside a session)`,
          );
      }
      if (closeAt > now) rowProblems.push(`${describe(openAt, daily)} has not closed yet`);
      seen.set(openAt.getTime(), row);
      if (earlier === undefined && !(previous && openAt < previous.openAt)) previous = { openAt, row };
      if (rowProblems.length === 0 && open != null && high != null && low != null && close != null && volume !== null)
        candles.push({ openAt, closeAt, open, high, low, close, volume });
    }
    if (rowProblems.length > 0) problem(`Row ${row}: ${rowProblems.join("; ")}.`);
  });
  return problems.length > 0 ? { ok: false, problems, more } : { ok: true, candles };
}
