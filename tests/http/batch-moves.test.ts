import { billingOnRecord, insertTestInvoice, setInvoicing, taxDocumentsOf, type StoredTaxDocument } from "../support/invoicing";
import {
  adminApiClient,
  auditActionsOf,
  beforeAll,
  clientWithCookie,
  createStudent,
  describe,
  expect,
  makeCourse,
  plantSession,
  queryTestDatabase,
  test,
  uniqueTitle,
  withDatabase,
} from "./support/test";

// Moving a student from one batch of a course to another (decision 0062):
// the seat row moves and the order follows it; when the new batch is supplied
// in another place (online: where the student is, IGST Act s.12(2); at a
// venue: where it is taught, s.12(5)), the invoice is credited in full and a
// new one issued for the same amount, its CGST+SGST or IGST split anew, each
// numbered in its own gap-free series; otherwise no tax document changes.
// The seat check holds when two moves race for the last seat.

beforeAll(() => setInvoicing());

type Place = { delivery: "online" } | { delivery: "venue"; stateCode: string; venue: string };

function arrangeCourse() {
  const course = makeCourse({ pricePaise: 499_900, title: uniqueTitle("Moves") });
  withDatabase((database) => database.prepare("UPDATE courses SET pacing = 'both' WHERE id = ?").run(course.id));
  const addBatch = (name: string, place: Place, { seats = 10, cancelled = false, courseId = course.id } = {}) =>
    withDatabase((database) =>
      Number(
        database
          .prepare(
            `INSERT INTO batches (course_id, name, starts_on, ends_on, delivery_mode, venue_state_code, venue, seats, cancelled_at)
             VALUES (?, ?, '2031-01-06', '2031-02-28', ?, ?, ?, ?, ?)`,
          )
          .run(
            courseId,
            name,
            place.delivery,
            place.delivery === "venue" ? place.stateCode : null,
            place.delivery === "venue" ? place.venue : null,
            seats,
            cancelled ? Date.now() : null,
          ).lastInsertRowid,
      ),
    );
  return { course, addBatch };
}

/** A student in Karnataka (29) who paid ₹4,999 for the course in the batch, with its tax invoice (IGST, supplied in Karnataka). */
async function seatedStudent(courseId: number, batchId: number, firstName = "Asha") {
  const student = await createStudent({ firstName, lastName: "Rao" });
  billingOnRecord(student.id);
  const { orderId, invoice } = withDatabase((database) => {
    const orderId = Number(
      database
        .prepare(
          "INSERT INTO orders (user_id, course_id, batch_id, payment_status, amount_paise, provider, delivery_mode) VALUES (?, ?, ?, 'completed', 499900, 'offline', 'online')",
        )
        .run(student.id, courseId, batchId).lastInsertRowid,
    );
    database
      .prepare("INSERT INTO batch_students (batch_id, course_id, user_id, order_id, joined_at) VALUES (?, ?, ?, ?, ?)")
      .run(batchId, courseId, student.id, orderId, Date.now());
    return { orderId, invoice: insertTestInvoice(database, orderId) };
  });
  return { student, orderId, invoice };
}

const movePath = (courseId: number, batchId: number, userId: string) =>
  `/admin/courses/${courseId}/batches/${batchId}/students/${userId}/move`;
const seatOf = (courseId: number, userId: string) =>
  queryTestDatabase<{ batch_id: number }>("SELECT batch_id FROM batch_students WHERE course_id = ? AND user_id = ?", courseId, userId);
const orderOf = (orderId: number) =>
  queryTestDatabase<{ batch_id: number; delivery_mode: string; venue_state_code: string | null; amount_paise: number }>(
    "SELECT batch_id, delivery_mode, venue_state_code, amount_paise FROM orders WHERE id = ?",
    orderId,
  )[0];
const movedMails = (address: string) =>
  queryTestDatabase<{ subject: string; text_body: string; attachments: string }>(
    "SELECT subject, text_body, attachments FROM outbox_messages WHERE to_address = ? AND kind = 'batch-moved' ORDER BY id",
    address,
  );
/** Whether the document's number is the next of its series: one past the highest other number of its kind and year. */
const nextInSeries = (document: StoredTaxDocument | undefined) =>
  document !== undefined &&
  document.sequence ===
    1 +
      (queryTestDatabase<{ last: number | null }>(
        "SELECT max(sequence) AS last FROM tax_documents WHERE kind = ? AND financial_year = ? AND id <> ?",
        document.kind,
        document.financial_year,
        document.id,
      )[0]?.last ?? 0);

const visible = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replaceAll("&#x27;", "'")
    .replace(/\s+/g, " ");

