import { CHECKOUT_MESSAGES } from "~/schemas/checkout";
import { apiError } from "~/utils/api.server";

/** The JSON answer when an order cannot be priced: 404 unknown course, 400 invalid coupon. */
export function quoteRefusal(reason: "invalid-course" | "invalid-coupon") {
  return reason === "invalid-course"
    ? apiError(404, CHECKOUT_MESSAGES.invalidCourse)
    : apiError(400, CHECKOUT_MESSAGES.couponInvalidText);
}
