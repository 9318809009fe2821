import { readUsersForExport, type UserExportRow } from "~/models/site/admin-export.server";
import { text, date, type Sheet } from "./workbook-writer.server";

// The Users sheet: every student account.

export const usersSheet: Sheet<UserExportRow> = {
  name: "Users",
  rows: () => readUsersForExport(),
  columns: [
    text("User ID", 38, (u) => u.id),
    text("Email", 32, (u) => u.email),
    text("First Name", 18, (u) => u.firstName),
    text("Last Name", 18, (u) => u.lastName),
    text("Role", 10, (u) => (u.isAdmin ? "Admin" : "User")),
    date("Joined (IST)", (u) => u.createdAt),
  ],
};