describe("moving a student to another batch", () => {
  test("to a batch taught elsewhere: a credit note for the invoice and a new one supplied there; to one supplied alike: no tax document", async () => {
    const { course, addBatch } = arrangeCourse();
    const online = addBatch("Online evenings", { delivery: "online" });
    const pune = addBatch("Pune weekends", { delivery: "venue", stateCode: "27", venue: "14 Market Road, Pune" });
    const bengaluru = addBatch("Bengaluru weekends", { delivery: "venue", stateCode: "29", venue: "12 MG Road, Bengaluru" });
    const cancelled = addBatch("Called off", { delivery: "online" }, { cancelled: true });
    const { student, orderId, invoice } = await seatedStudent(course.id, online);
    const { admin, client } = await adminApiClient("admin");

    const dialog = visible(await (await client.get(movePath(course.id, online, student.id))).text());
    expect(dialog).toContain(`Move Asha Rao (${student.email}) from Online evenings`);
    expect(dialog).toContain("Pune weekends (Jan 6, 2031 – Feb 28, 2031, In person: 14 Market Road, Pune, Maharashtra, 10 seats left)");
    expect(dialog).not.toContain("Called off");

    // Online (supplied in Karnataka, where she is) → Pune (supplied in Maharashtra, the seller's state).
    const toPune = await client.post(movePath(course.id, online, student.id), {
      form: { toBatchId: String(pune), reason: "Moved to Pune" },
      maxRedirects: 0,
    });
    expect(toPune.status()).toBe(302);
    expect(toPune.headers().location).toBe(`/admin/teaching/${online}`);
    expect(seatOf(course.id, student.id)).toEqual([{ batch_id: pune }]);
    expect(orderOf(orderId)).toEqual({ batch_id: pune, delivery_mode: "venue", venue_state_code: "27", amount_paise: 499_900 });
    const [, creditNote, reissued] = taxDocumentsOf(orderId);
    expect(creditNote).toMatchObject({
      kind: "credit_note",
      credited_document_id: invoice.id,
      place_of_supply: "29",
      total_paise: 499_900,
      cgst_paise: 0,
      sgst_paise: 0,
    });
    expect(creditNote!.igst_paise).toBeGreaterThan(0);
    expect(reissued).toMatchObject({
      kind: "invoice",
      place_of_supply: "27",
      total_paise: 499_900,
      igst_paise: 0,
      credited_document_id: null,
    });
    expect(reissued!.cgst_paise).toBeGreaterThan(0);
    expect(reissued!.cgst_paise).toBe(reissued!.sgst_paise);
    expect(reissued!.taxable_paise + reissued!.cgst_paise + reissued!.sgst_paise + reissued!.igst_paise).toBeLessThanOrEqual(499_900);
    expect(JSON.parse(reissued!.buyer)).toMatchObject({ name: "Asha Rao", stateCode: "29" });
    expect(nextInSeries(creditNote)).toBe(true);
    expect(nextInSeries(reissued)).toBe(true);
    expect(creditNote!.number).toMatch(/^TCN\//);
    expect(reissued!.number).toMatch(/^TMA\//);

    const [mail] = movedMails(student.email);
    expect(mail?.subject).toBe(`Your batch of ${course.title} is now Pune weekends`);
    expect(mail?.text_body).toContain("You have been moved from Online evenings to Pune weekends");
    expect(mail?.text_body).toContain("Where: In person: 14 Market Road, Pune, Maharashtra.");
    expect(mail?.text_body).toContain(
      `credit note ${creditNote!.number} cancels the earlier invoice, and invoice ${reissued!.number} replaces it for the same amount`,
    );
    expect(JSON.parse(mail!.attachments)).toEqual([
      expect.objectContaining({ document: { kind: "tax-document", id: creditNote!.id } }),
      expect.objectContaining({ document: { kind: "tax-document", id: reissued!.id } }),
    ]);
    expect(auditActionsOf(admin).map((row) => row.action)).toContain("batch_student_moved");

    // Pune → Bengaluru: supplied in Karnataka again, so the Pune invoice is credited in its turn.
    expect(
      (
        await client.post(movePath(course.id, pune, student.id), {
          form: { toBatchId: String(bengaluru), reason: "Closer" },
          maxRedirects: 0,
        })
      ).status(),
    ).toBe(302);
    const after = taxDocumentsOf(orderId);
    expect(after.slice(3)).toMatchObject([
      { kind: "credit_note", credited_document_id: reissued!.id, place_of_supply: "27", total_paise: 499_900 },
      { kind: "invoice", place_of_supply: "29", total_paise: 499_900, cgst_paise: 0, sgst_paise: 0 },
    ]);

    // Bengaluru → online: she is in Karnataka, so the place of supply stays; no tax document is issued.
    expect(
      (
        await client.post(movePath(course.id, bengaluru, student.id), {
          form: { toBatchId: String(online), reason: "Online" },
          maxRedirects: 0,
        })
      ).status(),
    ).toBe(302);
    expect(taxDocumentsOf(orderId)).toHaveLength(5);
    expect(seatOf(course.id, student.id)).toEqual([{ batch_id: online }]);
    expect(movedMails(student.email)).toHaveLength(3);
    expect(movedMails(student.email)[2]?.text_body).not.toContain("credit note");

    // Her orders page offers every document; the invoice in force is the order's invoice, an earlier one is named.
    const studentBrowser = await clientWithCookie(await plantSession(student));
    const orders = await (await studentBrowser.get("/account/orders")).text();
    for (const document of taxDocumentsOf(orderId)) expect(orders).toContain(document.number);
    expect(orders).toContain(`/account/orders/${orderId}/invoice?document=${invoice.id}`);
    const earlier = await studentBrowser.get(`/account/orders/${orderId}/invoice?document=${reissued!.id}`);
    expect(earlier.status()).toBe(200);
    expect(earlier.headers()["content-type"]).toBe("application/pdf");
    expect((await studentBrowser.get(`/account/orders/${orderId}/invoice?document=999999`)).status()).toBe(404);

    // Refusals change nothing: a cancelled batch, one of another course, no reason.
    const otherCourse = arrangeCourse();
    const elsewhere = otherCourse.addBatch("Other course's batch", { delivery: "online" });
    for (const [form, status, message] of [
      [{ toBatchId: String(cancelled), reason: "x" }, 409, "That batch is cancelled or over. Choose another."],
      [{ toBatchId: String(elsewhere), reason: "x" }, 409, "That batch is not one of this course&#x27;s. Choose from the list."],
      [{ toBatchId: String(pune), reason: "" }, 400, "Reason is required"],
    ] as const) {
      const refused = await client.post(movePath(course.id, online, student.id), { form });
      expect(refused.status()).toBe(status);
      expect(await refused.text()).toContain(message);
    }
    expect(seatOf(course.id, student.id)).toEqual([{ batch_id: online }]);
    expect(taxDocumentsOf(orderId)).toHaveLength(5);
  });

  test("two moves at once into a batch with one seat left: one is moved, the other told it is full", async () => {
    const { course, addBatch } = arrangeCourse();
    const from = addBatch("Crowded", { delivery: "online" });
    const lastSeat = addBatch("One seat left", { delivery: "online" }, { seats: 2 });
    const already = await seatedStudent(course.id, lastSeat, "Dev");
    const first = await seatedStudent(course.id, from, "Isha");
    const second = await seatedStudent(course.id, from, "Neel");
    const { client } = await adminApiClient("admin");

    const answers = await Promise.all(
      [first, second].map(({ student }) =>
        client.post(movePath(course.id, from, student.id), { form: { toBatchId: String(lastSeat), reason: "Race" }, maxRedirects: 0 }),
      ),
    );
    expect(answers.map((answer) => answer.status()).sort()).toEqual([302, 409]);
    const refused = answers.find((answer) => answer.status() === 409);
    expect(await refused?.text()).toContain("That batch has no seat free now. Choose another.");
    const seated = queryTestDatabase<{ user_id: string }>("SELECT user_id FROM batch_students WHERE batch_id = ?", lastSeat).map(
      (row) => row.user_id,
    );
    expect(seated).toHaveLength(2);
    expect(seated).toContain(already.student.id);
    // The batch now full, the dialog offers it no more.
    const stayed = seatOf(course.id, first.student.id)[0]?.batch_id === from ? first : second;
    expect(visible(await (await client.get(movePath(course.id, from, stayed.student.id))).text())).toContain(
      "No other batch of this course can take them now",
    );
  });

  test("a content manager gets 403 and moves nobody; a student not in the batch is 404", async () => {
    const { course, addBatch } = arrangeCourse();
    const from = addBatch("Evenings", { delivery: "online" });
    const to = addBatch("Mornings", { delivery: "online" });
    const { student } = await seatedStudent(course.id, from);
    const { client: contentManager } = await adminApiClient("content_manager");
    expect((await contentManager.get(movePath(course.id, from, student.id))).status()).toBe(403);
    const form = { toBatchId: String(to), reason: "x" };
    expect((await contentManager.post(movePath(course.id, from, student.id), { form, maxRedirects: 0 })).status()).toBe(403);
    const { client } = await adminApiClient("admin");
    expect((await client.get(movePath(course.id, to, student.id))).status()).toBe(404);
    expect(seatOf(course.id, student.id)).toEqual([{ batch_id: from }]);
  });
});
