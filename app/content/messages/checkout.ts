import { COUPON_HOLD_MINUTES, type CouponRefusal } from "~/utils/coupon-rules";
import { formatAmount } from "~/utils/money";
import { REGISTRATION_MESSAGES, registeredText } from "./events";

// What checkout says to the student: titles and texts of its notices and
// toasts, the same on the page and in the JSON API. Texts that the product
// specification quotes stay exactly as quoted.

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
  paymentsOffText:
    "Online payment (UPI, cards and netbanking) is not set up on this site yet. Message us on WhatsApp and our team will help you enroll.",
  billingMissingTitle: "Billing details needed",
  billingMissingText: "Your tax invoice needs your name, address, state and PIN. Add them with your enrollment information, then pay.",
  amountMismatch: "The amount does not match the price of this order.",
  joinWaitlist: "Every seat is booked or held by someone paying. You can join the waitlist from the event's register dialog.",
  batchFullTitle: "This batch is full",
  batchFull: "Every seat in this batch is booked or held by someone paying. Choose another batch on the course page.",
  batchClosedTitle: "This batch is not open for booking",
  batchClosed: "This batch has begun or was called off. Choose another batch on the course page.",
  refundedTitle: "Payment refunded",
  seatGoneRefunded:
    "The event filled up before your payment reached us, so we have refunded it in full. You can join its waitlist on the events page.",
  batchSeatGoneRefunded:
    "The batch filled up before your payment reached us, so we have refunded it in full. You can choose another batch on the course page.",
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

export const enrolledText = (courseTitle: string) => `You are now enrolled in ${courseTitle}.`;

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
