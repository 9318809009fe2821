// Site-wide copy and constants: name, contact details, navigation, stats and perks.
// Plain data, safe to import from both server and browser code.

export const SITE_NAME = "TradeMaster Academy";
export const SITE_TAGLINE =
  "Practical stock, currency and crypto trading education in India, with live mentorship from experienced traders.";

export type ContactDetails = {
  email: string;
  phones: [string, string, string];
  /** Digits only, country code first, for wa.me links. */
  whatsappNumber: string;
};

// Demo numbers and address; the institute replaces them with its own.
export const CONTACT: ContactDetails = {
  email: "info@trademasteracademy.in",
  phones: ["+91 98765 43210", "+91 98765 43211", "+91 98765 43212"],
  whatsappNumber: "919876543210",
};

/** Exact wording from the spec (footer and contact page). */
export const BUSINESS_HOURS = "All time GMT IST USE";
/** Exact wording from the spec (chat widget welcome view). */
export const CHAT_AVAILABILITY = "Everyday 10 AM - 7:00 PM IST";

export type SocialLink = { name: "Telegram" | "Instagram" | "YouTube" | "Facebook"; href: string };

export const SOCIAL_LINKS: SocialLink[] = [
  { name: "Telegram", href: "https://t.me/trademasteracademy" },
  { name: "Instagram", href: "https://www.instagram.com/trademasteracademy" },
  { name: "YouTube", href: "https://www.youtube.com/@trademasteracademy" },
  { name: "Facebook", href: "https://www.facebook.com/trademasteracademy" },
];

export const WHATSAPP_MESSAGES = {
  general: `Hello ${SITE_NAME}! I would like to know more about your trading courses.`,
  mentor: `Hello ${SITE_NAME}! I would like to speak with a mentor about one-on-one guidance.`,
  courseEnquiry: `Hello ${SITE_NAME}! I have a question about a course, its fees and the next batch.`,
  eventRegistration: `Hello ${SITE_NAME}! I would like to register for an upcoming event. Please share the details.`,
  support: `Hello ${SITE_NAME}! I am a student and need help with my course access.`,
} as const;

/** A wa.me chat link with a prefilled message. */
export function whatsappLink(message: string): string {
  return `https://wa.me/${CONTACT.whatsappNumber}?text=${encodeURIComponent(message)}`;
}

/**
 * The eight advertised perks (spec §1), in order. Two of the spec's promised
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

export const FOOTER_SERVICES = ["Stock Market Training", "Currency Education", "Crypto Trading", "Live Trading Sessions"];

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
