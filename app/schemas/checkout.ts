import { z } from "zod";
import { CHECKOUT_MESSAGES } from "~/content/messages/checkout";

// Checkout's forms. The page's two forms (coupon, pay) and the JSON endpoints
// (/api/validate-coupon, /api/create-payment-intent, /api/enroll-course) share
// these rules; the words checkout says are in app/content/messages/checkout.ts.

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

const batchIdField = z.coerce
  .number({ invalid_type_error: "batchId must be a number" })
  .int("batchId must be a whole number")
  .positive("batchId must be positive");

/** POST /api/payments/start: a course (`courseId`, in its batch `batchId` when it has batches) or a paid event's seat (`eventId`), never both. */
export const StartPaymentApiSchema = z
  .object({
    courseId: courseIdField.optional(),
    batchId: batchIdField.optional(),
    eventId: eventIdField.optional(),
    couponCode: optionalCouponCode,
    enrollmentFormId: formIdField,
  })
  .refine((input) => (input.courseId === undefined) !== (input.eventId === undefined), {
    message: "Send either courseId or eventId",
    path: ["courseId"],
  })
  .refine((input) => input.batchId === undefined || input.courseId !== undefined, {
    message: "batchId goes with a courseId",
    path: ["batchId"],
  })
  .transform(({ courseId, eventId, batchId, ...rest }) => ({
    ...rest,
    item:
      courseId !== undefined
        ? { type: "course" as const, id: courseId, ...(batchId !== undefined ? { batchId } : {}) }
        : { type: "event" as const, id: eventId ?? 0 },
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
