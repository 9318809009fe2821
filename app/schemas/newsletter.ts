import { z } from "zod";
import { emailField, redirectToField } from "./fields";

/** The 'Stay Updated' box and POST /api/newsletter: one email address. */
export const NewsletterSchema = z.object({
  email: emailField("Please enter a valid email address"),
});

/** The page form also says where to come back to. */
export const NewsletterFormSchema = NewsletterSchema.extend({ redirectTo: redirectToField });
