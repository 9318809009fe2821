// Who bought what, when, and how it ended: planned in memory first (the
// number of orders is exact, and the tax documents and classroom follow from
// the plan), written afterwards. Each "checkout" is a student buying one
// course or a seat at one paid event: most pay at once, some after a declined
// first try, some give up; a few payments later come back (a refund, a lost
// chargeback) or an admin takes the course away.
import type { PaymentProvider, PaymentStatus } from "../enums";
import type { BillingDetails } from "../schema";
import { couponDiscount } from "../../app/utils/coupon-rules";
import { priceOrder } from "../../app/utils/pricing";
import { DAY, HOUR, MINUTE, YEAR, hasSeat, type Course, type SeedEvent } from "./context";
import type { Coupon } from "./catalogue";
import { weightedPicker, type Random } from "./random";
import type { Student } from "./students";

export type Refund = { at: number; byAdmin: boolean };
export type Dispute = { openedAt: number; closedAt: number | null; status: "open" | "won" | "lost" };

export type PlannedOrder = {
  checkout: Checkout;
  student: Student;
  course: Course | null;
  event: SeedEvent | null;
  status: PaymentStatus;
  /** The order's date (`enrolled_at`): when it was reserved, or paid. */
  at: number;
  /** When its row was written: an offline payment is recorded after the money came. */
  createdAt: number;
  /** When it completed (its invoice's date); null for an order that never did. */
  paidAt: number | null;
  amountPaise: number;
  coupon: Coupon | null;
  provider: PaymentProvider | null;
  /** A declined card: the coupon stays held for another try. */
  retryable: boolean;
  refund: Refund | null;
  dispute: Dispute | null;
  revokedAt: number | null;
  // Known once written.
  id: number;
  billing: BillingDetails | null;
  providerOrderId: string | null;
  providerPaymentId: string | null;
};

export type Checkout = {
  student: Student;
  orders: PlannedOrder[];
  /** The enrollment form the checkout saved (only kept for the leads' retention period). */
  formId: number | null;
};

/** A course not sold any more is taken to have been retired this long ago. */
const RETIRED_FOR = 2 * YEAR;
/** A paid event's seats are sold for this long before it starts. */
const EVENT_SALES = 45 * DAY;

const journeysPerStudent = weightedPicker([
  [0, 20],
  [1, 42],
  [2, 24],
  [3, 9],
  [4, 5],
] as const);

type Planner = {
  plan(student: Student, at: number): Checkout | null;
};

