// Site-wide copy and constants: navigation, perks, WhatsApp texts. Plain data,
// safe to import from both server and browser code. The institute's name and
// contact details are site settings (app/schemas/institute-settings.ts).

import type { Institute } from "~/utils/institute";

/** What each WhatsApp button says after "Hello <institute>!" (the name as the settings hold it). */
const WHATSAPP_TEXTS = {
  general: "I would like to know more about your trading courses.",
  mentor: "I would like to speak with a mentor about one-on-one guidance.",
  courseEnquiry: "I have a question about a course, its fees and the next batch.",
  eventRegistration: "I would like to register for an upcoming event. Please share the details.",
  support: "I am a student and need help with my course access.",
} as const;
export type WhatsappTopic = keyof typeof WHATSAPP_TEXTS;

/** "Hello TradeMaster Academy! I would like to … (detail)": the prefilled text of a WhatsApp chat. */
export function whatsappMessage(instituteName: string, topic: WhatsappTopic, detail?: string): string {
  return `Hello ${instituteName}! ${WHATSAPP_TEXTS[topic]}${detail ? ` (${detail})` : ""}`;
}

/** A wa.me chat link to the institute's WhatsApp number, with a prefilled message. */
export function whatsappLink(institute: Pick<Institute, "name" | "whatsappNumber">, topic: WhatsappTopic, detail?: string): string {
  return `https://wa.me/${institute.whatsappNumber}?text=${encodeURIComponent(whatsappMessage(institute.name, topic, detail))}`;
}

/**
 * The eight advertised perks, in order. Two of the perks first written promised
 * performance ("proven" setups, "80%+ success-rate strategies"): SEBI forbids
 * such claims, so they say what is taught instead (docs/decisions/0032).
 */
export const PERKS: string[] = [
  "1 year of WhatsApp and Telegram support",
  "Digital course certificate",
  "Lifetime guidance",
  "Live interaction with a mentor",
  "6 trading setups explained",
  "Traders manual guide",
  "Start with just ₹5,000 capital",
  "Risk management in every module",
];

export const FOOTER_SERVICES = ["Stock Market Training", "Currency Education", "Personal Mentorship", "Live Classes on Replayed Markets"];

export type NavLink = { label: string; to: string };

export const NAV_LINKS: NavLink[] = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Courses", to: "/courses" },
  { label: "Contact", to: "/contact" },
];

export const MORE_LINKS: NavLink[] = [
  { label: "Events", to: "/events" },
  { label: "Study Materials", to: "/study-materials" },
  { label: "Blog", to: "/blog" },
  { label: "Gallery", to: "/gallery" },
  { label: "Testimonials", to: "/testimonials" },
];

export const FOOTER_QUICK_LINKS: NavLink[] = [
  { label: "About Us", to: "/about" },
  { label: "Courses", to: "/courses" },
  { label: "Events", to: "/events" },
  { label: "Blog", to: "/blog" },
  { label: "Testimonials", to: "/testimonials" },
  { label: "Contact", to: "/contact" },
];
