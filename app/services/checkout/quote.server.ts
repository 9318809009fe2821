import { checkCouponCode, type RedeemableCoupon } from "~/models/orders/coupon.server";
import { findActiveCourse } from "~/models/courses/course.server";
import { upcomingBatches } from "~/models/batches/batch.server";
import { findActiveEvent, isFreeEvent } from "~/models/events/event.server";
import type { OrderTerms } from "~/models/orders/order.server";
import type { PublicUser } from "~/models/accounts/user.server";
import { couponRefusalText } from "~/content/messages/checkout";
import type { CheckoutItem } from "~/utils/checkout-path";
import { priceOrder, type OrderPrice } from "~/utils/pricing";

// What an order costs, as the server charges it, whoever takes the money: the
// page, the JSON endpoints and every payment provider price an order here and
// nowhere else.

/** What is being bought, as the checkout names it. */
export type QuotedItem = CheckoutItem & { title: string };

export type Quote = {
  item: QuotedItem;
  coupon: RedeemableCoupon | null;
  price: OrderPrice;
};

/** A coupon that exists and works but not on this order: the student is told which rule and what it needs. */
export type CouponNotApplicable = { ok: false; reason: "coupon-not-applicable"; message: string };

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; reason: "invalid-item" | "invalid-coupon" } | CouponNotApplicable;

export type Buyer = Pick<PublicUser, "id" | "email">;

/**
 * An active course (with a batch still to begin, when it names one; a course
 * taught only in batches is sold only with one), or an active paid event that
 * has not begun: what checkout can sell. A batch's own price replaces the course's.
 */
function findForSale(item: CheckoutItem, now: Date): (QuotedItem & { pricePaise: number }) | null {
  if (item.type === "course") {
    const course = findActiveCourse(item.id);
    if (!course) return null;
    if (item.batchId === undefined)
      return course.pacing === "batch" ? null : { type: "course", id: course.id, title: course.title, pricePaise: course.pricePaise };
    if (course.pacing === "self_paced") return null;
    const batch = upcomingBatches(course.id, now).find((candidate) => candidate.id === item.batchId);
    return batch
      ? { type: "course", id: course.id, batchId: batch.id, title: `${course.title}: ${batch.name}`, pricePaise: batch.pricePaise }
      : null;
  }
  const event = findActiveEvent(item.id);
  // A free event is registered for, never bought; a past one is not on sale.
  if (!event || isFreeEvent(event) || event.eventDate.getTime() <= now.getTime()) return null;
  return { type: "event", id: event.id, title: event.title, pricePaise: event.pricePaise };
}

/** What a settled order bought, titled for the student's toast (its course or event may have been withdrawn since; a course is named without its batch). */
export function describePurchase(item: CheckoutItem): QuotedItem {
  const title = item.type === "course" ? findActiveCourse(item.id)?.title : findActiveEvent(item.id)?.title;
  return { ...item, title: title ?? (item.type === "course" ? "your course" : "your event") };
}

/** The order columns naming what is bought. */
const itemColumns = (item: CheckoutItem) => ({
  courseId: item.type === "course" ? item.id : null,
  eventId: item.type === "event" ? item.id : null,
  batchId: item.type === "course" ? (item.batchId ?? null) : null,
});

/**
 * The price of a course or a paid event's seat with an optional coupon code,
 * as the server charges it, every coupon rule checked (decision 0029). With
 * the buyer named, their own holds on the coupon for this item (an earlier
 * try at this checkout) do not count against them, and their per-student
 * limit applies.
 */
export function quoteOrder(
  item: CheckoutItem,
  couponCode?: string | null,
  { now = new Date(), buyerId }: { now?: Date; buyerId?: string } = {},
): QuoteResult {
  const forSale = findForSale(item, now);
  if (!forSale) return { ok: false, reason: "invalid-item" };
  const { pricePaise, ...quoted } = forSale;
  let coupon: RedeemableCoupon | null = null;
  if (couponCode) {
    const checked = checkCouponCode(
      couponCode,
      forSale,
      now,
      buyerId === undefined ? undefined : { userId: buyerId, ...itemColumns(item) },
    );
    if (!checked.ok) {
      const { refusal } = checked;
      if (refusal.reason === "unavailable") return { ok: false, reason: "invalid-coupon" };
      return { ok: false, reason: "coupon-not-applicable", message: couponRefusalText(refusal) };
    }
    coupon = checked.coupon;
  }
  return { ok: true, quote: { item: quoted, coupon, price: priceOrder(pricePaise, coupon?.discount ?? null) } };
}

/** What an order for this quote records: the buyer, course or event, server-priced amount, coupon and form. */
export function orderTerms(user: Buyer, quote: Quote, enrollmentFormId: number | null): OrderTerms {
  return {
    userId: user.id,
    ...itemColumns(quote.item),
    amountPaise: quote.price.totalPaise,
    couponId: quote.coupon?.id ?? null,
    enrollmentFormId,
  };
}

/**
 * Why a coupon priced a moment ago was refused inside the transaction that
 * stores the order (`couponHasRoom`): the order is priced again, so the student
 * reads the rule that now fails (their per-student limit reached meanwhile,
 * say); the general refusal when the reason has passed again already.
 */
export function couponRefusalAtStore(quote: Quote, buyerId: string): Exclude<QuoteResult, { ok: true }> {
  const again = quoteOrder(quote.item, quote.coupon?.code, { buyerId });
  return again.ok ? { ok: false, reason: "invalid-coupon" } : again;
}
