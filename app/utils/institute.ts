import type { IndianStateCode } from "./indian-states";

// The institute as every page shows it, without the validation library (the
// header and footer are on every page): its shape, the demo institute that
// is the settings' default, and the helpers that turn it into lines and links.
// The admin's form checks it with ~/schemas/institute-settings.

export type Institute = {
  name: string;
  tagline: string;
  email: string;
  phone1: string;
  phone2?: string;
  phone3?: string;
  /** Digits only, country code first, for wa.me links. */
  whatsappNumber: string;
  /** When the team answers calls, WhatsApp and the chat, in IST: the footer, contact page, chat and mails say it. */
  hours: string;
  addressLine1: string;
  addressLine2?: string;
  city: string;
  stateCode: IndianStateCode;
  pin: string;
  telegramUrl?: string;
  instagramUrl?: string;
  youtubeUrl?: string;
  facebookUrl?: string;
};

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
export type SocialField = keyof typeof SOCIAL_NETWORKS;
export type SocialLink = { name: (typeof SOCIAL_NETWORKS)[SocialField]["name"]; href: string };

/** The demo institute: what every page shows until an admin saves the section. */
export const DEFAULT_INSTITUTE: Institute = {
  name: "TradeMaster Academy",
  tagline: "Practical stock market and currency trading education in India, with live mentorship from experienced traders.",
  email: "info@trademasteracademy.in",
  phone1: "+91 98765 43210",
  phone2: "+91 98765 43211",
  phone3: "+91 98765 43212",
  whatsappNumber: "919876543210",
  hours: "Everyday 10 AM - 7:00 PM IST",
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

/**
 * Default legal texts name the institute through these markers, so a default
 * page follows the settings; an admin may use them in their own text too.
 */
export function fillInstituteMarkers(text: string, institute: Pick<Institute, "name" | "email">): string {
  return text.replaceAll("{{name}}", institute.name).replaceAll("{{email}}", institute.email);
}
