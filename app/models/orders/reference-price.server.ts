import { and, eq, gte, inArray, isNull } from "drizzle-orm";
import { orders } from "../../../db/schema";
import { db } from "~/utils/db.server";

// A struck-through "original price" is a claim that the course sold at it. A
// reference price nobody paid is a false one, an unfair trade practice
// (Consumer Protection Act 2019, s.2(47); the CCPA's dark-patterns guidelines
// 2023), so the public never sees one the order history does not bear out
// (docs/decisions/0046-minors-grievances-and-prices.md).

/** How far back a sale at the reference price counts. */
const REFERENCE_PRICE_WINDOW_DAYS = 90;

type Priced = { id: number; pricePaise: number; originalPricePaise: number | null };

/**
 * The courses as the public sees them: each keeps its reference price only when
 * it is above today's price and a completed order without a coupon paid exactly
 * that amount for the course within the last 90 days; otherwise it has none.
 * Orders with a coupon do not count: what the course cost before the coupon is
 * not kept with the order.
 */
export function withProvenReferencePrices<T extends Priced>(courses: readonly T[], now = new Date()): T[] {
  const claimed = courses.filter((course) => course.originalPricePaise !== null && course.originalPricePaise > course.pricePaise);
  const proven = new Set<string>();
  if (claimed.length > 0) {
    const since = new Date(now.getTime() - REFERENCE_PRICE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
    const sales = db
      .selectDistinct({ courseId: orders.courseId, amountPaise: orders.amountPaise })
      .from(orders)
      .where(
        and(
          inArray(
            orders.courseId,
            claimed.map((course) => course.id),
          ),
          eq(orders.paymentStatus, "completed"),
          isNull(orders.couponId),
          gte(orders.enrolledAt, since),
        ),
      )
      .all();
    for (const sale of sales) proven.add(`${sale.courseId}:${sale.amountPaise}`);
  }
  return courses.map((course) =>
    course.originalPricePaise !== null && proven.has(`${course.id}:${course.originalPricePaise}`)
      ? course
      : { ...course, originalPricePaise: null },
  );
}
