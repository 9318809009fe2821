import { z } from "zod";
import { parseRupeesToPaise } from "~/utils/money";
import { blankToUndefined, normalizeLineBreaks } from "./fields";

// Field rules the admin forms share. Each builder takes the
// field's label so its messages read "Title is required" and so on. The same
// schemas parse the page forms (strings from FormData) and the JSON API
// (numbers, booleans and arrays as well).

export const requiredText = (label: string, max: number) =>
  z.preprocess(
    normalizeLineBreaks,
    z
      .string({ required_error: `${label} is required`, invalid_type_error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`),
  );

export const optionalText = (label: string, max: number) =>
  z.preprocess(
    (value) => blankToUndefined(normalizeLineBreaks(value)),
    z
      .string({ invalid_type_error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .optional(),
  );

/** A web address (https:// or http://) or a path on this site (/uploads/…); never javascript: and the like. */
function isSafeLink(value: string): boolean {
  if (value.startsWith("/") && !value.startsWith("//")) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

export const optionalLink = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ invalid_type_error: `${label} must be a web address` })
      .trim()
      .max(2000, `${label} must be at most 2000 characters`)
      .refine(isSafeLink, `${label} must start with https:// or /`)
      .optional(),
  );

/** The largest price a decimal(10,2) holds, the API's bound: 99,999,999.99 rupees. */
const MAX_PRICE_PAISE = 9_999_999_999;

/** Rupees as typed ("4999", "4,999.50") or sent as a JSON number → integer paise, 0 or more. */
export function rupeesField(label: string, fallback?: number) {
  const paise = z.preprocess(
    (value) => {
      if (typeof value === "number") {
        const paise = Math.round(value * 100);
        // More than two decimals (or NaN, Infinity) is not an amount of rupees.
        return Math.abs(paise - value * 100) < 1e-6 ? paise : Number.NaN;
      }
      if (typeof value === "string") {
        const negative = value.trim().startsWith("-");
        const paise = parseRupeesToPaise(negative ? value.trim().slice(1) : value);
        return paise === null ? Number.NaN : negative ? -paise : paise;
      }
      return value;
    },
    z
      .number({
        required_error: `${label} is required`,
        invalid_type_error: `${label} must be an amount in rupees, like 4999 or 4999.50`,
      })
      .int()
      .min(0, `${label} cannot be negative`)
      .max(MAX_PRICE_PAISE, `${label} must be at most ₹99,99,99,999.99`),
  );
  return fallback === undefined ? paise : z.preprocess(blankToUndefined, paise.optional().default(fallback));
}

/** An optional amount in rupees → paise or undefined. */
export const optionalRupeesField = (label: string) => z.preprocess(blankToUndefined, rupeesField(label).optional());

/** A whole number typed in a form or sent as a JSON number. */
export function wholeNumberField(label: string, { min, max }: { min: number; max: number }) {
  return z.preprocess(
    (value) => (typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ required_error: `${label} is required`, invalid_type_error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );
}

export const optionalWholeNumberField = (label: string, bounds: { min: number; max: number }) =>
  z.preprocess(blankToUndefined, wholeNumberField(label, bounds).optional());

/**
 * A checkbox. A form posts "on" when ticked and nothing when not, so a missing
 * value is false; the JSON API may send a boolean, and its schemas default a
 * missing flag with `.default()`.
 */
export const checkboxField = z.preprocess(
  (value) => (value === "on" || value === "true" ? true : value === undefined || value === "false" ? false : value),
  z.boolean({ invalid_type_error: "Choose yes or no" }),
);

/**
 * A checkbox that the form may not hold at all: only a posted value counts
 * ("on"/"true" or "false"); nothing posted is undefined, not false.
 */
export const optionalCheckboxField = z.preprocess(
  (value) => (value === "on" || value === "true" ? true : value === "false" ? false : blankToUndefined(value)),
  z.boolean({ invalid_type_error: "Choose yes or no" }).optional(),
);

/** A list typed one item per line in a textarea, or sent as a JSON array of text. */
export function linesListField(label: string, { maxItems, maxLength }: { maxItems: number; maxLength: number }) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null) return [];
      // Blank lines are dropped here, before Conform's coercion would turn each "" into a "Required" item error.
      if (typeof value === "string")
        return value
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean);
      return value;
    },
    z
      .array(
        z
          .string({ invalid_type_error: `${label} must be text` })
          .trim()
          .max(maxLength, `Each ${label.toLowerCase()} line must be at most ${maxLength} characters`),
      )
      .transform((items) => items.filter(Boolean))
      .refine((items) => items.length <= maxItems, `${label}: at most ${maxItems} lines`),
  );
}

/** Ids chosen from a list: up to `max`, each once. The JSON API sends an array. */
export function idList(label: string, max: number) {
  const choose = `Choose ${label} from the list`;
  return z
    .array(z.number({ invalid_type_error: choose }).int(choose).positive(choose), { invalid_type_error: choose })
    .max(max, `Choose at most ${max} ${label}`)
    .transform((ids) => [...new Set(ids)]);
}

/** Ticked checkboxes of ids: Conform makes one ticked box a list, and none an empty one (none ticked is none chosen). */
export const idListField = (label: string, max: number) => idList(label, max).default([]);
