import type { ActionFunctionArgs } from "@remix-run/node";
import { ValidateCouponApiSchema } from "~/schemas/checkout";
import { quoteOrder } from "~/services/checkout/quote.server";
import { apiJson, methodNotAllowed, parseJsonBody } from "~/utils/api.server";
import { requireApiUser } from "~/services/accounts/sessions/student-session.server";
import { quoteRefusal } from "./__checkout-refusals.server";
import { couponGuesser, limitCouponGuesses } from "~/services/throttle/coupon-guesses.server";
import { paiseToDecimalString } from "~/utils/money";

/**
 * POST /api/validate-coupon `{ couponCode, courseId }` → 200 `{ code, kind, discount,
 * discountAmount, total }` (discount: the percent, null for an amount coupon;
 * discountAmount and total in rupees, "500.00") · 400 empty or invalid code, or
 * a coupon that does not apply to this order (the message says which rule)
 * · 401 signed out · 404 unknown or inactive course. Nothing is redeemed here:
 * an order takes one of the coupon's redemptions when it is stored.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireApiUser(request);
  const input = await parseJsonBody(request, ValidateCouponApiSchema, "first");
  const result = await limitCouponGuesses(couponGuesser(user, context), input.couponCode, () =>
    quoteOrder({ type: "course", id: input.courseId }, input.couponCode, { buyerId: user.id }),
  );
  if (!result.ok) return quoteRefusal(result);
  const { coupon, price } = result.quote;
  return apiJson({
    code: coupon?.code,
    kind: coupon?.discount.kind,
    discount: price.discountPercent,
    discountAmount: paiseToDecimalString(price.discountPaise),
    total: paiseToDecimalString(price.totalPaise),
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
