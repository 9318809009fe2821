import { findStudentCourseForm } from "~/models/enrollment-form.server";
import { isEnrolled } from "~/models/order.server";
import type { PublicUser } from "~/models/user.server";
import { CHECKOUT_MESSAGES } from "~/schemas/checkout";
import { quoteOrder, type Quote } from "~/services/checkout.server";
import { limitCouponGuesses } from "~/services/throttle/coupon-guesses.server";
import { requireUser } from "~/utils/student-session.server";
import { formatRupees } from "~/utils/money";
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
  | { status: "enrolled" | "open"; user: PublicUser; quote: Quote; formId: number | null; couponRejected: boolean };

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
  // A coupon in the URL that no longer holds (expired, used up, or too many tried) is dropped and said so.
  const couponRejected = !priced.ok && (priced.reason === "invalid-coupon" || priced.reason === "too-many-coupon-guesses");
  const result = couponRejected ? quoteOrder(courseId) : priced;
  if (!result.ok) return { status: "invalid-course", user };
  const { quote } = result;
  const requestedForm = parseId(search.get("form"));
  const formId = requestedForm === null ? null : findStudentCourseForm(user.id, requestedForm, quote.course.id);
  const status = isEnrolled(user.id, quote.course.id) ? "enrolled" : "open";
  return { status, user, quote, formId, couponRejected };
}

/** The order summary as the page shows it. */
export function summaryOf(quote: Quote) {
  const { price, coupon, course } = quote;
  return {
    courseId: course.id,
    courseTitle: course.title,
    original: formatRupees(price.originalPaise),
    couponCode: coupon?.code ?? null,
    discountPercent: price.discountPercent,
    discount: price.discountPaise > 0 ? `−${formatRupees(price.discountPaise)}` : formatRupees(0),
    processingFee: formatRupees(price.processingFeePaise),
    total: formatRupees(price.totalPaise),
    isFree: price.totalPaise === 0,
  };
}

export type OrderSummaryData = ReturnType<typeof summaryOf>;
