import { z } from "zod";
import { EXCHANGES, INSTRUMENT_KINDS } from "../../db/enums";
import { parseMarketPrice } from "~/utils/price-units";
import { requiredText } from "./admin-fields";

// The practice lab's market-data upload (/admin/lab): the instrument, the
// candles' timeframe, the file, and where the prices came from (kept on record:
// SEBI expects an educator to be able to show the data's provenance).

export const TIMEFRAMES = { "1": "1 minute", "5": "5 minutes", "15": "15 minutes", "60": "1 hour", "1440": "1 day" } as const;
export const INSTRUMENT_KIND_LABELS = { equity: "Share", index: "Index", currency: "Currency pair" } as const;

/** The upload's CSV: what the field accepts and how large a file may be. */
export const CANDLE_FILE = { accept: ".csv,text/csv", maxBytes: 20 * 1024 * 1024 };

export const MarketDataUploadSchema = z.object({
  exchange: z.enum(EXCHANGES, { errorMap: () => ({ message: "Choose NSE or BSE" }) }),
  symbol: requiredText("Symbol", 20)
    .transform((symbol) => symbol.toUpperCase())
    .refine((symbol) => /^[A-Z0-9][A-Z0-9&.-]{0,19}$/.test(symbol), "Symbol must be the exchange's symbol, like RELIANCE or USDINR"),
  name: requiredText("Name", 100),
  kind: z.enum(INSTRUMENT_KINDS, { errorMap: () => ({ message: "Choose what it is" }) }),
  tick: requiredText("Tick size", 10).transform((tick, context) => {
    const units = parseMarketPrice(tick);
    if (units === null) {
      context.addIssue({ code: "custom", message: "Tick size must be a price like 0.05 or 0.0025" });
      return z.NEVER;
    }
    return units;
  }),
  timeframe: z.enum(Object.keys(TIMEFRAMES) as [keyof typeof TIMEFRAMES], {
    errorMap: () => ({ message: "Choose the candles' timeframe" }),
  }),
  source: requiredText("Source", 500).refine(
    (source) => source.length >= 10,
    "Say who supplied these prices and on what terms (at least 10 characters)",
  ),
  file: z
    .instanceof(File, { message: "Choose the CSV file" })
    .refine((file) => file.size > 0, "Choose the CSV file")
    .refine((file) => file.size <= CANDLE_FILE.maxBytes, "The file is larger than 20 MB: split it into smaller files"),
});
