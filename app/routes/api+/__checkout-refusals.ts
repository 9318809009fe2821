import { findStudentCourseForm } from "~/models/enrollment-form.server";
import { CHECKOUT_MESSAGES } from "~/schemas/checkout";
import { apiError } from "~/utils/api.server";

// Answers the checkout endpoints share.

/** The JSON answer when an order cannot be priced: 404 unknown course, 400 invalid coupon. */
export function quoteRefusal(reason: "invalid-course" | "invalid-coupon") {
  return reason === "invalid-course"
    ? apiError(404, CHECKOUT_MESSAGES.invalidCourse)
    : apiError(400, CHECKOUT_MESSAGES.couponInvalidText);
}

/** 400 when an enrollment form id is given that is not this student's form for this course; null when fine. */
export function foreignFormRefusal(userId: string, formId: number | null, courseId: number) {
  if (formId === null || findStudentCourseForm(userId, formId, courseId) !== null) return null;
  return apiError(400, "enrollmentFormId is not an enrollment form of yours for this course.");
}
