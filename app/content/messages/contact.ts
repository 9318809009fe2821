// What the contact form and `POST /api/contact` say to the visitor.

/** The texts the contact form shows; the product specification's quoted titles and texts stay as quoted. */
export const CONTACT_TEXT = {
  missingTitle: "Please fill in all required fields",
  missingText: "Name, email, subject, and message are required.",
  failedTitle: "Failed to Send Message",
  failedText: "There was an error sending your message. Please try again.",
  throttledTitle: "Message Not Sent",
  sentTitle: "Message Sent!",
  sentText: "Thank you for your message. We'll get back to you within 24 hours.",
} as const;
