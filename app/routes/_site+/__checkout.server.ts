import { findStudentCourseForm } from "~/models/enrollment-form.server";
import { isEnrolled } from "~/models/order.server";
import type { PublicUser } from "~/models/user.server";
import { CHECKOUT_MESSAGES, youSaveText } from "~/schemas/checkout";
import { quoteOrder, type Quote } from "~/services/checkout.server";
import { limitCouponGuesses } from "~/services/throttle/coupon-guesses.server";
import { requireUser } from "~/utils/student-session.server";
import { formatAmount, formatPrice, shownSavingPaise } from "~/utils/money";
import { parseId } from "~/utils/validation";

// What every /checkout route (the page, its information dialog, their
// actions) works out first from the request: who, which course, which saved
// form, which coupon. Each loader and action calls it, so none can skip a check.

export const SIGN_IN_TO_BUY = {
  title: CHECKOUT_MESSAGES.signInTitle,
  description: CHECKOUT_MESSAGES.signInText,
  type: "destructive" as const,
};

export type CheckoutState =
  | { status: "invalid-course"; user: PublicUser }
  | {
      status: "enrolled" | "open";
      user: PublicUser;
      quote: Quote;
      formId: number | null;
      /** Why the URL's coupon was dropped ([title, text]); null when none was or it holds. */
      couponRejected: [string, string] | null;
    };

/** What the student is told about a coupon that was not applied: [title, text]. */
export function couponRejection(refusal: { reason: string; message?: string }): [string, string] {
  if (refusal.reason === "coupon-not-applicable" && refusal.message) return [CHECKOUT_MESSAGES.couponNotApplicableTitle, refusal.message];
  return [CHECKOUT_MESSAGES.couponInvalidTitle, CHECKOUT_MESSAGES.couponInvalidText];
}

export async function loadCheckout(request: Request): Promise<CheckoutState> {
  const user = await requireUser(request, { whenSignedOut: SIGN_IN_TO_BUY });
  const search = new URL(request.url).searchParams;
  const courseId = parseId(search.get("courseId"));
  const couponCode = search.get("coupon");
  if (courseId === null) return { status: "invalid-course", user };
  // The URL's code is a guess like any other (per student; the address is not at hand here).
  const priced = await limitCouponGuesses({ studentId: user.id, client: null }, couponCode, () =>
    quoteOrder(courseId, couponCode, { buyerId: user.id }),
  );
  // A coupon in the URL that no longer holds (expired, used up, not for this order, or too many tried) is dropped and said so.
  const couponRejected = !priced.ok && priced.reason !== "invalid-course" ? couponRejection(priced) : null;
  const result = couponRejected ? quoteOrder(courseId) : priced;
  if (!result.ok) return { status: "invalid-course", user };
  const { quote } = result;
  const requestedForm = parseId(search.get("form"));
  const formId = requestedForm === null ? null : findStudentCourseForm(user.id, requestedForm, quote.course.id);
  const status = isEnrolled(user.id, quote.course.id) ? "enrolled" : "open";
  return { status, user, quote, formId, couponRejected };
}

/** "Discount (WELCOME10, 10%)", "Discount (FLAT500)", or "Discount" without a coupon. */
function discountLabel(quote: Quote): string {
  const { coupon, price } = quote;
  if (!coupon) return "Discount";
  return price.discountPercent !== null ? `Discount (${coupon.code}, ${price.discountPercent}%)` : `Discount (${coupon.code})`;
}

/**
 * The order summary as the page shows it: whole rupees, the discount as the
 * shown price less the shown total so the lines add up (decision 0029); the
 * amount charged stays exact in paise.
 */
export function summaryOf(quote: Quote) {
  const { price, course } = quote;
  const saving = price.discountPaise > 0 ? shownSavingPaise(price.originalPaise, price.totalPaise) : 0;
  return {
    courseId: course.id,
    courseTitle: course.title,
    original: formatPrice(price.originalPaise),
    discountLabel: discountLabel(quote),
    discount: saving > 0 ? formatAmount(-saving) : "None",
    youSave: saving > 0 ? youSaveText(formatAmount(saving)) : null,
    processingFee: formatPrice(price.processingFeePaise),
    total: formatPrice(price.totalPaise),
    isFree: price.totalPaise === 0,
  };
}

export type OrderSummaryData = ReturnType<typeof summaryOf>;
