import { z } from "zod";
import { COUPON_HOLD_MINUTES, type CouponRefusal } from "~/utils/coupon-rules";
import { formatAmount } from "~/utils/money";
import { REGISTRATION_MESSAGES, registeredText } from "./event-registration";

// Checkout. The page's two forms (coupon, pay) and the JSON endpoints
// (/api/validate-coupon, /api/create-payment-intent, /api/enroll-course) share
// these rules. Titles and texts that the product specification quotes stay as quoted.

export const CHECKOUT_MESSAGES = {
  signInTitle: "Authentication Required",
  signInText: "Please log in to continue with your purchase.",
  invalidCourse: "Invalid Course",
  invalidEvent: "This event is not open for booking",
  informationSavedTitle: "Information Saved!",
  informationSavedText: "Proceeding to payment...",
  couponEmpty: "Enter Coupon Code",
  couponAppliedTitle: "Coupon Applied!",
  couponInvalidTitle: "Invalid Coupon",
  couponInvalidText: "The coupon code is invalid or expired.",
  couponNotApplicableTitle: "Coupon Not Applied",
  termsRequired: "Terms Required",
  termsText: "Please accept the terms and conditions to continue.",
  paymentFailedTitle: "Payment Failed",
  paymentFailedFallback: "An unexpected error occurred. Please try again.",
  setupFailedTitle: "Payment Setup Failed",
  setupFailedText: "Unable to initialize payment. Please try again.",
  enrolledTitle: "Enrollment Successful!",
  enrollFailedTitle: "Enrollment Failed",
  enrollFailedText: "There was an error processing your enrollment. Please try again.",
  alreadyEnrolled: "You are already enrolled in this course.",
  paymentsOffTitle: "Online payment is not available yet",
  paymentsOffText: "Card payments are not set up on this site. Message us on WhatsApp and our team will help you enroll.",
  billingMissingTitle: "Billing details needed",
  billingMissingText: "Your tax invoice needs your name, address, state and PIN. Add them with your enrollment information, then pay.",
  amountMismatch: "The amount does not match the price of this order.",
  joinWaitlist: "Every seat is booked or held by someone paying. You can join the waitlist from the event's register dialog.",
  refundedTitle: "Payment refunded",
  seatGoneRefunded:
    "The event filled up before your payment reached us, so we have refunded it in full. You can join its waitlist on the events page.",
  couponLapsedRefunded:
    "Your coupon ran out before your payment reached us, so we have refunded the payment in full. Please check out again.",
  paymentRefunded: "This payment has been refunded, so it does not enroll you in the course.",
  processingTitle: "Confirming your payment",
  paymentFailedRetry: "Your payment did not go through and no money was taken. You can pay again now.",
  continueToPayment: "Continue to secure payment",
  paymentReceived: "Your payment is received and your course is ready.",
  seatPaymentReceived: "Your payment is received and your seat is booked.",
  paymentReturnRefused: "We could not confirm this payment. If money was taken, your order completes by itself within a few minutes.",
} as const;

/** The toast after a coupon is applied: its percent, or for an amount coupon the rupees it takes off this order. */
export const couponAppliedText = (price: { discountPercent: number | null; discountPaise: number }) =>
  `${price.discountPercent !== null ? `${price.discountPercent}%` : formatAmount(price.discountPaise)} discount applied successfully.`;

/** "You save ₹1,000": the saving as the order summary shows it (the shown price less the shown total, so the lines add up). */
export const youSaveText = (savingLabel: string) => `You save ${savingLabel}`;

/** What a coupon that works, but not on this order, needs; said at checkout (decision 0029). */
export function couponRefusalText(refusal: Exclude<CouponRefusal, { reason: "unavailable" }>): string {
  switch (refusal.reason) {
    case "out-of-scope":
      return `This coupon does not apply to ${refusal.title}.`;
    case "below-minimum":
      return `This coupon needs an order of at least ${formatAmount(refusal.minOrderPaise)}.`;
    case "student-limit": {
      const n = refusal.perStudentLimit;
      const usedUp = n === 1 ? "you have already used it" : `you have already used it on ${n} orders`;
      return `This coupon is limited to ${n === 1 ? "1 order" : `${n} orders`} per student, and ${usedUp}. A checkout left unfinished keeps it for ${COUPON_HOLD_MINUTES} minutes.`;
    }
  }
}
const enrolledText = (courseTitle: string) => `You are now enrolled in ${courseTitle}.`;
export const enrolledToast = (courseTitle: string) => ({ title: CHECKOUT_MESSAGES.enrolledTitle, description: enrolledText(courseTitle) });

