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
