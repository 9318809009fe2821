// What the admin panel's forms and toasts say: the words, kept apart from the
// schemas that check the fields.
import { countOf } from "~/utils/plural";

export const REFERENCE_NEEDED = "Reference is required: the UTR or receipt number";
export const ZERO_PAYMENT = "An amount of ₹0 is not a payment: use Grant a course instead.";

export const BLOG_MESSAGES = {
  slugFormat: "Slug may use only lowercase letters, digits and single dashes (like my-first-post)",
  slugTaken: "This slug is already used by another post",
  category: "Choose one of the blog's categories",
  contentEmpty: "Content has no text left once unsafe HTML is removed",
} as const;

export const COUPON_MESSAGES = {
  created: "Coupon created",
  updated: "Coupon updated",
  deleted: "Coupon deleted",
  deactivated: "Coupon deactivated",
  saved: (code: string) => `${code} has been saved.`,
  removed: (code: string) => `${code} has been deleted.`,
  deactivatedText: (code: string) => `${code} can no longer be used at checkout.`,
  deleteQuestion: (code: string) => `Are you sure you want to delete "${code}"?`,
  codeTaken: (code: string) => `The code ${code} is already used by another coupon`,
  belowUsed: (used: number) => `Max redemptions cannot be below the ${used} already used`,
  unknownTargets: (type: "course" | "event" | "batch") => `A chosen ${type} no longer exists. Reload the page and choose again.`,
  hasHistory:
    "This coupon has been used at checkout, so deleting it would lose that history. Deactivate it instead: checkout will refuse it from now on.",
  alreadyInactive: "This coupon has been used at checkout, so it is kept for that history. It is already inactive.",
} as const;

export const STUDENT_MESSAGES = {
  zeroPayment: ZERO_PAYMENT,
  emailTaken: (email: string) => `${email} is already used by another account. Choose another address.`,
  alreadyEnrolled: "This student is already enrolled in that course.",
  noCourse: "That course no longer exists. Reload the page and choose another.",
  notEnrolled: "That enrollment is no longer active, so there is nothing to revoke. Reload the page to see the orders as they are now.",
  alreadyConfirmed: "This student has already confirmed their email address.",
  resetDeactivated: "This account is deactivated: reactivate it before sending a password reset.",
  justSent: "A confirmation link went to this student less than a minute ago. Wait a minute before sending another.",
  billingNeeded:
    "This student has no billing details on record, and the tax invoice must name its buyer: enter the name, address, city, state and PIN it is made out to.",
  referenceTaken: (reference: string) =>
    `Reference ${reference} is already recorded on another order. Check the receipt or UTR and try again.`,
} as const;

export const REFUND_MESSAGES = {
  notRefundable: "This order has nothing left to refund. Reload the page to see the orders as they are now.",
  overRefund: (left: string) => `Refund amount cannot be more than what is left to refund: ${left}.`,
  methodNeeded: "Choose how the money went back",
  referenceNeeded: REFERENCE_NEEDED,
} as const;

export const MENTOR_MESSAGES = {
  created: "Mentor created",
  updated: "Mentor updated",
  deleted: "Mentor deleted",
  saved: (name: string) => `“${name}” has been saved.`,
  removed: (name: string) => `“${name}” has been deleted.`,
  deleteQuestion: (name: string) => `Are you sure you want to delete "${name}"?`,
} as const;

export const ADMIN_LOGIN_MESSAGES = {
  adminId: "Admin ID is required",
  password: "Password is required",
  failedTitle: "Login Failed",
  invalid: "Invalid credentials",
  successTitle: "Login Successful",
  successText: "Welcome to the admin panel!",
} as const;

export const SETTINGS_MESSAGES = {
  saved: "Settings saved",
  savedText: (section: string) => `${section} are up to date.`,
  notSavedTitle: (section: string) => `${section} not saved`,
} as const;

/** What the Events tab and its JSON doors say, one text per outcome. */
const registrations = (count: number) => countOf(count, "registration");

export const ADMIN_EVENT_MESSAGES = {
  notFound: "Event not found",
  created: { title: "Event created", description: (title: string) => `“${title}” has been created.` },
  updated: { title: "Event updated", description: (title: string) => `“${title}” has been saved.` },
  deleted: { title: "Event deleted", description: (title: string) => `“${title}” has been deleted.` },
  deactivated: {
    title: "Event deactivated",
    description: (title: string) => `“${title}” is no longer shown on the site; its registrations are kept.`,
  },
  deleteQuestion: (title: string) => `Are you sure you want to delete "${title}"?`,
  /** Why an event with registrations is not deleted (the dialog, and the API's 409). */
  hasHistory: (count: number) =>
    `This event has ${registrations(count)}. Deleting it would lose who registered, so deactivate it instead: it leaves the public site and the registrations are kept.`,
  hasHistoryInactive: (count: number) =>
    `This event has ${registrations(count)}. Deleting it would lose who registered, so it is kept; it is already inactive and not shown on the site.`,
  hasHistoryApi: (count: number) =>
    `This event has ${registrations(count)}, so it cannot be deleted without losing them. Deactivate it instead (PUT with "isActive": false).`,
  notDeletedTitle: "Event not deleted",
  /** Why a content manager's save was refused (the page form's notice; the API's 403 message joins both). */
  pricingRefused: {
    title: "Prices are set by an admin",
    text: "Your role can change an event's content, not its price. Nothing was saved; leave the price out (or as it is) and save again.",
  },
} as const;

/** The JSON doors' 403 when a content manager sends another price. */
export const EVENT_PRICING_REFUSED_MESSAGE = `${ADMIN_EVENT_MESSAGES.pricingRefused.title}. ${ADMIN_EVENT_MESSAGES.pricingRefused.text}`;

/** Why a content manager's save was refused (the page form's notice, and the API's 403 `message`). */
export const COURSE_PRICING_REFUSED = {
  title: "Prices are set by an admin",
  text: "Your role can change a course's content, not its price, original price or whether it is on sale. Nothing was saved; leave those fields out (or as they are) and save again.",
} as const;
/** The JSON doors' 403 when a content manager sends a price. */
export const COURSE_PRICING_REFUSED_MESSAGE = `${COURSE_PRICING_REFUSED.title}. ${COURSE_PRICING_REFUSED.text}`;

/** The toast after a content manager creates a course (it starts at ₹0, not on sale). */
export const NEW_COURSE_BY_CONTENT_MANAGER = "has been saved as inactive: an admin sets the price and puts it on sale.";

/** A mentor ticked on the course form was deleted before the form was saved. */
export const COURSE_MENTOR_GONE = "A chosen mentor no longer exists. Reload the page and choose again.";
