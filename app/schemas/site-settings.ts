import { z } from "zod";
import { INDIAN_STATE_CODES } from "~/utils/indian-states";
import { DEFAULT_LEGAL_SETTINGS, DEFAULT_REGULATORY_SETTINGS, LegalSettingsSchema, RegulatorySettingsSchema } from "./legal-settings";
import { DEFAULT_INSTITUTE } from "~/utils/institute";
import { InstituteSettingsSchema } from "./institute-settings";
import { DEFAULT_VIDEO_SETTINGS, VideoSettingsSchema } from "./video-settings";
import { checkboxField, optionalText, optionalWholeNumberField, requiredText, wholeNumberField } from "./admin-fields";
import { blankToUndefined, emailField } from "./fields";
import { uploadField } from "./uploads";

// The sections of /admin/settings, each one form and one row of the
// site_settings table. The same schema checks what an admin posts and what is
// read back, so a stored value that no longer fits (an older shape) reads as
// the section's defaults instead of breaking a page.

/** Mail to the institute's team when something needs a person: a contact message, an enrollment lead. */
export const NotificationSettingsSchema = z.object({
  notifyAddress: emailField("Notification address is required"),
  contactMessages: checkboxField,
  // Saved in site_settings under this key, so it keeps its first spelling.
  enrolmentLeads: checkboxField,
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** A GSTIN: state code, PAN, entity number, "Z", check character (15 characters). */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** Letters and digits only, short enough that "TMA/26-27/000123" stays within rule 46's 16 characters. */
const seriesPrefix = (label: string) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,3}$/, `${label} must be 1 to 3 letters or digits`);

/**
 * Who sells, as printed on tax invoices (CGST rule 46), and the tax charged.
 * With no GSTIN the institute is unregistered (below the ₹20 lakh threshold)
 * and issues plain receipts, never a tax invoice. Prices are shown inclusive of GST.
 */
export const InvoicingSettingsSchema = z
  .object({
    legalName: requiredText("Legal name", 200),
    address: requiredText("Address", 300),
    city: requiredText("City", 100),
    stateCode: z.enum(INDIAN_STATE_CODES, { errorMap: () => ({ message: "Choose the state" }) }),
    pin: z
      .string({ required_error: "PIN code is required" })
      .trim()
      .regex(/^[1-9]\d{5}$/, "PIN code must be 6 digits"),
    gstin: z.preprocess(
      (value) => blankToUndefined(typeof value === "string" ? value.trim().toUpperCase() : value),
      z.string().regex(GSTIN_PATTERN, "GSTIN must be 15 characters, like 27AAAPL1234C1Z5").optional(),
    ),
    /** Whole percent; 18 for commercial training and coaching. */
    gstRatePercent: wholeNumberField("GST rate", { min: 0, max: 40 }),
    /** Services Accounting Code; 999293 is commercial training and coaching. */
    sac: z
      .string({ required_error: "SAC is required" })
      .trim()
      .regex(/^\d{6}$/, "SAC must be 6 digits"),
    invoicePrefix: seriesPrefix("Invoice prefix"),
    creditNotePrefix: seriesPrefix("Credit note prefix"),
    /** Printed under the totals, e.g. bank details or "Subject to Mumbai jurisdiction". */
    invoiceNote: optionalText("Invoice note", 500),
  })
  .superRefine((value, context) => {
    if (value.gstin && value.gstin.slice(0, 2) !== value.stateCode) {
      context.addIssue({ code: "custom", path: ["gstin"], message: "The GSTIN's first two digits must be the state's code" });
    }
    if (value.invoicePrefix === value.creditNotePrefix) {
      context.addIssue({ code: "custom", path: ["creditNotePrefix"], message: "Credit notes need a prefix of their own" });
    }
  });
export type InvoicingSettings = z.infer<typeof InvoicingSettingsSchema>;

const FIGURE_DATE_MESSAGE = "As of must be a date like 2026-11-01";
/** A real day written "2026-11-01": 30 February parses (and rolls over to March), so the day must come back unchanged. */
const isCalendarDay = (day: string) => {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : null;
  return parsed !== null && !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
};

/** One figure about the institute an admin stands behind, with the day it was true. */
export type InstituteFigure = { value: string; label: string; asOf: string };

const optionalPart = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();

/** One financial year's GST annual return (GSTR-9): the year as "2025-26" and the India day it was filed. */
export type AnnualReturnFiling = { financialYear: string; filedOn: string };

/** How many years the form offers: credit notes for older years are past 30 November anyway. */
export const MAX_ANNUAL_RETURNS = 3;

export const ANNUAL_RETURN_MESSAGES = {
  year: "Financial year must be like 2025-26",
  filedOn: "Filed on must be a date like 2026-10-15",
  beforeYearEnd: (year: string) => `The return for ${year} can only be filed after the year ends on 31 March`,
  future: "Filed on cannot be in the future",
  bothNeeded: "Give both the financial year and the day it was filed",
  repeated: (year: string) => `${year} is given twice`,
} as const;

