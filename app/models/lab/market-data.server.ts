import { and, asc, desc, eq, gt } from "drizzle-orm";
import { candles, instruments, marketDatasets } from "../../../db/schema";
import type { Exchange, InstrumentKind } from "../../../db/enums";
import { db } from "~/utils/db.server";
import type { PublicAdmin } from "../accounts/admin.server";
import { recordAdminAction } from "../site/audit-log.server";

// The practice lab's market data: instruments and the datasets of candles
// admins upload for them, each with its source on record
// (docs/decisions/0064-the-practice-lab.md).

/** One candle as a checked file gives it (app/services/market-data/candle-file.server.ts); prices in units of ₹0.0001. */
export type CandleRow = { openAt: Date; closeAt: Date; open: number; high: number; low: number; close: number; volume: number };

export type InstrumentInput = { exchange: Exchange; symbol: string; name: string; kind: InstrumentKind; tickUnits: number };
export type DatasetInput = {
  instrument: InstrumentInput;
  timeframeMinutes: number;
  source: string;
  filename: string;
  isGenerated?: boolean;
  candles: CandleRow[];
};

/** How many candles one INSERT carries (SQLite's limit is 32,766 bound values; a candle binds 9). */
const INSERT_CHUNK = 1000;

/**
 * Stores a checked file's candles as a new dataset in one transaction, the
 * instrument made on first use (an existing one keeps its name and tick), and
 * the upload in the audit log. Returns the dataset's id.
 */
export function saveDataset(input: DatasetInput, admin: Pick<PublicAdmin, "adminId">, now = new Date()): number {
  const rows = input.candles;
  if (rows.length === 0) throw new Error("A dataset needs candles.");
  return db.transaction(
    (tx) => {
      const existing = tx
        .select({ id: instruments.id })
        .from(instruments)
        .where(and(eq(instruments.exchange, input.instrument.exchange), eq(instruments.symbol, input.instrument.symbol)))
        .get();
      const instrumentId = existing?.id ?? tx.insert(instruments).values(input.instrument).returning({ id: instruments.id }).get().id;
      const dataset = tx
        .insert(marketDatasets)
        .values({
          instrumentId,
          timeframeMinutes: input.timeframeMinutes,
          source: input.source,
          isGenerated: input.isGenerated ?? false,
          filename: input.filename,
          uploadedBy: admin.adminId,
          candleCount: rows.length,
          firstOpenAt: rows[0]!.openAt,
          lastCloseAt: rows[rows.length - 1]!.closeAt,
          createdAt: now,
        })
        .returning({ id: marketDatasets.id })
        .get();
      for (let from = 0; from < rows.length; from += INSERT_CHUNK)
        tx.insert(candles)
          .values(rows.slice(from, from + INSERT_CHUNK).map((row, index) => ({ datasetId: dataset.id, seq: from + index, ...row })))
          .run();
      recordAdminAction(
        admin,
        "market_data_uploaded",
        { type: "market_dataset", id: dataset.id },
        {
          database: tx,
          details: { symbol: `${input.instrument.exchange}:${input.instrument.symbol}`, candles: rows.length, source: input.source },
        },
      );
      return dataset.id;
    },
    { behavior: "immediate" },
  );
}

/** The instrument already known by exchange and symbol, so the upload form keeps its tick. */
export function findInstrument(exchange: Exchange, symbol: string) {
  return db
    .select()
    .from(instruments)
    .where(and(eq(instruments.exchange, exchange), eq(instruments.symbol, symbol)))
    .get();
}

export type DatasetSummary = {
  id: number;
  exchange: Exchange;
  symbol: string;
  name: string;
  tickUnits: number;
  timeframeMinutes: number;
  source: string;
  isGenerated: boolean;
  candleCount: number;
  firstOpenAt: Date;
  lastCloseAt: Date;
  uploadedBy: string;
  createdAt: Date;
};

const summaryColumns = {
  id: marketDatasets.id,
  exchange: instruments.exchange,
  symbol: instruments.symbol,
  name: instruments.name,
  tickUnits: instruments.tickUnits,
  timeframeMinutes: marketDatasets.timeframeMinutes,
  source: marketDatasets.source,
  isGenerated: marketDatasets.isGenerated,
  candleCount: marketDatasets.candleCount,
  firstOpenAt: marketDatasets.firstOpenAt,
  lastCloseAt: marketDatasets.lastCloseAt,
  uploadedBy: marketDatasets.uploadedBy,
  createdAt: marketDatasets.createdAt,
};

/** Every dataset, newest upload first (a handful per instrument: no paging needed). */
export function listDatasets(): DatasetSummary[] {
  return db
    .select(summaryColumns)
    .from(marketDatasets)
    .innerJoin(instruments, eq(instruments.id, marketDatasets.instrumentId))
    .orderBy(desc(marketDatasets.createdAt), desc(marketDatasets.id))
    .all();
}

export function findDataset(id: number): DatasetSummary | null {
  return (
    db
      .select(summaryColumns)
      .from(marketDatasets)
      .innerJoin(instruments, eq(instruments.id, marketDatasets.instrumentId))
      .where(eq(marketDatasets.id, id))
      .get() ?? null
  );
}

/** The candle of a dataset under way at `at`, or the first after it (an exercise's start as the admin names it); read by close time's index. */
export function candleSeqAt(datasetId: number, at: Date): number | null {
  return (
    db
      .select({ seq: candles.seq })
      .from(candles)
      .where(and(eq(candles.datasetId, datasetId), gt(candles.closeAt, at)))
      .orderBy(asc(candles.closeAt))
      .get()?.seq ?? null
  );
}
