// Consent records as the app writes them with what they guard: the account's
// at sign-up, an enrollment form's (a lead's call back, or the billing details
// given at checkout) and a free event registration's. Never updated; all
// granted here.
import { FORM_CONSENT } from "../../app/schemas/consent";
import type { Writer } from "./context";
import type { Lead } from "./leads";
import type { Registration } from "./registrations";
import type { Student } from "./students";

export function writeConsents(writer: Writer, students: Student[], leads: Lead[], registrations: Registration[]): void {
  const records: { userId: string; purpose: string; source: string; at: number }[] = [];
  for (const student of students)
    records.push({ userId: student.id, purpose: FORM_CONSENT.account.purpose, source: "signup", at: student.createdAt });
  for (const lead of leads) records.push({ userId: lead.student.id, ...lead.consent, at: lead.createdAt });
  for (const registration of registrations)
    if (!registration.paid)
      records.push({
        userId: registration.student.id,
        purpose: FORM_CONSENT.eventRegistration.purpose,
        source: "event-registration",
        at: registration.registeredAt,
      });
  records.sort((a, b) => a.at - b.at);
  const insert = writer.bulk("consent_records", ["user_id", "visitor_id", "purpose", "decision", "source", "created_at"], 100);
  for (const record of records) insert.add(record.userId, null, record.purpose, "granted", record.source, record.at);
  insert.flush();
}
