import { z } from "zod";
import { ADULT_REQUIRED_MESSAGE, requiredTick } from "./consent";
import { nameField } from "./auth";
import { emailField } from "./fields";
import { currentPasswordField, newPasswordField } from "./password";

// The forms of the student's own account page (/account). Each posts an
// `intent` to the page's own action; the schema of each is shared by the
// server and the browser (Conform).

export const ACCOUNT_INTENTS = [
  "profile",
  "change-email",
  "change-password",
  "sign-out-others",
  "send-confirmation",
  "confirm-adult",
  "connect-provider",
  "new-calendar-address",
] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export const PHONE_MESSAGE = "Enter an Indian mobile number: 10 digits starting with 6, 7, 8 or 9 (+91 or 0 in front is fine)";

/**
 * An Indian mobile number as "+91" and its 10 digits, or null when it is not
 * one. Spaces, dashes and brackets are set aside; +91, 91 or 0 in front is the
 * country or trunk prefix people write out of habit.
 */
export function normaliseIndianMobile(input: string): string | null {
  const compact = input.trim().replace(/[\s\-()]/g, "");
  const match = /^(?:\+91|91(?=\d{10}$)|0)?([6-9]\d{9})$/.exec(compact);
  return match ? `+91${match[1]}` : null;
}

export const ProfileSchema = z.object({
  firstName: nameField("First name"),
  lastName: nameField("Last name"),
  phone: z
    .string()
    .max(30, PHONE_MESSAGE)
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === "") return null;
      const phone = normaliseIndianMobile(value);
      if (!phone) context.addIssue({ code: z.ZodIssueCode.custom, message: PHONE_MESSAGE });
      return phone;
    }),
});

/** A new email address, and the current password that proves the request is the student's. */
export const ChangeEmailSchema = z.object({
  newEmail: emailField("Enter the new email address"),
  currentPassword: currentPasswordField(),
});

/** A new password; the current one too when the account has one (an account without one sets its first). */
export const ChangePasswordSchema = z.object({
  currentPassword: currentPasswordField().optional(),
  newPassword: newPasswordField(),
});

/** An account made through a sign-in provider confirms the holder's age here (no analytics load for it until then). */
export const ConfirmAdultSchema = z.object({ adult: requiredTick(ADULT_REQUIRED_MESSAGE) });
