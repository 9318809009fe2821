import { FAKE_STRIPE_URL } from "../../playwright.config";
import { fakeStripeControl } from "../support/stripe";
import "./fixtures";

// Checkout test helpers for the browser specs: the rows a test arranges and
// reads back, and the control API of this worker's fake Stripe server.

/** This worker's fake Stripe server (tests/fixtures/fake-stripe.ts). */
export const fakeStripe = fakeStripeControl(FAKE_STRIPE_URL);

export {
  addCompletedEnrollment,
  couponRedemptions,
  makeCoupon,
  makeCourse,
  ordersOf,
  type StoredOrder,
  type TestCoupon,
  type TestCourse,
} from "../support/rows";
