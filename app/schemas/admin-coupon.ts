import { z } from "zod";
import { COUPON_KINDS } from "../../db/enums";
import { checkboxField, idListField, optionalRupeesField, optionalWholeNumberField, rupeesField, wholeNumberField } from "./admin-fields";
import { blankToUndefined } from "./fields";

// The Add Coupon / Edit Coupon form (the coupons table had no admin screen
// before this one). The code is checked here as typed; the model stores it the way
// checkout looks it up (`normaliseCouponCode`: trimmed, upper-cased), so
// "diwali25" is saved as DIWALI25. Redemptions are counted by checkout only:
// this form never sets them.

/** Checkout's coupon field refuses anything longer (app/schemas/checkout.ts). */
export const COUPON_CODE_MAX = 40;

const expiryDateMessage = "Expiry date must be a date like 2026-12-31";

/** "2026-02-30" is not a day on the calendar. */
function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const kindMessage = "Choose a percent off or an amount off in rupees";

/** The terms every coupon has, whatever it takes off. */
const CouponTerms = {
  code: z
    .string({ required_error: "Code is required", invalid_type_error: "Code is required" })
    .trim()
    .min(1, "Code is required")
    .max(COUPON_CODE_MAX, `Code must be at most ${COUPON_CODE_MAX} characters`)
    .regex(/^[A-Za-z0-9_-]+$/, "Code can use only letters, numbers, hyphens (-) and underscores (_)"),
  /** The price before the coupon must be at least this; none means any order. */
  minOrder: optionalRupeesField("Minimum order"),
  /** How many orders one student may use it on; none means no such limit. */
  perStudentLimit: optionalWholeNumberField("Limit per student", { min: 1, max: 1000 }),
  /** The courses, batches and events it applies to; none ticked means everything. */
  courseIds: idListField("courses", 500),
  batchIds: idListField("batches", 500),
  eventIds: idListField("events", 500),
  /** The last day the coupon works (India time), yyyy-mm-dd; none means it never expires. */
  expiresOn: z.preprocess(
    blankToUndefined,
    z
      .string({ invalid_type_error: expiryDateMessage })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, expiryDateMessage)
      .refine(isCalendarDate, expiryDateMessage)
      .optional(),
  ),
  /** None means unlimited. The model also refuses a limit below the redemptions already used. */
  maxRedemptions: optionalWholeNumberField("Max redemptions", { min: 1, max: 1_000_000 }),
  isActive: checkboxField,
};

/**
 * A percent coupon, or one that takes a fixed amount in rupees (it never takes
 * an order below Free). The kind picks which value is asked for; every other
 * field is checked at the same time, so one post shows every message.
 */
export const CouponSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal(COUPON_KINDS[0]), percentOff: wholeNumberField("Percent off", { min: 1, max: 100 }), ...CouponTerms }),
    z.object({
      kind: z.literal(COUPON_KINDS[1]),
      amountOff: rupeesField("Amount off").refine((paise) => paise > 0, "Amount off must be more than ₹0"),
      ...CouponTerms,
    }),
  ],
  { errorMap: (issue, context) => ({ message: issue.code === "invalid_union_discriminator" ? kindMessage : context.defaultError }) },
);

export type CouponInput = z.infer<typeof CouponSchema>;