function createPlanner(random: Random, courses: Course[], events: SeedEvent[], coupons: Coupon[], now: number): Planner {
  const sold = courses.filter((course) => course.pricePaise >= 0);
  const weightOf = (course: Course) => 1e6 / Math.max(course.pricePaise, 99_900);
  const paidEvents = events.filter((event) => event.pricePaise > 0).sort((a, b) => a.eventDate - b.eventDate);
  const campaigns = coupons.filter((coupon) => coupon.until !== Infinity);
  const alumni = coupons.find((coupon) => coupon.code === "ALUMNI500");
  const scholarship = coupons.find((coupon) => coupon.code === "SCHOLAR100");
  /** What each student holds (or held a seat at): a second completed order for it would break the one-paid-order rule. */
  const holdings = new Map<number, Set<string>>();
  const couponUsers = new Map<number, Set<number>>();
  const held = (student: Student) => holdings.get(student.number) ?? new Set<string>();

  function chooseEvent(student: Student, at: number): SeedEvent | null {
    const open = paidEvents.filter(
      (event) => event.eventDate > at + HOUR && event.eventDate - EVENT_SALES <= at && hasSeat(event) && !held(student).has(`e${event.id}`),
    );
    return open.length ? random.pick(open) : null;
  }

  function chooseCourse(student: Student, at: number): Course | null {
    const open = sold.filter((course) => (course.isActive || at < now - RETIRED_FOR) && !held(student).has(`c${course.id}`));
    if (!open.length) return null;
    return weightedPicker(open.map((course) => [course, weightOf(course)] as const))(random);
  }

  function chooseCoupon(student: Student, at: number, isCourse: boolean, price: number): Coupon | null {
    const usable = (coupon: Coupon | undefined) =>
      coupon &&
      coupon.from <= at &&
      at < coupon.until &&
      !couponUsers.get(coupon.id)?.has(student.number) &&
      price >= (coupon.minOrderPaise ?? 0)
        ? coupon
        : null;
    const campaign = usable(campaigns.find((coupon) => coupon.from <= at && at < coupon.until));
    if (campaign && random.chance(0.6)) return campaign;
    if (isCourse && random.chance(0.003)) return usable(scholarship);
    if (held(student).size > 0 && random.chance(0.25)) return usable(alumni);
    return null;
  }

  function order(checkout: Checkout, fields: Partial<PlannedOrder> & Pick<PlannedOrder, "status" | "at">): PlannedOrder {
    const planned: PlannedOrder = {
      checkout,
      student: checkout.student,
      course: null,
      event: null,
      createdAt: fields.at,
      paidAt: null,
      amountPaise: 0,
      coupon: null,
      provider: null,
      retryable: false,
      refund: null,
      dispute: null,
      revokedAt: null,
      id: 0,
      billing: null,
      providerOrderId: null,
      providerPaymentId: null,
      ...fields,
    };
    checkout.orders.push(planned);
    return planned;
  }

  function plan(student: Student, when: number): Checkout | null {
    // Times are whole milliseconds, as the app stores them.
    const at = Math.round(when);
    if (at > now - 10 * MINUTE) return null;
    const event = random.chance(0.12) ? chooseEvent(student, at) : null;
    const course = event ? null : chooseCourse(student, at);
    if (!event && !course) return null;
    const item = { course, event };
    const price = (course?.pricePaise ?? event?.pricePaise) as number;
    const checkout: Checkout = { student, orders: [], formId: null };
    const online = (): PaymentProvider => (random.chance(event ? 0.65 : 0.62) ? "razorpay" : "stripe");
    const outcome = random.next();

    // Checkouts of the last two days not yet paid or given up (reconciliation fails older ones).
    if (course && at > now - 2 * DAY && outcome < 0.35) {
      const coupon = chooseCoupon(student, at, true, price);
      const amountPaise = priceOrder(price, coupon && couponDiscount(toTerms(coupon))).totalPaise;
      if (amountPaise > 0) {
        order(checkout, { ...item, status: "pending", at, amountPaise, coupon, provider: online() });
        return checkout;
      }
    }
    if (outcome < 0.09) {
      order(checkout, { ...item, status: "failed", at, amountPaise: price, provider: online() });
      return checkout;
    }

    const roll = random.next();
    const provider: PaymentProvider | null = course && roll < 0.01 ? "grant" : course && roll < 0.09 ? "offline" : online();
    const coupon = provider === "razorpay" || provider === "stripe" ? chooseCoupon(student, at, course !== null, price) : null;
    const amountPaise = provider === "grant" ? 0 : priceOrder(price, coupon && couponDiscount(toTerms(coupon))).totalPaise;
    const paidProvider = amountPaise === 0 && provider !== "grant" ? null : provider;
    const isOnline = paidProvider === "razorpay" || paidProvider === "stripe";
    // Some pay only after a declined first try a few minutes earlier (never before the account existed).
    const triedAt = Math.max(student.createdAt + MINUTE, at - random.int(2, 25) * MINUTE);
    if (isOnline && random.chance(0.12) && triedAt < at) {
      order(checkout, { ...item, status: "failed", at: triedAt, amountPaise, coupon, provider: paidProvider, retryable: true });
    }
    const recordedAt = paidProvider === "offline" ? Math.min(now, at + random.int(30, 72 * 60) * MINUTE) : at;
    const paid = order(checkout, {
      ...item,
      status: "completed",
      at,
      createdAt: recordedAt,
      paidAt: recordedAt,
      amountPaise,
      coupon,
      provider: paidProvider,
    });
    settleLater(paid, isOnline);

    const keys = holdings.get(student.number) ?? new Set<string>();
    holdings.set(student.number, keys);
    if (event) {
      keys.add(`e${event.id}`);
      event.seatsTaken++;
    } else if (paid.status !== "refunded") keys.add(`c${(course as Course).id}`);
    if (coupon && paid.status !== "refunded") couponUsers.set(coupon.id, (couponUsers.get(coupon.id) ?? new Set()).add(student.number));
    return checkout;
  }

  /** What became of a paid order later: mostly nothing. */
  function settleLater(paid: PlannedOrder, isOnline: boolean): void {
    const paidAt = paid.paidAt as number;
    const fate = random.next();
    if (paid.amountPaise > 0 && paid.provider !== "grant" && fate < 0.034) {
      const at = Math.round(paidAt + random.between(2 * HOUR, 20 * DAY));
      // The admin's refund (decision 0034) is for courses; a seat's payment is returned at the provider.
      if (at <= now) {
        paid.status = "refunded";
        paid.refund = { at, byAdmin: paid.course !== null && (paid.provider === "offline" || random.chance(0.6)) };
      }
    } else if (isOnline && fate < 0.04) {
      const openedAt = Math.round(paidAt + random.between(10 * DAY, 40 * DAY));
      const closedAt = Math.round(openedAt + random.between(20 * DAY, 60 * DAY));
      if (openedAt > now) return;
      const lost = fate < 0.0375;
      paid.dispute = { openedAt, closedAt: closedAt <= now ? closedAt : null, status: closedAt <= now ? (lost ? "lost" : "won") : "open" };
      if (paid.dispute.status === "lost") paid.status = "charged_back";
    } else if (paid.course && fate > 0.9975) {
      const at = Math.round(paidAt + random.between(5 * DAY, 200 * DAY));
      if (at <= now) {
        paid.status = "revoked";
        paid.revokedAt = at;
      }
    }
  }

  return { plan };
}

