import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { CouponCreateResult, CouponUpdateResult } from "~/models/orders/coupon.server";
import { COUPON_MESSAGES } from "~/content/messages/admin";

/** What a refused save says, on the field it concerns. */
function refusalFieldErrors(result: Refusal): Record<string, string[]> {
  switch (result.reason) {
    case "code-taken":
      return { code: [COUPON_MESSAGES.codeTaken(result.code)] };
    case "below-used":
      return { maxRedemptions: [COUPON_MESSAGES.belowUsed(result.used)] };
    case "unknown-targets":
      return { [`${result.type}Ids`]: [COUPON_MESSAGES.unknownTargets(result.type)] };
  }
}

type Refusal = Extract<CouponCreateResult | CouponUpdateResult, { ok: false; reason: "code-taken" | "below-used" | "unknown-targets" }>;

/** A refused save shown on the field it concerns: a code already taken, a limit below the redemptions used, a course or event gone. */
export function couponRefusal(submission: Submission<unknown, string[], unknown>, result: Refusal) {
  const fieldErrors = refusalFieldErrors(result);
  return data({ result: submission.reply({ fieldErrors }) }, { status: 409 });
}
