import {
  addCompletedEnrollment,
  adminApiClient,
  clientWithCookie,
  createStudent,
  describe,
  expect,
  type HttpClient,
  type HttpResponse,
  makeCourse,
  ordersOf,
  plantSession,
  queryTestDatabase,
  test,
  uniqueTitle,
  withDatabase,
} from "./support/test";

// The admin's page for one student (/admin/users/:id): who may open it, what
// each intent of its action stores (the change and an audit row with the
// admin and the reason), and that bad input or an unknown intent changes nothing.

const pageOf = (id: string) => `/admin/users/${id}`;

type StoredUser = { email: string; first_name: string; last_name: string; email_verified_at: number | null; deactivated_at: number | null };
const storedUser = (id: string) =>
  queryTestDatabase<StoredUser>("SELECT email, first_name, last_name, email_verified_at, deactivated_at FROM users WHERE id = ?", id)[0];
const auditOf = (adminId: string) =>
  queryTestDatabase<{ action: string; entity_type: string; entity_id: string; details: string }>(
    "SELECT action, entity_type, entity_id, details FROM audit_log WHERE actor_type = 'admin' AND actor_id = ? ORDER BY id",
    adminId,
  ).map((row) => ({
    action: row.action,
    entity: `${row.entity_type}:${row.entity_id}`,
    details: JSON.parse(row.details) as Record<string, unknown>,
  }));
const mailTo = (address: string) =>
  queryTestDatabase<{ id: number; kind: string }>("SELECT id, kind FROM outbox_messages WHERE to_address = ? ORDER BY id", address);

async function arrange() {
  const student = await createStudent({ firstName: "Kavya", lastName: "Iyer" });
  withDatabase((database) => database.prepare("UPDATE users SET email_verified_at = ? WHERE id = ?").run(Date.now(), student.id));
  const { admin, client } = await adminApiClient("admin");
  const studentBrowser = await clientWithCookie(await plantSession(student));
  return { student, admin, client, studentBrowser, page: pageOf(student.id) };
}