const toTerms = (coupon: Coupon) => ({
  kind: coupon.discount.kind,
  percentOff: coupon.discount.kind === "percent" ? coupon.discount.percentOff : null,
  amountOffPaise: coupon.discount.kind === "amount" ? coupon.discount.amountOffPaise : null,
});

/**
 * Exactly `target` orders: each student's checkouts (none to four, the first
 * soon after sign-up), then checkouts added or dropped at random until the
 * count is right. Sorted by when each row was written, as ids are given.
 */
export function planOrders(
  random: Random,
  students: Student[],
  courses: Course[],
  events: SeedEvent[],
  coupons: Coupon[],
  target: number,
  now: number,
): PlannedOrder[] {
  const planner = createPlanner(random, courses, events, coupons, now);
  const checkouts: Checkout[] = [];
  for (const student of students) {
    let at = student.createdAt + (random.chance(0.45) ? random.between(5 * MINUTE, 2 * DAY) : random.exponential(150 * DAY));
    for (let j = journeysPerStudent(random); j > 0; j--) {
      const checkout = planner.plan(student, at);
      if (checkout) checkouts.push(checkout);
      at += DAY + random.exponential(200 * DAY);
    }
  }
  let total = checkouts.reduce((sum, checkout) => sum + checkout.orders.length, 0);
  random.shuffle(checkouts);
  while (total > target && checkouts.length) {
    const checkout = checkouts[checkouts.length - 1] as Checkout;
    if (checkout.orders.length > 1 && total - target < checkout.orders.length) {
      checkout.orders.shift();
      total--;
      continue;
    }
    checkouts.pop();
    total -= checkout.orders.length;
    const seat = checkout.orders.find((order) => order.paidAt !== null)?.event;
    if (seat) seat.seatsTaken--;
  }
  for (let attempts = 0; total < target && attempts < target * 50; attempts++) {
    const student = random.pick(students);
    const checkout = planner.plan(student, random.between(student.createdAt + MINUTE, now));
    if (!checkout) continue;
    if (checkout.orders.length > target - total) {
      const seat = checkout.orders.find((order) => order.paidAt !== null)?.event;
      if (seat) seat.seatsTaken--;
      continue;
    }
    checkouts.push(checkout);
    total += checkout.orders.length;
  }
  return checkouts.flatMap((checkout) => checkout.orders).sort((a, b) => a.createdAt - b.createdAt || a.student.number - b.student.number);
}
