import ExcelJS from "exceljs";
import { insertTestInvoice, setInvoicing, taxDocumentsOf } from "../support/invoicing";
import {
  adminApiClient,
  beforeAll,
  createStudent,
  describe,
  expect,
  makeCourse,
  queryTestDatabase,
  test,
  uniqueTitle,
  withDatabase,
} from "./support/test";

// Credit notes after the CGST Act s.34(2) deadline (decision 0050): the
// admin records the day an annual return was filed in Settings; a refund past
// the deadline still issues its credit note, and the admin sees it flagged on
// the student's order row and in the invoice register, with what to do, and
// the team is mailed.

const SETTINGS = "/admin/settings";
const storedReturns = () =>
  queryTestDatabase<{ value: string }>("SELECT value FROM site_settings WHERE section = 'annualReturns'").map(
    (row) => JSON.parse(row.value) as { returns: { financialYear: string; filedOn: string }[] },
  )[0];
const thisMonth = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit" }).format(new Date());
const withoutScripts = async (response: { text(): Promise<string> }) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");

beforeAll(() => setInvoicing());

describe("the annual returns in Settings", () => {
  test("an admin records the day a year's return was filed; a wrong year or day is shown on its field and stores nothing", async () => {
    const { client } = await adminApiClient("admin");
    const row = (financialYear: string, filedOn: string) => ({
      intent: "annualReturns",
      "returns[0].financialYear": financialYear,
      "returns[0].filedOn": filedOn,
    });
    for (const [form, message] of [
      [row("2025-27", "2026-10-15"), "Financial year must be like 2025-26"],
      [row("2025-26", "2026-02-30"), "Filed on must be a date like 2026-10-15"],
      [row("2025-26", "2026-03-31"), "The return for 2025-26 can only be filed after the year ends on 31 March"],
      [row("2025-26", ""), "Give both the financial year and the day it was filed"],
      [
        { ...row("2025-26", "2026-10-15"), "returns[1].financialYear": "2025-26", "returns[1].filedOn": "2026-10-16" },
        "2025-26 is given twice",
      ],
    ] as const) {
      const refused = await client.post(SETTINGS, { form, maxRedirects: 0 });
      expect(refused.status()).toBe(400);
      expect(await withoutScripts(refused)).toContain(message);
    }
    expect(storedReturns()).toBeUndefined();

    const saved = await client.post(SETTINGS, { form: row("2025-26", "2026-10-15"), maxRedirects: 0 });
    expect(saved.status()).toBe(302);
    expect(storedReturns()).toEqual({ returns: [{ financialYear: "2025-26", filedOn: "2026-10-15" }] });
    const page = await withoutScripts(await client.get(SETTINGS));
    for (const text of ["Annual returns", 'value="2025-26"', 'value="2026-10-15"']) expect(page).toContain(text);
    withDatabase((database) => database.prepare("DELETE FROM site_settings WHERE section = 'annualReturns'").run());
  });
});

describe("a refund past the deadline", () => {
  test("issues its credit note marked late; the student's order row and the register say it reduces no GST and what to do; the team is mailed", async () => {
    const student = await createStudent({ firstName: "Meera", lastName: "Nair" });
    const course = makeCourse({ pricePaise: 499_900, title: uniqueTitle("Late refund") });
    // Paid offline three years ago: 30 November after that financial year has passed.
    const paidAt = Date.now() - 3 * 365 * 24 * 60 * 60 * 1000;
    const { orderId, invoice } = withDatabase((database) => {
      const id = Number(
        database
          .prepare(
            "INSERT INTO orders (user_id, course_id, payment_status, amount_paise, provider, provider_order_id, enrolled_at) VALUES (?, ?, 'completed', 499900, 'offline', ?, ?)",
          )
          .run(student.id, course.id, `CASH-${course.id}`, paidAt).lastInsertRowid,
      );
      const issued = insertTestInvoice(database, id);
      database.prepare("UPDATE tax_documents SET issued_at = ? WHERE id = ?").run(paidAt, issued.id);
      return { orderId: id, invoice: issued };
    });
    const { client } = await adminApiClient("admin");
    const page = `/admin/users/${student.id}`;

    const posted = await client.post(page, {
      form: { intent: "refund", enrollmentId: String(orderId), amount: "4999", method: "cash", reason: "Asked within the policy" },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    const note = taxDocumentsOf(orderId).find((document) => document.kind === "credit_note");
    expect(note?.credited_document_id).toBe(invoice.id);
    const [{ missed_deadline: missed } = { missed_deadline: null }] = queryTestDatabase<{ missed_deadline: string | null }>(
      "SELECT missed_deadline FROM tax_documents WHERE id = ?",
      note?.id,
    );
    expect(missed).toMatch(/^\d{4}-11-30$/);
    const deadline = new Date(`${missed}T00:00:00Z`).toLocaleDateString("en-US", {
      timeZone: "UTC",
      month: "short",
      day: "numeric",
      year: "numeric",
    });

    const html = await withoutScripts(await client.get(page));
    for (const text of [
      `${note!.number} (credit note)`,
      `${note!.number}: Late: past the GST deadline of ${deadline}, reduces no GST.`,
      "do not report this credit note in the GST returns (GSTR-1)",
    ])
      expect(html).toContain(text);

    const team = queryTestDatabase<{ subject: string; text_body: string }>(
      "SELECT subject, text_body FROM outbox_messages WHERE kind = 'team-late-credit-note'",
    );
    expect(team).toHaveLength(1);
    expect(team[0]!.subject).toBe(`Credit note ${note!.number} is past the GST deadline of ${deadline}`);
    expect(team[0]!.text_body).toContain(`Order: #${orderId}`);

    const register = await client.post("/admin/settings/invoice-register", { form: { month: thisMonth } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await register.body()) as unknown as ArrayBuffer);
    const rows: ExcelJS.CellValue[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    expect(rows[0]?.at(-1)).toBe("GST adjustment");
    const noteRow = rows.find((cells) => cells[1] === note!.number);
    expect(noteRow?.[0]).toBe("Credit note");
    expect(String(noteRow?.at(-1))).toContain(`Late: past the GST deadline of ${deadline}, reduces no GST`);
    expect(String(noteRow?.at(-1))).toContain("financial credit note without GST");
    // The month's only credit note is late: it reduces none of the GST totals, and the credit notes' total says so.
    const total = (type: string) => rows.find((cells) => cells[0] === type) ?? [];
    expect(total("Total credit notes").slice(7, 12)).toEqual([0, 0, 0, 0, 0]);
    expect(total("Total credit notes")[12]).toBe("Leaves out 1 late credit note (₹4,999.00): past the GST deadline, it reduces no GST");
    expect(total("Net (invoices less credit notes)").slice(7, 12)).toEqual([0, 0, 0, 0, 0]);
  });
});
