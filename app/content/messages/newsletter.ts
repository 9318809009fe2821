// What the newsletter's forms, its confirmation and unsubscribe pages and
// `POST /api/newsletter` say.

/** The newsletter's titles, texts and buttons. */
export const NEWSLETTER_TEXT = {
  // The same answer for a new, a pending and a confirmed address: the form tells nobody who is on the list.
  checkInboxTitle: "Check your inbox",
  checkInboxText: "If this address is not on our list yet, we have sent it a link to confirm. We send nothing until it is used.",
  confirmTitle: "Confirm your subscription",
  confirmButton: "Confirm my subscription",
  subscribedTitle: "Subscribed!",
  subscribedText: "You will get our new articles by email.",
  linkUsedTitle: "This link does not work any more",
  linkUsedText: "It has expired or was already used. Subscribe again from the blog to get a new one.",
  unsubscribeTitle: "Unsubscribe from our articles",
  unsubscribeButton: "Unsubscribe",
  unsubscribedTitle: "You are unsubscribed",
  unsubscribedText: "This address is off our list and we have deleted it. We will send it no more articles.",
  invalidTitle: "Please enter a valid email address",
  throttledTitle: "Not subscribed",
} as const;
