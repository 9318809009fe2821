import { z } from "zod";
import { emailField, redirectToField } from "./fields";

export const NEWSLETTER_TEXT = {
  subscribedTitle: "Subscribed!",
  subscribedText: "You will get our new articles by email.",
  alreadyTitle: "Already subscribed",
  alreadyText: "This email is already on our list.",
  invalidTitle: "Please enter a valid email address",
  throttledTitle: "Not subscribed",
} as const;

/** The 'Stay Updated' box and POST /api/newsletter: one email address. */
export const NewsletterSchema = z.object({
  email: emailField("Please enter a valid email address"),
});

/** The page form also says where to come back to. */
export const NewsletterFormSchema = NewsletterSchema.extend({ redirectTo: redirectToField });
