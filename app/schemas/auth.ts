import { z } from "zod";
import { emailField, redirectToField } from "./fields";

export const PASSWORD_MIN_LENGTH = 8;

export const LoginSchema = z.object({
  email: emailField(),
  password: z.string({ required_error: "Password is required" }).max(200, "Password is too long"),
  redirectTo: redirectToField,
});

const nameField = (label: string) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(50, `${label} must be at most 50 characters`);

export const SignupSchema = z.object({
  firstName: nameField("First name"),
  lastName: nameField("Last name"),
  email: emailField(),
  password: z
    .string({ required_error: "Password is required" })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(128, "Password must be at most 128 characters"),
  redirectTo: redirectToField,
});
