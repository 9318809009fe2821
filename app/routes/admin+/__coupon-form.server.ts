import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { CouponCreateResult, CouponUpdateResult } from "~/models/coupon.server";
import { COUPON_MESSAGES } from "~/schemas/admin-coupon";

/** A refused save shown on the field it concerns: a code already taken, a limit below the redemptions used. */
export function couponRefusal(
  submission: Submission<unknown, string[], unknown>,
  result: Extract<CouponCreateResult | CouponUpdateResult, { ok: false; reason: "code-taken" | "below-used" }>,
) {
  const fieldErrors: Record<string, string[]> =
    result.reason === "code-taken"
      ? { code: [COUPON_MESSAGES.codeTaken(result.code)] }
      : { maxRedemptions: [COUPON_MESSAGES.belowUsed(result.used)] };
  return data({ result: submission.reply({ fieldErrors }) }, { status: 409 });
}