/** The toast when a paid event filled up before the payment arrived, and the payment went back. */
export const seatGoneToast = {
  type: "destructive" as const,
  title: CHECKOUT_MESSAGES.refundedTitle,
  description: CHECKOUT_MESSAGES.seatGoneRefunded,
};

/** The toast once an order is paid: enrolled in the course, or registered for the event. */
export const purchasedToast = (item: { type: "course" | "event"; title: string }) =>
  item.type === "course" ? enrolledToast(item.title) : { title: REGISTRATION_MESSAGES.success, description: registeredText(item.title) };

const COUPON_CODE_MAX = 40;

const couponCodeField = z
  .string({ required_error: CHECKOUT_MESSAGES.couponEmpty, invalid_type_error: CHECKOUT_MESSAGES.couponEmpty })
  .trim()
  .min(1, CHECKOUT_MESSAGES.couponEmpty)
  // A longer code cannot exist, so it is simply not a valid coupon.
  .max(COUPON_CODE_MAX, CHECKOUT_MESSAGES.couponInvalidText);

const optionalCouponCode = z.preprocess(
  (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
  couponCodeField.optional(),
);

/** The coupon form on the payment step. */
export const ApplyCouponSchema = z.object({ couponCode: couponCodeField });

/** The pay form: terms ticked. The course and coupon come from the page's URL and are priced again. */
export const PayFormSchema = z.object({
  terms: z.literal("on", { errorMap: () => ({ message: CHECKOUT_MESSAGES.termsRequired }) }),
});

/** The browser's report that the Payment Element's payment succeeded. */
export const ConfirmCardPaymentSchema = z.object({
  paymentIntentId: z
    .string()
    .trim()
    .regex(/^pi_[A-Za-z0-9_]{1,250}$/, "paymentIntentId must be a PaymentIntent id"),
});

/**
 * What the payment provider's checkout hands back after a payment, by its
 * JavaScript handler or its hosted page's POST: the payment, the order it
 * paid, and the provider's signature over both.
 */
export const PaymentReturnSchema = z.object({
  razorpay_payment_id: z.string().regex(/^pay_[A-Za-z0-9]{1,40}$/, "razorpay_payment_id must be a payment id"),
  razorpay_order_id: z.string().regex(/^order_[A-Za-z0-9]{1,40}$/, "razorpay_order_id must be an order id"),
  razorpay_signature: z.string().regex(/^[0-9a-f]{64}$/, "razorpay_signature must be a hex signature"),
});

const courseIdField = z.coerce
  .number({ invalid_type_error: "courseId must be a number" })
  .int("courseId must be a whole number")
  .positive("courseId must be positive");

const formIdField = z.preprocess(
  (value) => (value === null || value === "" ? undefined : value),
  z.coerce.number().int().positive("enrollmentFormId must be positive").optional(),
);

/** POST /api/validate-coupon */
export const ValidateCouponApiSchema = z.object({ couponCode: couponCodeField, courseId: courseIdField });

/**
 * POST /api/create-payment-intent. `amount` is what the earlier app sent (the
 * price in rupees); it is only compared with the server's total.
 */
export const CreatePaymentIntentApiSchema = z.object({
  courseId: courseIdField,
  couponCode: optionalCouponCode,
  enrollmentFormId: formIdField,
  amount: z.preprocess(
    (value) => (value === null || value === "" ? undefined : value),
    z.coerce.number({ invalid_type_error: "amount must be a number" }).finite().nonnegative().optional(),
  ),
});

/** POST /api/payments/start: the order to pay, priced by the server. */
const eventIdField = z.coerce
  .number({ invalid_type_error: "eventId must be a number" })
  .int("eventId must be a whole number")
  .positive("eventId must be positive");

/** POST /api/payments/start: a course (`courseId`) or a paid event's seat (`eventId`), never both. */
export const StartPaymentApiSchema = z
  .object({
    courseId: courseIdField.optional(),
    eventId: eventIdField.optional(),
    couponCode: optionalCouponCode,
    enrollmentFormId: formIdField,
  })
  .refine((input) => (input.courseId === undefined) !== (input.eventId === undefined), {
    message: "Send either courseId or eventId",
    path: ["courseId"],
  })
  .transform(({ courseId, eventId, ...rest }) => ({
    ...rest,
    item: courseId !== undefined ? { type: "course" as const, id: courseId } : { type: "event" as const, id: eventId ?? 0 },
  }));

/** POST /api/enroll-course: a PaymentIntent that succeeded, or nothing for a free order. */
export const EnrollCourseApiSchema = z.object({
  courseId: courseIdField,
  paymentIntentId: z.preprocess(
    (value) => (value === null || value === "" ? undefined : value),
    ConfirmCardPaymentSchema.shape.paymentIntentId.optional(),
  ),
  couponCode: optionalCouponCode,
  enrollmentFormId: formIdField,
});
