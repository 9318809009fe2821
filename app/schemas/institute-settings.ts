import { z } from "zod";
import { INDIAN_STATE_CODES, indianStateName } from "~/utils/indian-states";
import { optionalText, requiredText } from "./admin-fields";
import { blankToUndefined, emailField } from "./fields";

// The "institute" section of /admin/settings: who the institute is to a
// visitor (name, tagline, contact details, postal address, social links).
// Every page, mail and PDF reads it; nothing about the institute is typed
// into a component. Its defaults are the demo institute.

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

/**
 * Where each social network's links may point. A profile link is accepted
 * only on its own network's host over https, so a typo cannot send visitors
 * to another site (decision 0030).
 */
export const SOCIAL_NETWORKS = {
  telegramUrl: { name: "Telegram", hosts: ["t.me", "telegram.me"] },
  instagramUrl: { name: "Instagram", hosts: ["instagram.com", "www.instagram.com"] },
  youtubeUrl: { name: "YouTube", hosts: ["youtube.com", "www.youtube.com", "m.youtube.com"] },
  facebookUrl: { name: "Facebook", hosts: ["facebook.com", "www.facebook.com", "m.facebook.com"] },
} as const;
type SocialField = keyof typeof SOCIAL_NETWORKS;
export type SocialLink = { name: (typeof SOCIAL_NETWORKS)[SocialField]["name"]; href: string };

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
});
export type Institute = z.infer<typeof InstituteSettingsSchema>;

/** The demo institute: what every page shows until an admin saves the section. */
export const DEFAULT_INSTITUTE: Institute = {
  name: "TradeMaster Academy",
  tagline: "Practical stock, currency and crypto trading education in India, with live mentorship from experienced traders.",
  email: "info@trademasteracademy.in",
  phone1: "+91 98765 43210",
  phone2: "+91 98765 43211",
  phone3: "+91 98765 43212",
  whatsappNumber: "919876543210",
  addressLine1: "2nd Floor, 14 Market Road",
  city: "Pune",
  stateCode: "27",
  pin: "411001",
  telegramUrl: "https://t.me/trademasteracademy",
  instagramUrl: "https://www.instagram.com/trademasteracademy",
  youtubeUrl: "https://www.youtube.com/@trademasteracademy",
  facebookUrl: "https://www.facebook.com/trademasteracademy",
};

/** The phone numbers given, in order (one to three). */
export const institutePhones = (institute: Institute): string[] =>
  [institute.phone1, institute.phone2, institute.phone3].filter((phone): phone is string => Boolean(phone));

/** The social links given, in the footer's order; a network left empty is not shown. */
export const instituteSocialLinks = (institute: Institute): SocialLink[] =>
  (Object.keys(SOCIAL_NETWORKS) as SocialField[]).flatMap((field) => {
    const href = institute[field];
    return href ? [{ name: SOCIAL_NETWORKS[field].name, href }] : [];
  });

/** The postal address as lines: street, optional second line, "City, State PIN". */
export const institutePostalLines = (institute: Institute): string[] =>
  [
    institute.addressLine1,
    institute.addressLine2,
    `${institute.city}, ${indianStateName(institute.stateCode) ?? institute.stateCode} ${institute.pin}`,
  ].filter((line): line is string => Boolean(line));

/**
 * Default legal texts name the institute through these markers, so a default
 * page follows the settings; an admin may use them in their own text too.
 */
export function fillInstituteMarkers(text: string, institute: Pick<Institute, "name" | "email">): string {
  return text.replaceAll("{{name}}", institute.name).replaceAll("{{email}}", institute.email);
}