/** A post answered with the page again showing this message (in the markup, not only in the hydration data), status `status`. */
async function expectRefused(response: HttpResponse, status: number, message: string) {
  expect(response.status()).toBe(status);
  const markup = (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");
  expect(markup).toContain(message.replaceAll('"', "&quot;"));
}

async function expectToast(response: HttpResponse, to: string) {
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe(to);
  expect(response.headers()["set-cookie"]).toMatch(/toast=/);
}

const signedIn = async (browser: HttpClient) => (await browser.get("/account", { maxRedirects: 0 })).status() === 200;

describe("who may open the page and post to it", () => {
  test("an admin opens it; a content manager gets 403; students and visitors are sent to the admin sign-in; none of them change anything", async () => {
    const { student, page, client } = await arrange();
    const opened = await client.get(page);
    expect(opened.status()).toBe(200);
    const html = await opened.text();
    for (const heading of ["Orders", "Course progress", "Event registrations", "Messages sent", "Grant a course", "Name and email"])
      expect(html).toContain(heading);

    const { client: contentManager } = await adminApiClient("content_manager");
    expect((await contentManager.get(page)).status()).toBe(403);
    expect((await contentManager.post(page, { form: { intent: "deactivate", reason: "try" }, maxRedirects: 0 })).status()).toBe(403);

    for (const outsider of [await clientWithCookie(), await clientWithCookie(await plantSession(await createStudent()))]) {
      const get = await outsider.get(page, { maxRedirects: 0 });
      expect(get.status()).toBe(302);
      expect(get.headers().location).toBe(`/admin/login?${new URLSearchParams({ redirectTo: page })}`);
      expect((await outsider.post(page, { form: { intent: "deactivate", reason: "try" }, maxRedirects: 0 })).status()).toBe(302);
    }
    expect(storedUser(student.id)?.deactivated_at).toBeNull();
    expect((await client.get(pageOf("no-such-student"))).status()).toBe(404);
  });
});

describe("what the page shows", () => {
  test("every order with its status label, amount, coupon and IST date; messages link to the outbox", async () => {
    const { student, client } = await arrange();
    const paid = makeCourse({ pricePaise: 499_900, title: uniqueTitle("Paid") });
    const refunded = makeCourse({ pricePaise: 299_900, title: uniqueTitle("Refunded") });
    addCompletedEnrollment(student.id, paid.id, 449_910);
    withDatabase((database) => {
      database
        .prepare("INSERT INTO orders (user_id, course_id, payment_status, amount_paise, enrolled_at) VALUES (?, ?, 'refunded', ?, ?)")
        .run(student.id, refunded.id, 299_900, Date.UTC(2026, 10, 20, 18, 45));
      database
        .prepare(
          "INSERT INTO outbox_messages (kind, to_address, subject, text_body, message_id, user_id) VALUES ('note', ?, 'Hello Kavya', 't', ?, ?)",
        )
        .run(student.email, `<${student.id}@t>`, student.id);
    });
    const html = await (await client.get(pageOf(student.id))).text();
    expect(html).toContain(paid.title);
    expect(html).toContain("₹4,499");
    expect(html).not.toContain("₹4,499.10");
    expect(html).toContain("Refunded");
    expect(html).toContain("Nov 21, 2026, 12:15 am IST");
    const [message] = mailTo(student.email);
    expect(html).toContain(`href="/admin/outbox/${message?.id}"`);
  });
});

describe("the intents", () => {
  test("details: a new email clears the confirmation, queues a link to it and is audited with the reason", async () => {
    const { student, admin, client, page } = await arrange();
    const email = `moved-${student.id.slice(0, 8)}@example.test`;
    const reason = "Student wrote from their new address";
    await expectToast(
      await client.post(page, { form: { intent: "details", firstName: "Kavya", lastName: "Rao", email, reason }, maxRedirects: 0 }),
      page,
    );
    expect(storedUser(student.id)).toMatchObject({ email, last_name: "Rao", email_verified_at: null });
    expect(mailTo(email).map((row) => row.kind)).toEqual(["verify-email"]);
    expect(auditOf(admin.adminId)).toEqual([
      { action: "user_updated", entity: `user:${student.id}`, details: { reason, emailFrom: student.email, emailTo: email } },
    ]);
  });

  test("details: an email another account has is refused with a clear message and nothing changes", async () => {
    const { student, admin, client, page } = await arrange();
    const other = await createStudent();
    const response = await client.post(page, {
      form: { intent: "details", firstName: "X", lastName: "Y", email: other.email, reason: "typo" },
    });
    await expectRefused(response, 400, `${other.email} is already used by another account`);
    expect(storedUser(student.id)).toMatchObject({ email: student.email, first_name: "Kavya" });
    expect(auditOf(admin.adminId)).toEqual([]);
  });

  test("resend: only while unconfirmed", async () => {
    const { student, admin, client, page } = await arrange();
    await expectRefused(await client.post(page, { form: { intent: "resend-confirmation", reason: "asked" } }), 409, "already confirmed");
    withDatabase((database) => database.prepare("UPDATE users SET email_verified_at = NULL WHERE id = ?").run(student.id));
    await expectToast(await client.post(page, { form: { intent: "resend-confirmation", reason: "asked" }, maxRedirects: 0 }), page);
    expect(mailTo(student.email).map((row) => row.kind)).toEqual(["verify-email"]);
    expect(auditOf(admin.adminId).map((row) => row.action)).toEqual(["user_verification_resent"]);
  });

  test("deactivate asks first, then ends the student's session at once; reactivate lets them back", async () => {
    const { student, admin, client, page, studentBrowser } = await arrange();
    expect(await signedIn(studentBrowser)).toBe(true);
    const question = await (await client.get(`${page}?confirm=deactivate`)).text();
    expect(question).toContain("Deactivate Kavya Iyer?");
    await expectToast(await client.post(page, { form: { intent: "deactivate", reason: "Shared his login" }, maxRedirects: 0 }), page);
    expect(storedUser(student.id)?.deactivated_at).toEqual(expect.any(Number));
    expect(await signedIn(studentBrowser)).toBe(false);
    expect(await (await client.get(page)).text()).toContain("Reactivate account");

    await expectToast(await client.post(page, { form: { intent: "reactivate", reason: "Sorted out" }, maxRedirects: 0 }), page);
    expect(storedUser(student.id)?.deactivated_at).toBeNull();
    expect(auditOf(admin.adminId)).toEqual([
      { action: "user_deactivated", entity: `user:${student.id}`, details: { reason: "Shared his login" } },
      { action: "user_reactivated", entity: `user:${student.id}`, details: { reason: "Sorted out" } },
    ]);
  });

  test("grant opens the classroom at once; a second grant is refused; revoke asks first and closes it at once", async () => {
    const { student, admin, client, page, studentBrowser } = await arrange();
    const course = makeCourse({ pricePaise: 999_900, title: uniqueTitle("Granted") });
    expect((await studentBrowser.get(`/learn/${course.id}`, { maxRedirects: 0 })).status()).toBe(302);

    await expectToast(
      await client.post(page, { form: { intent: "grant", courseId: course.id, reason: "Scholarship" }, maxRedirects: 0 }),
      page,
    );
    const [granted] = ordersOf(student.id, course.id);
    expect(granted).toMatchObject({ payment_status: "completed", amount_paise: 0, payment_intent_id: null, checkout_session_id: null });
    expect((await studentBrowser.get(`/learn/${course.id}`)).status()).toBe(200);
    expect(await (await studentBrowser.get("/")).text()).toContain(course.title);
    const [grantMail] = queryTestDatabase<{ subject: string; text_body: string }>(
      "SELECT subject, text_body FROM outbox_messages WHERE to_address = ? AND kind = 'course-granted'",
      student.email,
    );
    expect(grantMail?.subject).toBe(`You are enrolled in ${course.title}`);
    expect(grantMail?.text_body).toMatch(new RegExp(`http://[^/\\s]+/learn/${course.id}\\n`));
    expect(grantMail?.text_body).not.toContain("Scholarship");

    await expectRefused(
      await client.post(page, { form: { intent: "grant", courseId: course.id, reason: "again" } }),
      409,
      "already enrolled",
    );
    expect(ordersOf(student.id, course.id)).toHaveLength(1);

    const question = await (await client.get(`${page}?confirm=revoke&enrollment=${granted?.id}`)).text();
    expect(question).toContain(`Revoke &quot;${course.title}&quot; from Kavya Iyer?`);
    await expectToast(
      await client.post(page, {
        form: { intent: "revoke", enrollmentId: String(granted?.id), reason: "Scholarship withdrawn" },
        maxRedirects: 0,
      }),
      page,
    );
    expect(ordersOf(student.id, course.id).map((order) => order.payment_status)).toEqual(["revoked"]);
    const refused = await studentBrowser.get(`/learn/${course.id}`, { maxRedirects: 0 });
    expect(refused.status()).toBe(302);
    expect(refused.headers().location).toBe(`/courses/${course.id}`);
    expect(await (await client.get(page)).text()).toContain("Revoked");
    expect(auditOf(admin.adminId)).toEqual([
      {
        action: "enrollment_granted",
        entity: `enrollment:${granted?.id}`,
        details: { reason: "Scholarship", userId: student.id, courseId: course.id },
      },
      {
        action: "enrollment_revoked",
        entity: `enrollment:${granted?.id}`,
        details: { reason: "Scholarship withdrawn", userId: student.id, courseId: course.id },
      },
    ]);
  });
});

describe("refusals change nothing", () => {
  test("a missing reason, a bad email or a bad course id gets its message (400)", async () => {
    const { student, admin, client, page } = await arrange();
    await expectRefused(await client.post(page, { form: { intent: "deactivate", reason: "  " } }), 400, "Reason is required");
    await expectRefused(
      await client.post(page, { form: { intent: "details", firstName: "A", lastName: "B", email: "not-an-email", reason: "x" } }),
      400,
      "Please enter a valid email address",
    );
    await expectRefused(
      await client.post(page, { form: { intent: "grant", courseId: "abc", reason: "x" } }),
      400,
      "Course must be a whole number",
    );
    await expectRefused(
      await client.post(page, { form: { intent: "revoke", enrollmentId: "999999999", reason: "x" } }),
      409,
      "nothing to revoke",
    );
    expect(storedUser(student.id)).toMatchObject({ email: student.email, deactivated_at: null });
    expect(ordersOf(student.id)).toEqual([]);
    expect(auditOf(admin.adminId)).toEqual([]);
  });

  test("an unknown intent, or none, is a 400 and changes nothing", async () => {
    const { student, admin, client, page } = await arrange();
    const forms: Record<string, string>[] = [{ intent: "delete", reason: "x" }, { intent: "make-admin", reason: "x" }, { reason: "x" }];
    for (const form of forms) {
      const response = await client.post(page, { form });
      expect(response.status()).toBe(400);
      expect(await response.text()).toContain("This form asked for something this page does not do");
    }
    expect(storedUser(student.id)?.deactivated_at).toBeNull();
    expect(auditOf(admin.adminId)).toEqual([]);
  });
});