/** "2025-26" → 2025; null unless the second year is the one after the first. */
export function financialYearStart(label: string): number | null {
  const match = /^(\d{4})-(\d{2})$/.exec(label);
  if (!match) return null;
  const start = Number(match[1]);
  return (start + 1) % 100 === Number(match[2]) ? start : null;
}

/** A row of the annual returns form: empty (no return), or the year and its filing day together. */
const AnnualReturnRowSchema = z
  .object({ financialYear: optionalPart(7, "Financial year"), filedOn: optionalPart(10, "Filed on") })
  .superRefine((row, context) => {
    if (!row.financialYear && !row.filedOn) return;
    if (!row.financialYear || !row.filedOn) {
      context.addIssue({
        code: "custom",
        path: [row.financialYear ? "filedOn" : "financialYear"],
        message: ANNUAL_RETURN_MESSAGES.bothNeeded,
      });
      return;
    }
    const start = financialYearStart(row.financialYear);
    if (start === null) context.addIssue({ code: "custom", path: ["financialYear"], message: ANNUAL_RETURN_MESSAGES.year });
    if (!isCalendarDay(row.filedOn)) {
      context.addIssue({ code: "custom", path: ["filedOn"], message: ANNUAL_RETURN_MESSAGES.filedOn });
      return;
    }
    if (start !== null && row.filedOn < `${start + 1}-04-01`)
      context.addIssue({ code: "custom", path: ["filedOn"], message: ANNUAL_RETURN_MESSAGES.beforeYearEnd(row.financialYear) });
    // A day ahead of UTC covers India's date, which runs up to 5½ hours ahead.
    if (row.filedOn > new Date(Date.now() + 86_400_000).toISOString().slice(0, 10))
      context.addIssue({ code: "custom", path: ["filedOn"], message: ANNUAL_RETURN_MESSAGES.future });
  });

/**
 * The days the institute filed its annual returns. A credit note for a year's
 * supplies may reduce tax only until 30 November after that year or this day,
 * whichever comes first (CGST Act s.34(2)).
 */
export const AnnualReturnSettingsSchema = z.object({
  returns: z
    .array(AnnualReturnRowSchema)
    .max(MAX_ANNUAL_RETURNS, `At most ${MAX_ANNUAL_RETURNS} years`)
    .default([])
    .transform((rows) => rows.filter((row): row is AnnualReturnFiling => Boolean(row.financialYear && row.filedOn)))
    .superRefine((rows, context) => {
      rows.forEach((row, index) => {
        if (rows.findIndex((other) => other.financialYear === row.financialYear) !== index)
          context.addIssue({ code: "custom", path: [index, "financialYear"], message: ANNUAL_RETURN_MESSAGES.repeated(row.financialYear) });
      });
    }),
});
export type AnnualReturnSettings = z.infer<typeof AnnualReturnSettingsSchema>;

/** A row of the figures form: all empty (no figure), or value, label and date together. */
const FigureRowSchema = z
  .object({ value: optionalPart(20, "Value"), label: optionalPart(60, "Label"), asOf: optionalPart(10, "As of") })
  .superRefine((row, context) => {
    if (!row.value && !row.label && !row.asOf) return;
    if (!row.value) context.addIssue({ code: "custom", path: ["value"], message: "Value is required" });
    if (!row.label) context.addIssue({ code: "custom", path: ["label"], message: "Label is required" });
    if (!row.asOf || !isCalendarDay(row.asOf)) context.addIssue({ code: "custom", path: ["asOf"], message: FIGURE_DATE_MESSAGE });
  });

/** How many figures the form offers; the site shows its own counts beside them. */
export const MAX_INSTITUTE_FIGURES = 4;

/**
 * Figures about the institute beside the counts the site knows (students
 * enrolled, courses, events held): each says when it was true. Never a
 * figure of returns, profit, accuracy or success (SEBI, 29 January 2025).
 */
export const FigureSettingsSchema = z.object({
  figures: z
    .array(FigureRowSchema)
    .max(MAX_INSTITUTE_FIGURES, `At most ${MAX_INSTITUTE_FIGURES} figures`)
    .default([])
    .transform((rows) => rows.filter((row): row is InstituteFigure => Boolean(row.value && row.label && row.asOf))),
  /** A figure whose number is below this is not shown anywhere (a count of 9 beside a page of praise misleads); unset: 0. */
  minimumShown: optionalWholeNumberField("Smallest figure shown", { min: 0, max: 10_000_000 }),
});
export type FigureSettings = z.infer<typeof FigureSettingsSchema>;

/** The least the DPDP Rules allow (rule 8(3)): personal data and its logs are kept at least a year. */
export const MIN_RETENTION_MONTHS = 12;

/**
 * The fewest months a sent mail keeps its text, HTML and attachments: the mail is the
 * processing of the student's data, which the DPDP Rules (rule 8(3)) keep a year (decision 0057).
 */
