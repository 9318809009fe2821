// The legal pages: one list for the footer, the sitemap and the tests, so a page is never left out of one.
export const LEGAL_PAGES = [
  { path: "/terms", title: "Terms of Service" },
  { path: "/privacy", title: "Privacy Policy" },
  { path: "/refund-policy", title: "Refund Policy" },
  { path: "/disclaimer", title: "Disclaimer" },
  { path: "/grievances", title: "Grievances" },
] as const;

export type LegalPagePath = (typeof LEGAL_PAGES)[number]["path"];
