import { z } from "zod";
import { TRADE_SIDES } from "../../db/enums";
import { parseMarketPrice } from "~/utils/price-units";
import { optionalText, requiredText } from "./admin-fields";

// The practice lab's forms (docs/decisions/0064-the-practice-lab.md). Each
// names the candle the student's page showed last (`atSeq`), so a post from a
// stale tab, a replayed request or a forged one is refused and changes nothing.

export const LAB_INTENTS = ["start", "step", "trade", "close", "end"] as const;

const seq = z.coerce.number({ invalid_type_error: "Reload the page and try again" }).int().min(0).max(10_000_000);
/** The largest quantity a paper trade takes: more than any lot a student would trade. */
export const MAX_QUANTITY = 1_000_000;

const optionalPrice = (label: string) =>
  optionalText(label, 12).transform((text, context) => {
    if (text === undefined) return null;
    const units = parseMarketPrice(text);
    if (units === null) {
      context.addIssue({ code: "custom", message: `${label} must be a price like 22450.50` });
      return z.NEVER;
    }
    return units;
  });

export const StepSchema = z.object({
  intent: z.literal("step"),
  atSeq: seq,
  count: z.coerce.number().int().min(1).max(20).default(1),
});

export const TradeSchema = z.object({
  intent: z.literal("trade"),
  atSeq: seq,
  side: z.enum(TRADE_SIDES, { errorMap: () => ({ message: "Choose Buy or Sell" }) }),
  quantity: z.coerce
    .number({ invalid_type_error: "Quantity must be a whole number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY.toLocaleString("en-IN")}`),
  stopLoss: optionalPrice("Stop-loss"),
  target: optionalPrice("Target"),
  setupId: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().positive().optional()),
  reason: requiredText("Why this trade", 1000),
});

export const CloseTradeSchema = z.object({ intent: z.literal("close"), atSeq: seq, tradeId: z.coerce.number().int().positive() });

export const TradeNotesSchema = z.object({ notes: optionalText("Notes", 5000) });

export const JournalCommentSchema = z.object({ body: requiredText("Comment", 5000) });

/** The course's practice-lab page (/admin/courses/:id/lab): its setups and its replay exercises. */
export const LAB_ADMIN_INTENTS = ["add-setup", "delete-setup", "add-exercise", "delete-exercise"] as const;

export const TradeSetupSchema = z.object({
  name: requiredText("Setup name", 100),
  description: optionalText("Description", 1000),
});

export const ExerciseSchema = z.object({
  title: requiredText("Title", 200),
  datasetId: z.coerce.number({ invalid_type_error: "Choose the market data" }).int().positive("Choose the market data"),
  start: requiredText("Start", 16).refine(
    (text) => /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}$/.test(text),
    "Start must be a date and time like 2026-03-02 10:30 (India time)",
  ),
  historyCandles: z.coerce
    .number({ invalid_type_error: "Candles before the start must be a whole number" })
    .int()
    .min(0)
    .max(500)
    .default(60),
  isBlind: z.preprocess((value) => value === "on", z.boolean()),
  lessonId: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().positive().optional()),
  batchSessionId: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().positive().optional()),
});

export const RowIdSchema = z.object({ id: z.coerce.number().int().positive() });
