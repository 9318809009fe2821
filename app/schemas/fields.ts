import { z } from "zod";

// Field rules several forms share, with the spec's messages (public-site §5).
// Conform turns empty inputs into undefined, hence the required_error texts.

export const emailField = (requiredMessage = "Email is required") =>
  z
    .string({ required_error: requiredMessage })
    .trim()
    .max(254, "Please enter a valid email address")
    .email("Please enter a valid email address");

export const personNameField = z
  .string({ required_error: "Name must be at least 2 characters" })
  .trim()
  .min(2, "Name must be at least 2 characters")
  .max(100, "Name must be at most 100 characters");

/** At least 10 digits once spaces, dashes, brackets and a leading + are set aside. */
export const phoneField = (message: string) =>
  z
    .string({ required_error: message })
    .trim()
    .max(20, message)
    .refine((value) => /^\+?[\d\s\-()]+$/.test(value) && value.replace(/\D/g, "").length >= 10, message);

export const redirectToField = z.string().optional();
