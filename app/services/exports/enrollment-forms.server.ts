import { readEnrollmentFormsForExport, type EnrollmentFormExportRow } from "~/models/site/admin-export.server";
import { paymentStatusLabel } from "~/utils/payment-status";
import { text, number, date, type Sheet } from "./workbook-writer.server";

// The Enrollment Forms sheet: every form a student filled in before paying.

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export const enrollmentFormsSheet: Sheet<EnrollmentFormExportRow> = {
  name: "Enrollment Forms",
  rows: () => readEnrollmentFormsForExport(),
  columns: [
    number("Form ID", 10, (f) => f.id),
    text("Name", 24, (f) => f.name),
    text("WhatsApp Number", 18, (f) => f.whatsappNumber),
    text("Email", 32, (f) => f.email),
    number("Age", 6, (f) => f.age),
    text("Country", 14, (f) => f.country),
    text("State", 18, (f) => f.state),
    text("City", 18, (f) => f.city),
    text("Experience Level", 18, (f) => f.experienceLevel),
    text("Type", 8, (f) => capitalise(f.courseOrEventType)),
    number("Course or Event ID", 12, (f) => f.courseOrEventId),
    text("Course or Event", 36, (f) => f.courseOrEventTitle),
    text("Source of Lead", 18, (f) => f.sourceOfLead),
    text("Broker", 16, (f) => f.broker),
    text("Training Preference", 20, (f) => f.trainingPreference),
    text("Payment Status", 16, (f) => paymentStatusLabel(f.paymentStatus)),
    text("Payment Intent ID", 30, (f) => f.paymentIntentId),
    date("Submitted At (IST)", (f) => f.createdAt),
  ],
};
