import { describe, expect, it } from "vitest";
import { readCandleFile } from "./candle-file.server";

// Files an admin might upload: a good one, and each way a row can be wrong.

const NIFTY = { kind: "index" as const, tickUnits: 500 };
const USDINR = { kind: "currency" as const, tickUnits: 25 };
const NOW = new Date("2026-11-29T06:00:00Z");
const csv = (...rows: string[]) => ["timestamp,open,high,low,close,volume", ...rows].join("\n");

describe("a candle file", () => {
  it("reads five-minute candles in India time, across a night's gap", async () => {
    const file = await readCandleFile(
      csv(
        "2026-03-02 15:20,22450.35,22460.00,22440.10,22455.00,120000",
        "2026-03-02 15:25,22455.00,22470.05,22450.00,22465.20,98000",
        "2026-03-03 09:15,22480.00,22500.00,22470.00,22490.00,250000",
      ),
      NIFTY,
      5,
      NOW,
    );
    expect(file.ok).toBe(true);
    if (!file.ok) return;
    expect(file.candles).toHaveLength(3);
    // 15:20 IST is 09:50 UTC; a five-minute candle closes at 15:25.
    expect(file.candles[0]).toEqual({
      openAt: new Date("2026-03-02T09:50:00Z"),
      closeAt: new Date("2026-03-02T09:55:00Z"),
      open: 224_503_500,
      high: 224_600_000,
      low: 224_401_000,
      close: 224_550_000,
      volume: 120_000,
    });
  });

  it("reads daily candles of a currency pair over its session, ₹0.0025 ticks, with a BOM and other column names", async () => {
    const text =
      "\uFEFFDate,Open,High,Low,Close,Volume\n02-03-2026,83.2475,83.3000,83.2000,83.2550,1000\n2026-03-03,83.2550,83.4000,83.2500,83.3900,1200";
    const file = await readCandleFile(text, USDINR, 1440, NOW);
    expect(file.ok && file.candles.map((candle) => [candle.openAt.toISOString(), candle.closeAt.toISOString(), candle.open])).toEqual([
      ["2026-03-02T03:30:00.000Z", "2026-03-02T11:30:00.000Z", 832_475],
      ["2026-03-03T03:30:00.000Z", "2026-03-03T11:30:00.000Z", 832_550],
    ]);
  });

  it("lists every bad row by number and stores nothing", async () => {
    const file = await readCandleFile(
      csv(
        "2026-03-02 09:15,100.00,101.00,99.00,100.50,10",
        "2026-03-02 09:20,abc,101.00,99.00,100.50,10",
        "2026-03-02 09:25,100.00,99.00,101.00,100.50,10",
        "2026-03-02 09:30,100.03,101.00,99.00,100.50,10",
        "2026-03-02 09:30,100.00,101.00,99.00,100.50,10",
        "2026-03-02 09:45,100.00,101.00,99.00,100.50,-4",
        "2026-03-02 09:40,100.00,101.00,99.00,102.00,10",
        "2026-13-02 09:50,100.00,101.00,99.00,100.50,10",
        "2026-12-01 09:15,100.00,101.00,99.00,100.50,10",
      ),
      NIFTY,
      5,
      NOW,
    );
    expect(file).toEqual({
      ok: false,
      more: 0,
      problems: [
        'Row 3: open "abc" is not a price (a positive number with at most 4 decimals).',
        "Row 4: high 99.00 is below low 101.00.",
        "Row 5: open 100.03 is not in steps of ₹0.05.",
        "Row 6: 2026-03-02 09:30 repeats row 5.",
        'Row 7: volume "-4" is not a whole number; 2 candles are missing between 09:30 and 09:45 on 2026-03-02 (a gap inside a session).',
        "Row 8: open and close must lie between low and high; 2026-03-02 09:40 comes before row 7: sort the file oldest first.",
        'Row 9: timestamp "2026-13-02 09:50" is not a date and time like 2026-03-02 09:15 (India time).',
        "Row 10: 2026-12-01 09:15 has not closed yet.",
      ],
    });
  });

  it("says which columns are missing, and refuses an empty file", async () => {
    expect(await readCandleFile("time,price\n2026-03-02 09:15,100", NIFTY, 5, NOW)).toEqual({
      ok: false,
      more: 0,
      problems: [
        "The first row must name the columns timestamp, open, high, low, close and volume; missing: open, high, low, close, volume.",
      ],
    });
    expect(await readCandleFile("timestamp,open,high,low,close,volume\n", NIFTY, 5, NOW)).toMatchObject({
      ok: false,
      problems: ["The file has a header but no candles."],
    });
  });

  it("lists the first twenty problems and counts the rest", async () => {
    const rows = Array.from({ length: 25 }, (_, index) => `2026-03-${String(index + 1).padStart(2, "0")},x,1,1,1,1`);
    const file = await readCandleFile(csv(...rows), NIFTY, 1440, NOW);
    expect(file.ok === false && [file.problems.length, file.more]).toEqual([20, 5]);
  });
});
