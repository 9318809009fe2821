import { findStudentFormFor } from "~/models/orders/enrollment-form.server";
import { findRegistrationTarget } from "~/models/events/event-registration.server";
import { checkoutItemOf, type CheckoutItem } from "~/utils/checkout-path";
import { isEnrolled } from "~/models/orders/order.server";
import { hasConfirmedAdult, type PublicUser } from "~/models/accounts/user.server";
import { pricesIncludeGst } from "~/models/site/site-settings.server";
import { CHECKOUT_MESSAGES, youSaveText } from "~/content/messages/checkout";
import { quoteOrder, type Quote } from "~/services/checkout/quote.server";
import { limitCouponGuesses } from "~/services/throttle/coupon-guesses.server";
import { requireUser } from "~/services/accounts/sessions/student-session.server";
import { formatAmount, formatPrice, formatPriceWithGst, shownSavingPaise } from "~/utils/money";
import { parseId } from "~/utils/validation";

// What every /checkout route (the page, its information dialog, their
// actions) works out first from the request: who, which course or paid
// event, which saved form, which coupon. Each loader and action calls it, so none can skip a check.

const SIGN_IN_TO_BUY = {
  title: CHECKOUT_MESSAGES.signInTitle,
  description: CHECKOUT_MESSAGES.signInText,
  type: "destructive" as const,
};

export type CheckoutState =
  | { status: "invalid-item"; user: PublicUser; /** What the URL named, when it named something. */ item: CheckoutItem | null }
  | {
      /**
       * owned: the student already has the course or the event's seat; adult-unconfirmed: the
       * account has not said its holder is 18 or older, so nothing can be bought until it does.
       */
      status: "owned" | "open" | "adult-unconfirmed";
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
  const item = checkoutItemOf(search);
  const couponCode = search.get("coupon");
  if (item === null) return { status: "invalid-item", user, item };
  // The URL's code is a guess like any other (per student; the address is not at hand here).
  const priced = await limitCouponGuesses({ studentId: user.id, client: null }, couponCode, () =>
    quoteOrder(item, couponCode, { buyerId: user.id }),
  );
  // A coupon in the URL that no longer holds (expired, used up, not for this order, or too many tried) is dropped and said so.
  const couponRejected = !priced.ok && priced.reason !== "invalid-item" ? couponRejection(priced) : null;
  const result = couponRejected ? quoteOrder(item) : priced;
  if (!result.ok) return { status: "invalid-item", user, item };
  const { quote } = result;
  const requestedForm = parseId(search.get("form"));
  const formId = requestedForm === null ? null : findStudentFormFor(user.id, requestedForm, item);
  const status = alreadyHas(user.id, item) ? "owned" : hasConfirmedAdult(user.id) ? "open" : "adult-unconfirmed";
  return { status, user, quote, formId, couponRejected };
}

/** Whether the student has the course, or a seat at the event, already. */
function alreadyHas(userId: string, item: CheckoutItem): boolean {
  return item.type === "course" ? isEnrolled(userId, item.id) : findRegistrationTarget(item.id, userId)?.state === "registered";
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
  const { price, item } = quote;
  const saving = price.discountPaise > 0 ? shownSavingPaise(price.originalPaise, price.totalPaise) : 0;
  return {
    item,
    /** The page the item is shown on, to go back to. */
    itemHref: item.type === "course" ? `/courses/${item.id}` : `/events/${item.id}/register`,
    original: formatPrice(price.originalPaise),
    discountLabel: discountLabel(quote),
    discount: saving > 0 ? formatAmount(-saving) : "None",
    youSave: saving > 0 ? youSaveText(formatAmount(saving)) : null,
    processingFee: formatPrice(price.processingFeePaise),
    total: formatPriceWithGst(price.totalPaise, pricesIncludeGst()),
    isFree: price.totalPaise === 0,
  };
}

export type OrderSummaryData = ReturnType<typeof summaryOf>;
