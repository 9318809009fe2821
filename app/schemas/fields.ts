import { z } from "zod";
import { personName } from "./person-name";

// Field rules several forms share, with messages quoted from the product specification.
// Conform turns empty inputs into undefined, hence the required_error texts.

export const emailField = (requiredMessage = "Email is required") =>
  z
    .string({ required_error: requiredMessage })
    .trim()
    .max(254, "Please enter a valid email address")
    .email("Please enter a valid email address");

export const personNameField = personName(
  z
    .string({ required_error: "Name must be at least 2 characters" })
    .trim()
    .min(2, "Name must be at least 2 characters")
    .max(100, "Name must be at most 100 characters"),
);

/** At least 10 digits once spaces, dashes, brackets and a leading + are set aside. */
export const phoneField = (message: string) =>
  z
    .string({ required_error: message })
    .trim()
    .max(20, message)
    .refine((value) => /^\+?[\d\s\-()]+$/.test(value) && value.replace(/\D/g, "").length >= 10, message);

/** Where to go afterwards: a hidden field, so a value that is not one text (a repeated field) is ignored rather than an error nobody can see. */
export const redirectToField = z.preprocess((value) => (typeof value === "string" ? value : undefined), z.string().optional());

/** An optional value sent as "", blank or null (a JSON client may send null) counts as not given. */
export const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** Browsers post a textarea's line breaks as CRLF (without JavaScript) or LF (with it): store LF. */
export const normalizeLineBreaks = (value: unknown) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value);
