import ExcelJS from "exceljs";
import { insertTestInvoice } from "../support/invoicing";
import { readPdf } from "../support/pdf-text";
import {
  addCompletedEnrollment,
  adminApiClient,
  clientWithCookie,
  createStudent,
  describe,
  expect,
  makeCourse,
  plantSession,
  queryTestDatabase,
  studentClient,
  test,
  withDatabase,
} from "./support/test";

// GST tax invoices over HTTP (decision 0031): the owner's invoice PDF at
// /account/orders/:orderId/invoice and its link on /account/orders, and the
// admin's monthly invoice register. Invoices are arranged as stored rows; how
// they are issued is the model's test (app/models/orders/tax-document.server.test.ts).

/** A completed ₹4,999 order of the student with its invoice. */
function invoicedOrder(studentId: string) {
  const orderId = addCompletedEnrollment(studentId, makeCourse({ pricePaise: 499_900 }).id, 499_900);
  return { orderId, invoice: withDatabase((database) => insertTestInvoice(database, orderId)) };
}

const fileName = (number: string) => `tax-invoice-${number.replaceAll("/", "-")}.pdf`;

describe("the invoice of an order", () => {
  test("the owner downloads it from the orders page: a PDF with its number, the seller's GSTIN, IGST and the amounts in rupees", async () => {
    const { client, student } = await studentClient();
    const { orderId, invoice } = invoicedOrder(student.id);
    const unbilled = addCompletedEnrollment(student.id, makeCourse({ pricePaise: 100_000 }).id, 100_000);

    const page = await (await client.get("/account/orders")).text();
    expect(page).toContain(`href="/account/orders/${orderId}/invoice"`);
    expect(page).toMatch(new RegExp(`Download invoice<span class="sr-only"> (<!-- -->)?${invoice.number}</span>`));
    expect(page).not.toContain(`/account/orders/${unbilled}/invoice`);

    const response = await client.get(`/account/orders/${orderId}/invoice`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toBe(`attachment; filename="${fileName(invoice.number)}"`);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    const pdf = await readPdf(await response.body());
    for (const text of [
      "Tax Invoice",
      `Tax Invoice No. ${invoice.number}`,
      "GSTIN: 27AAAPL1234C1Z5",
      "Asha Rao",
      "Place of supply: Karnataka (code 29)",
      "999293",
      "IGST @ 18%",
      "₹4,236.44",
      "₹762.56",
      "₹4,999.00",
    ])
      expect(pdf.text).toContain(text);
    expect(pdf.text).not.toContain("CGST");
  });

  test("another student's invoice, an order without one, or no order at all is 404 and shows nothing of it", async () => {
    const { client: owner, student } = await studentClient();
    const { orderId, invoice } = invoicedOrder(student.id);
    const unbilled = addCompletedEnrollment(student.id, makeCourse({ pricePaise: 100_000 }).id, 100_000);
    const { client: other } = await studentClient();

    const stolen = await other.get(`/account/orders/${orderId}/invoice`);
    expect(stolen.status()).toBe(404);
    expect(stolen.headers()["content-type"]).not.toContain("pdf");
    expect(await stolen.text()).not.toContain(invoice.number);
    for (const path of [`/account/orders/${unbilled}/invoice`, "/account/orders/999999/invoice", "/account/orders/x/invoice"])
      expect((await owner.get(path)).status(), path).toBe(404);
  });

  test("a refunded order keeps its invoice and lists its credit note, which cites the invoice; only the owner downloads it", async () => {
    const { client, student } = await studentClient();
    const { orderId, invoice } = invoicedOrder(student.id);
    withDatabase((database) =>
      database.prepare("UPDATE orders SET payment_status = 'refunded', refunded_paise = amount_paise WHERE id = ?").run(orderId),
    );
    const note = withDatabase((database) => insertTestInvoice(database, orderId, { credits: invoice.id }));

    const page = await (await client.get("/account/orders")).text();
    const notePath = `/account/orders/${orderId}/credit-notes/${note.id}`;
    for (const text of [`/account/orders/${orderId}/invoice`, notePath, "Download credit note"]) expect(page).toContain(text);

    const response = await client.get(notePath);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-disposition"]).toBe(`attachment; filename="credit-note-${note.number.replaceAll("/", "-")}.pdf"`);
    const pdf = await readPdf(await response.body());
    for (const text of [`Credit Note No. ${note.number}`, `Against Tax Invoice No. ${invoice.number}`, "IGST @ 18%", "₹4,999.00"])
      expect(pdf.text).toContain(text);

    const { client: other } = await studentClient();
    expect((await other.get(notePath)).status()).toBe(404);
    // The invoice's own id is not a credit note.
    expect((await client.get(`/account/orders/${orderId}/credit-notes/${invoice.id}`)).status()).toBe(404);
  });

  test("a visitor who is not signed in is sent to sign in and back", async ({ request }) => {
    const { orderId, invoice } = invoicedOrder((await createStudent()).id);
    const note = withDatabase((database) => insertTestInvoice(database, orderId, { credits: invoice.id }));
    for (const path of [`/account/orders/${orderId}/invoice`, `/account/orders/${orderId}/credit-notes/${note.id}`]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
    }
  });
});

const REGISTER = "/admin/settings/invoice-register";
const thisMonth = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit" }).format(new Date());
const registerExports = () =>
  queryTestDatabase<{ entity_id: string }>("SELECT entity_id FROM audit_log WHERE action = 'invoice_register_exported'").length;

async function workbookOf(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return { name: sheet.name, rows };
}

/** Figures in paise: taxable value, CGST, SGST, IGST, total. */
type Figures = [number, number, number, number, number];

/**
 * 3,000 documents of July 2003 stored directly for the order, in series of
 * their own (TBI and TBC, 03-04): 2,700 invoices and 300 credit notes (each
 * reducing the invoice before it), 30 of those past their deadline; a third
 * within the seller's state (CGST and SGST) and the rest across (IGST), of
 * varied amounts, seven to a millisecond. Their numbers in number order, and
 * the sums of invoices, of timely credit notes and of late ones.
 */
function insertMonthOfDocuments(orderId: number) {
  const sums: Record<"invoices" | "notes" | "late", Figures> = { invoices: [0, 0, 0, 0, 0], notes: [0, 0, 0, 0, 0], late: [0, 0, 0, 0, 0] };
  const numbers = { invoices: [] as string[], notes: [] as string[] };
  const start = Date.parse("2003-07-01T00:00:00+05:30");
  const seller = { name: "TradeMaster Academy", address: "14 Market Road, Pune", stateCode: "27", stateName: "Maharashtra", pin: "411001" };
  const karnataka = { name: "Asha Rao", address: "12 MG Road, Bengaluru", stateCode: "29", stateName: "Karnataka", pin: "560001" };
  const maharashtra = { ...seller, name: "Ravi Patil", pin: "411004", businessName: "Patil Traders", gstin: "27AAACP1234A1Z5" };
  withDatabase((database) => {
    const insert = database.prepare(
      `INSERT INTO tax_documents (kind, number, financial_year, sequence, order_id, credited_document_id, issued_at, seller, buyer,
                                  place_of_supply, sac, description, gst_rate_bps, taxable_paise, cgst_paise, sgst_paise, igst_paise,
                                  total_paise, missed_deadline)
       VALUES (?, ?, '03-04', ?, ?, ?, ?, ?, ?, ?, '999293', 'Course fee', 1800, ?, ?, ?, ?, ?, ?)`,
    );
    let lastInvoice = 0;
    database.transaction(() => {
      for (let index = 0; index < 3000; index += 1) {
        const note = index % 10 === 9;
        const late = index % 100 === 99;
        const intraState = index % 3 === 0;
        const total = 100_000 + (index % 13) * 1_003;
        const taxable = Math.round((total * 100) / 118);
        const cgst = intraState ? Math.floor((total - taxable) / 2) : 0;
        const sgst = intraState ? total - taxable - cgst : 0;
        const figures: Figures = [taxable, cgst, sgst, intraState ? 0 : total - taxable, total];
        const series = note ? numbers.notes : numbers.invoices;
        series.push(`${note ? "TBC" : "TBI"}/03-04/${String(series.length + 1).padStart(6, "0")}`);
        const { lastInsertRowid } = insert.run(
          note ? "credit_note" : "invoice",
          series.at(-1),
          series.length,
          orderId,
          note ? lastInvoice : null,
          start + Math.floor(index / 7) * 60_000,
          JSON.stringify(seller),
          JSON.stringify(intraState ? maharashtra : karnataka),
          intraState ? "27" : "29",
          ...figures,
          late ? "2003-11-30" : null,
        );
        if (!note) lastInvoice = Number(lastInsertRowid);
        const sum = note ? (late ? sums.late : sums.notes) : sums.invoices;
        figures.forEach((paise, column) => (sum[column]! += paise));
      }
    })();
  });
  return { numbers, sums };
}

describe("the invoice register", () => {
  test("an admin picks a month and gets every invoice of it with buyer, place of supply, GST and totals", async () => {
    const student = await createStudent();
    const first = invoicedOrder(student.id).invoice;
    const second = invoicedOrder(student.id).invoice;
    const { client } = await adminApiClient("admin");
    const before = registerExports();

    const response = await client.post(REGISTER, { form: { month: thisMonth } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-disposition"]).toContain(`filename="invoice-register-${thisMonth}.xlsx"`);
    const { name, rows } = await workbookOf(await response.body());
    expect(name).toBe(`Invoice register ${thisMonth}`);
    expect(rows[0]).toEqual([
      "Type",
      "Number",
      "Date (IST)",
      "Buyer",
      "Buyer GSTIN",
      "Place of supply",
      "Against invoice",
      "Taxable value (₹)",
      "CGST (₹)",
      "SGST (₹)",
      "IGST (₹)",
      "Total (₹)",
      "GST adjustment",
    ]);
    for (const invoice of [first, second]) {
      const row = rows.find((cells) => cells[1] === invoice.number);
      expect(row?.[0]).toBe("Tax invoice");
      expect(row?.[3]).toBe("Asha Rao");
      expect(row?.[5]).toBe("29-Karnataka");
      expect(row?.slice(7)).toEqual([4236.44, 0, 0, 762.56, 4999]);
    }
    const invoices = rows.filter((cells) => cells[0] === "Tax invoice");
    const total = rows.find((cells) => cells[0] === "Total tax invoices");
    expect(total?.[11]).toBeCloseTo(4999 * invoices.length, 2);
    const notes = rows.filter((cells) => cells[0] === "Credit note");
    expect(notes.every((cells) => typeof cells[6] === "string" && cells[6].startsWith("TST/00-01/"))).toBe(true);
    expect(rows.find((cells) => cells[0] === "Total credit notes")?.[11]).toBeCloseTo(4999 * notes.length, 2);
    expect(rows.find((cells) => cells[0] === "Net (invoices less credit notes)")?.[11]).toBeCloseTo(
      4999 * (invoices.length - notes.length),
      2,
    );
    expect(registerExports()).toBe(before + 1);

    // A month with nothing issued has its totals and no documents.
    const empty = await workbookOf(await (await client.post(REGISTER, { form: { month: "2001-04" } })).body());
    expect(empty.rows.map((cells) => cells[0])).toEqual([
      "Type",
      "Total tax invoices",
      "Total credit notes",
      "Net (invoices less credit notes)",
    ]);
  });

  test("a month of 3,000 documents lists each in number order, and its totals leave out the late credit notes", async () => {
    const student = await createStudent();
    const { numbers, sums } = insertMonthOfDocuments(addCompletedEnrollment(student.id, makeCourse({ pricePaise: 100_000 }).id, 100_000));
    const { client } = await adminApiClient("admin");

    const response = await client.post(REGISTER, { form: { month: "2003-07" } });
    expect(response.status()).toBe(200);
    const { rows } = await workbookOf(await response.body());
    expect(rows).toHaveLength(1 + 3000 + 3);
    expect(numbers.invoices).toHaveLength(2700);
    expect(rows.slice(1, 3001).map((cells) => cells[1])).toEqual([...numbers.invoices, ...numbers.notes]);
    const noteRows = rows.filter((cells) => cells[0] === "Credit note");
    expect(noteRows).toHaveLength(300);
    expect(noteRows.every((cells) => typeof cells[6] === "string" && cells[6].startsWith("TBI/03-04/"))).toBe(true);
    expect(noteRows.filter((cells) => String(cells[12]).startsWith("Late: past the GST deadline of Nov 30, 2003"))).toHaveLength(30);
    expect(rows[1]?.slice(3, 6)).toEqual(["Patil Traders (Ravi Patil)", "27AAACP1234A1Z5", "27-Maharashtra"]);

    const [invoices, notes, net] = rows.slice(-3);
    expect([invoices?.[0], notes?.[0], net?.[0]]).toEqual(["Total tax invoices", "Total credit notes", "Net (invoices less credit notes)"]);
    sums.invoices.forEach((paise, column) => expect(invoices?.[7 + column]).toBeCloseTo(paise / 100, 2));
    // A credit note past its s.34(2) deadline reduces no output tax: the totals are what the return may declare.
    sums.notes.forEach((paise, column) => expect(notes?.[7 + column]).toBeCloseTo(paise / 100, 2));
    sums.invoices.forEach((paise, column) => expect(net?.[7 + column]).toBeCloseTo((paise - sums.notes[column]!) / 100, 2));
    const lateTotal = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2 }).format(sums.late[4]! / 100);
    expect(notes?.[12]).toBe(`Leaves out 30 late credit notes (₹${lateTotal}): past the GST deadline, they reduce no GST`);
    expect(invoices?.[12] ?? null).toBeNull();
    expect(net?.[12] ?? null).toBeNull();
  });

  test("a content manager gets 403, others the admin sign-in; a bad month is refused with a message; nothing is exported", async () => {
    const before = registerExports();
    const { client: contentManager } = await adminApiClient("content_manager");
    expect((await contentManager.post(REGISTER, { form: { month: thisMonth }, maxRedirects: 0 })).status()).toBe(403);
    for (const outsider of [await clientWithCookie(), await clientWithCookie(await plantSession(await createStudent()))]) {
      const answer = await outsider.post(REGISTER, { form: { month: thisMonth }, maxRedirects: 0 });
      expect(answer.status()).toBe(302);
      expect(answer.headers().location).toMatch(/^\/admin\/login\?/);
    }

    const { client } = await adminApiClient("admin");
    for (const month of ["2026-13", "last month", ""]) {
      const refused = await client.post(REGISTER, { form: { month }, maxRedirects: 0 });
      expect(refused.status()).toBe(302);
      expect(refused.headers().location).toBe("/admin/settings");
    }
    const page = await (await client.get("/admin/settings")).text();
    expect(page).toContain("Choose a month, like 2026-11");
    expect(page).toContain("Download invoice register");
    expect(registerExports()).toBe(before);
  });
});

test("the order mail's invoice, queued as a document to draw, downloads from the admin's outbox as the PDF", async () => {
  const { invoice } = invoicedOrder((await createStudent()).id);
  const attachment = {
    filename: fileName(invoice.number),
    contentType: "application/pdf",
    document: { kind: "tax-document", id: invoice.id },
  };
  const messageId = withDatabase((database) =>
    Number(
      database
        .prepare(
          `INSERT INTO outbox_messages (kind, to_address, subject, text_body, message_id, attachments)
           VALUES ('order-confirmation', 'asha@example.com', 'Enrolled', 'Enrolled', ?, ?)`,
        )
        .run(`<invoice-${invoice.id}@test.example>`, JSON.stringify([attachment])).lastInsertRowid,
    ),
  );
  const { client } = await adminApiClient("admin");
  const detail = await (await client.get(`/admin/outbox/${messageId}`)).text();
  expect(detail).toContain(fileName(invoice.number));
  const download = await client.get(`/admin/outbox/${messageId}/attachments/1`);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect((await readPdf(await download.body())).text).toContain(`Tax Invoice No. ${invoice.number}`);
});

test("the admin's page of a student lists the invoice number of each order", async () => {
  const student = await createStudent();
  const { invoice } = invoicedOrder(student.id);
  const { client } = await adminApiClient("admin");
  const page = await (await client.get(`/admin/users/${student.id}`)).text();
  expect(page).toContain("GST invoice");
  expect(page).toContain(invoice.number);
});
