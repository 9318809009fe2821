import { z } from "zod";

// The admin's invoice register export: one calendar month in India.

export const INVOICE_REGISTER_MESSAGES = {
  month: "Choose a month, like 2026-11",
  failedTitle: "Register not created",
  failedText: "The invoice register could not be created. Please try again.",
} as const;

export const InvoiceRegisterSchema = z.object({
  month: z
    .string({ required_error: INVOICE_REGISTER_MESSAGES.month, invalid_type_error: INVOICE_REGISTER_MESSAGES.month })
    .trim()
    .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, INVOICE_REGISTER_MESSAGES.month),
});

/** "2026-11" → the instants [from, to) of that month in India (UTC+05:30 all year). */
export function indiaMonthRange(month: string): { from: Date; to: Date } {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, "0")}`;
  return { from: new Date(`${month}-01T00:00:00+05:30`), to: new Date(`${next}-01T00:00:00+05:30`) };
}
