import { z } from "zod";
import { ADULT_REQUIRED_MESSAGE, requiredTick } from "./consent";
import { emailField, redirectToField } from "./fields";
import { currentPasswordField, newPasswordField } from "./password";
import { personName } from "./person-name";

export const LoginSchema = z.object({
  email: emailField(),
  password: currentPasswordField(),
  redirectTo: redirectToField,
});

/** A first or last name, as sign-up and the account page take it. */
export const nameField = (label: string) =>
  personName(
    z
      .string({ required_error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(50, `${label} must be at most 50 characters`),
    label,
  );

export const SignupSchema = z.object({
  firstName: nameField("First name"),
  lastName: nameField("Last name"),
  email: emailField(),
  password: newPasswordField(),
  adult: requiredTick(ADULT_REQUIRED_MESSAGE),
  consent: requiredTick(),
  redirectTo: redirectToField,
});