export const MIN_MAIL_CONTENT_MONTHS = MIN_RETENTION_MONTHS;
/** The settings card counts the sent mails whose contents are due up to this many; past it, it says "more than". */
export const MAIL_CONTENTS_COUNT_CAP = 10_000;
/** The months a sent mail keeps its contents until an admin sets others. */
export const DEFAULT_MAIL_CONTENT_MONTHS = MIN_MAIL_CONTENT_MONTHS;

/**
 * How long personal data that serves no contract is kept, and how long an
 * Excel share link works. Orders and tax documents are never on this clock:
 * the GST law keeps them for 72 months (CGST s.36).
 */
export const RetentionSettingsSchema = z.object({
  leadMonths: wholeNumberField("Months to keep enrollment leads and contact messages", { min: MIN_RETENTION_MONTHS, max: 120 }),
  shareLinkDays: wholeNumberField("Days a share link works", { min: 1, max: 30 }),
  /** Months to keep processing logs (audit log, downloads); unset means the 12 the DPDP Rules ask as a minimum. */
  logMonths: wholeNumberField("Months to keep processing logs", { min: MIN_RETENTION_MONTHS, max: 120 }).optional(),
  /**
   * Months a sent mail keeps its text, HTML and attachments; the list of what was sent stays.
   * Optional so a section saved before it existed still reads; unset means DEFAULT_MAIL_CONTENT_MONTHS.
   */
  mailContentMonths: wholeNumberField("Months to keep the contents of sent mail", { min: MIN_MAIL_CONTENT_MONTHS, max: 120 }).optional(),
});
export type RetentionSettings = z.infer<typeof RetentionSettingsSchema>;

/**
 * Who signs the certificates: an authorised signatory's name and title, and their signature's
 * image (an upload, /uploads/…), printed under the institute's logo. None set: the certificate
 * carries the institute's name alone.
 */
export const CertificateSettingsSchema = z.object({
  signatoryName: optionalText("Signatory's name", 100),
  signatoryTitle: optionalText("Signatory's title", 100),
  signatureUrl: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\/uploads\/[a-f0-9]{32}\.(png|jpg)$/)
      .optional(),
  ),
});
export type CertificateSettings = z.infer<typeof CertificateSettingsSchema>;

/** The Certificates card's form: the names, a new signature image to upload, or the stored one to remove. */
export const CertificateSettingsFormSchema = z.object({
  signatoryName: CertificateSettingsSchema.shape.signatoryName,
  signatoryTitle: CertificateSettingsSchema.shape.signatoryTitle,
  signature: uploadField("Signature", "image"),
  removeSignature: checkboxField,
});

export const SETTINGS_SCHEMAS = {
  institute: InstituteSettingsSchema,
  notifications: NotificationSettingsSchema,
  invoicing: InvoicingSettingsSchema,
  annualReturns: AnnualReturnSettingsSchema,
  figures: FigureSettingsSchema,
  regulatory: RegulatorySettingsSchema,
  legal: LegalSettingsSchema,
  retention: RetentionSettingsSchema,
  videos: VideoSettingsSchema,
  certificate: CertificateSettingsSchema,
} as const;
export type SettingsSection = keyof typeof SETTINGS_SCHEMAS;
export type SettingsOf<Section extends SettingsSection> = z.infer<(typeof SETTINGS_SCHEMAS)[Section]>;

/** What a section holds until an admin saves it: the demo institute, unregistered for GST. */
export const SETTINGS_DEFAULTS: { [Section in SettingsSection]: SettingsOf<Section> } = {
  institute: DEFAULT_INSTITUTE,
  notifications: { notifyAddress: DEFAULT_INSTITUTE.email, contactMessages: true, enrolmentLeads: true },
  invoicing: {
    legalName: DEFAULT_INSTITUTE.name,
    address: DEFAULT_INSTITUTE.addressLine1,
    city: DEFAULT_INSTITUTE.city,
    stateCode: DEFAULT_INSTITUTE.stateCode,
    pin: DEFAULT_INSTITUTE.pin,
    gstRatePercent: 18,
    sac: "999293",
    invoicePrefix: "TMA",
    creditNotePrefix: "TCN",
  },
  annualReturns: { returns: [] },
  figures: { figures: [] },
  regulatory: DEFAULT_REGULATORY_SETTINGS,
  legal: DEFAULT_LEGAL_SETTINGS,
  retention: { leadMonths: MIN_RETENTION_MONTHS, shareLinkDays: 7 },
  videos: DEFAULT_VIDEO_SETTINGS,
  certificate: {},
};

/** The heading of each section's card, and the toast's subject. */
export const SETTINGS_TITLES: Record<SettingsSection, string> = {
  institute: "Institute details",
  notifications: "Notifications",
  invoicing: "Invoicing",
  annualReturns: "Annual returns",
  figures: "Figures about the institute",
  regulatory: "Registration and grievances",
  legal: "Legal pages",
  retention: "Retention and share links",
  videos: "Videos",
  certificate: "Certificates",
};
