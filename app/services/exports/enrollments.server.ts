import { readEnrollmentsForExport, type EnrollmentExportRow } from "~/models/site/admin-export.server";
import { paidByLabel, paymentStatusLabel, providerPaymentReference } from "~/utils/payment-status";
import { text, number, date, rupees, type Sheet } from "./workbook-writer.server";

// The Course Enrollments sheet: every enrollment with its student and payment.

/** "First Last", or nothing when neither is known. */
export const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ") || null;

export const enrollmentsSheet: Sheet<EnrollmentExportRow> = {
  name: "Course Enrollments",
  rows: () => readEnrollmentsForExport(),
  columns: [
    number("Enrollment ID", 14, (e) => e.id),
    text("Student Email", 32, (e) => e.studentEmail),
    text("Student Name", 24, (e) => fullName(e.studentFirstName, e.studentLastName)),
    number("Course ID", 10, (e) => e.courseId),
    text("Course", 36, (e) => e.courseTitle),
    rupees("Amount (₹)", (e) => e.amountPaise),
    text("Payment Status", 16, (e) => paymentStatusLabel(e.paymentStatus)),
    text("Paid By", 20, (e) => paidByLabel(e)),
    text("Payment ID", 30, (e) => providerPaymentReference(e)),
    date("Enrolled At (IST)", (e) => e.enrolledAt),
  ],
};
