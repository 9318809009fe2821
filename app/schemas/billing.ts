import { z } from "zod";
import type { BillingDetails } from "../../db/schema";
import { INDIAN_STATE_CODES } from "~/utils/indian-states";
import { EnrollmentFormApiSchema, enrollmentPageShape, toEnrollmentInput, type EnrollmentFormInput } from "./enrollment-form";
import { blankToUndefined } from "./fields";
import { personName } from "./person-name";
import { GSTIN_PATTERN } from "./site-settings";

// Who a tax invoice is made out to (CGST rule 46: name, address with state
// and PIN; a GSTIN and business name when the buyer has them), asked with the
// checkout's enrollment information while the institute issues invoices.

export const BILLING_MESSAGES = {
  name: "Name for the invoice is required",
  address: "Address is required",
  city: "City is required",
  stateCode: "Choose your state",
  pin: "PIN code must be 6 digits",
  gstin: "GSTIN must be 15 characters, like 29AAACP1234A1Z5",
  gstinState: "The GSTIN's first two digits must be your state's code",
} as const;

/** The messages of a post that left the billing fields out altogether when they are needed. */
export const MISSING_BILLING = {
  "billing.name": [BILLING_MESSAGES.name],
  "billing.address": [BILLING_MESSAGES.address],
  "billing.city": [BILLING_MESSAGES.city],
  "billing.stateCode": [BILLING_MESSAGES.stateCode],
  "billing.pin": [BILLING_MESSAGES.pin],
};

const required = (message: string, max: number) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

const optional = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max, `At most ${max} characters`).optional());

export const BillingDetailsSchema = z
  .object({
    name: personName(required(BILLING_MESSAGES.name, 100)),
    address: required(BILLING_MESSAGES.address, 200),
    city: required(BILLING_MESSAGES.city, 100),
    stateCode: z.enum(INDIAN_STATE_CODES, { errorMap: () => ({ message: BILLING_MESSAGES.stateCode }) }),
    pin: z
      .string({ required_error: BILLING_MESSAGES.pin })
      .trim()
      .regex(/^[1-9]\d{5}$/, BILLING_MESSAGES.pin),
    businessName: personName(optional(200), "Business name"),
    gstin: z.preprocess(
      (value) => blankToUndefined(typeof value === "string" ? value.trim().toUpperCase() : value),
      z.string().regex(GSTIN_PATTERN, BILLING_MESSAGES.gstin).optional(),
    ),
  })
  .superRefine((value, context) => {
    if (value.gstin && value.gstin.slice(0, 2) !== value.stateCode)
      context.addIssue({ code: "custom", path: ["gstin"], message: BILLING_MESSAGES.gstinState });
  });

/**
 * Billing details a form may leave out: fields all left blank (as a browser
 * posts them from a disclosure nobody opened) give none; once any is filled,
 * every required one is asked for.
 */
export const OptionalBillingDetailsSchema = z.preprocess(
  (value) =>
    value !== null && typeof value === "object" && Object.values(value).every((part) => blankToUndefined(part) === undefined)
      ? undefined
      : value,
  BillingDetailsSchema.optional(),
  // The fields a form draws are the billing details' own (a preprocess alone would type them unknown).
) as z.ZodType<z.output<typeof BillingDetailsSchema> | undefined, z.ZodTypeDef, z.input<typeof BillingDetailsSchema> | undefined>;

export type CheckoutInformation = EnrollmentFormInput & { billing?: BillingDetails };

/**
 * The checkout's information step: the enrollment form, and the billing
 * details when invoices are on (the page shows their fields only then; the
 * route refuses a post without them while it does).
 */
export const CheckoutInformationSchema = z
  .object({ ...enrollmentPageShape, billing: BillingDetailsSchema.optional() })
  .transform(({ billing, ...fields }): CheckoutInformation => ({ ...toEnrollmentInput(fields), ...(billing ? { billing } : {}) }));

/** POST /api/enrollment-forms: the form's fields, with the invoice's billing details when the student is about to pay. */
export const EnrollmentFormWithBillingApiSchema = EnrollmentFormApiSchema.extend({ billing: BillingDetailsSchema.optional() });
