import { z } from "zod";
import { normalizeLineBreaks } from "./fields";

// The admin's breach notice (/admin/breach): what DPDP Rules 2025 rule 7(1)
// says each affected person must be told, and who is told.

/**
 * Who receives the notice: every account, or those with rows in the chosen kinds of data.
 * The values are kept in audit rows, so "enrolment-forms" keeps its first spelling.
 */
export const BREACH_AUDIENCES = ["all", "orders", "event-registrations", "enrolment-forms", "classroom"] as const;
export type BreachAudience = (typeof BREACH_AUDIENCES)[number];

export const BREACH_AUDIENCE_LABELS: Record<BreachAudience, string> = {
  all: "Every student account",
  orders: "Students with orders (billing details, payment references)",
  "event-registrations": "Students registered for events (name, email, phone)",
  "enrolment-forms": "Students with enrollment forms (WhatsApp number, city, state)",
  classroom: "Students with classroom records (lesson progress, quiz answers)",
};

const text = (label: string, max: number) =>
  z.preprocess(
    normalizeLineBreaks,
    z
      .string({ required_error: `${label} is required.` })
      .trim()
      .min(10, `${label}: write at least a sentence.`)
      .max(max, `${label}: at most ${max} characters.`),
  );

export const BreachNoticeSchema = z.object({
  intent: z.enum(["preview", "send"]),
  audiences: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.enum(BREACH_AUDIENCES)).min(1, "Choose who is affected."),
  ),
  description: text("What happened", 3000),
  consequences: text("What it may mean for them", 2000),
  measures: text("What we have done", 2000),
  advice: text("What they can do", 2000),
});

export type BreachNotice = Omit<z.infer<typeof BreachNoticeSchema>, "intent" | "audiences">;
