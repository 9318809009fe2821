import { readRegistrationsForExport, type RegistrationExportRow } from "~/models/site/admin-export.server";
import { text, number, date, type Sheet } from "./workbook-writer.server";

// The Event Registrations sheet: every registration with its event.

export const registrationsSheet: Sheet<RegistrationExportRow> = {
  name: "Event Registrations",
  rows: () => readRegistrationsForExport(),
  columns: [
    number("Registration ID", 16, (r) => r.id),
    text("Name", 24, (r) => r.name),
    text("Email", 32, (r) => r.email),
    text("Phone", 18, (r) => r.phone),
    number("Event ID", 10, (r) => r.eventId),
    text("Event", 36, (r) => r.eventTitle),
    date("Event Date (IST)", (r) => r.eventDate),
    date("Registered At (IST)", (r) => r.registeredAt),
  ],
};
