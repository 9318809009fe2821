// What the analytics consent banner and the cookie settings say. Kept apart
// from the consent schemas so the banner, on every page, does not bring the
// validation library into every page's JavaScript.

export const ANALYTICS_TEXT = {
  purpose: "We would like to use Google Analytics cookies to count visits and see which pages help. Nothing loads unless you accept.",
  accept: "Accept analytics",
  decline: "Decline",
  acceptedTitle: "Analytics turned on",
  declinedTitle: "Analytics turned off",
} as const;
