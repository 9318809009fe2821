import { z } from "zod";
import { INDIAN_STATE_CODES } from "~/utils/indian-states";
import { DEFAULT_INSTITUTE, SOCIAL_NETWORKS, type Institute, type SocialField } from "~/utils/institute";
import { optionalText, requiredText } from "./admin-fields";
import { blankToUndefined, emailField } from "./fields";

// The "institute" section of /admin/settings: who the institute is to a
// visitor (name, tagline, contact details, postal address, social links).
// Every page, mail and PDF reads it; nothing about the institute is typed
// into a component. Its defaults, the demo institute, and the helpers pages
// use live in ~/utils/institute, which every page loads without zod.

export const INSTITUTE_MESSAGES = {
  phone: "Phone must be an Indian number, like +91 98765 43210 or 020 2612 3456",
  whatsapp: "WhatsApp number must be 10 to 15 digits, country code first, like 919876543210",
  pin: "PIN code must be 6 digits",
  state: "Choose the state",
} as const;

/** +91 or 0 optional, then ten digits (a mobile, or an STD code and number), spaces and dashes allowed. */
const INDIAN_PHONE = /^(?:\+91|0)?[1-9]\d{9}$/;

const requiredPhone = z
  .string({ required_error: "Phone 1 is required" })
  .trim()
  .max(20, INSTITUTE_MESSAGES.phone)
  .refine((value) => INDIAN_PHONE.test(value.replace(/[\s-]/g, "")), INSTITUTE_MESSAGES.phone);
const optionalPhone = z.preprocess(blankToUndefined, requiredPhone.optional());

function isProfileOn(hosts: readonly string[], value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && hosts.includes(url.hostname) && url.pathname.length > 1 && !url.username && !url.password;
  } catch {
    return false;
  }
}

const socialLink = (field: SocialField) => {
  const { name, hosts } = SOCIAL_NETWORKS[field];
  return z.preprocess(
    blankToUndefined,
    z
      .string({ invalid_type_error: `${name} link must be a web address` })
      .trim()
      .max(300, `${name} link must be at most 300 characters`)
      .refine(
        (value) => isProfileOn(hosts, value),
        `${name} link must be an https:// address on ${hosts[0]}, like https://${hosts[0]}/yourpage`,
      )
      .optional(),
  );
};

export const InstituteSettingsSchema = z.object({
  name: requiredText("Institute name", 100).refine((name) => !name.includes("\n"), "Institute name must be one line"),
  tagline: requiredText("Tagline", 200),
  email: emailField("Contact email is required"),
  phone1: requiredPhone,
  phone2: optionalPhone,
  phone3: optionalPhone,
  /** Digits only, country code first, for wa.me links; spaces and a leading + are dropped. */
  whatsappNumber: z.preprocess(
    (value) => (typeof value === "string" ? value.replace(/[\s+-]/g, "") : value),
    z.string({ required_error: INSTITUTE_MESSAGES.whatsapp }).regex(/^\d{10,15}$/, INSTITUTE_MESSAGES.whatsapp),
  ),
  // A section saved before hours were a setting has none: it reads as the default, not as invalid.
  hours: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(100, "Business hours must be at most 100 characters")
      .refine((hours) => !hours.includes("\n"), "Business hours must be one line")
      .default(DEFAULT_INSTITUTE.hours),
  ),
  addressLine1: requiredText("Address", 120),
  addressLine2: optionalText("Address line 2", 120),
  city: requiredText("City", 60),
  stateCode: z.enum(INDIAN_STATE_CODES, { errorMap: () => ({ message: INSTITUTE_MESSAGES.state }) }),
  pin: z
    .string({ required_error: INSTITUTE_MESSAGES.pin })
    .trim()
    .regex(/^[1-9]\d{5}$/, INSTITUTE_MESSAGES.pin),
  telegramUrl: socialLink("telegramUrl"),
  instagramUrl: socialLink("instagramUrl"),
  youtubeUrl: socialLink("youtubeUrl"),
  facebookUrl: socialLink("facebookUrl"),
}) satisfies z.ZodType<Institute, z.ZodTypeDef, unknown>;
