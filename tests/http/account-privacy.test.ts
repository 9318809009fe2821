import {
  addCompletedEnrollment,
  adminApiClient,
  createStudent,
  describe,
  expect,
  makeCourse,
  queryTestDatabase,
  studentClient,
  test,
  withDatabase,
  type HttpClient,
} from "./support/test";
import { issueCertificate } from "../support/certificates";

// /account/privacy: the notice, the student's data as a JSON file (their own
// only), and deleting the account after typing the current password.

const PAGE = "/account/privacy";
const DOWNLOAD = "/account/privacy/download";

let addresses = 0;
const fromNewAddress = () => ({ "x-forwarded-for": `198.51.100.${++addresses}` });

const deleteAccount = (client: HttpClient, confirmation: string) =>
  client.post(`${PAGE}?confirm=delete`, { form: { confirmation }, maxRedirects: 0 });

const accountRow = (id: string) =>
  queryTestDatabase<{ email: string; first_name: string | null; password_hash: string | null; erased_at: number | null }>(
    "SELECT email, first_name, password_hash, erased_at FROM users WHERE id = ?",
    id,
  )[0];

describe("access", () => {
  test("a visitor who is not signed in is sent to sign in and back", async ({ request }) => {
    for (const path of [PAGE, DOWNLOAD]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
    }
    const post = await request.post(`${PAGE}?confirm=delete`, { form: { confirmation: "anything" }, maxRedirects: 0 });
    expect(post.status()).toBe(302);
    expect(post.headers().location).toMatch(/^\/login\?/);
  });

  test("the download is the signed-in student's own data and nobody else's", async () => {
    const { client, student } = await studentClient();
    const { student: other } = await studentClient();
    const response = await client.get(DOWNLOAD);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/json");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.account).toMatchObject({ id: student.id, email: student.email, firstName: "Arjun", hasPassword: true });
    expect(text).not.toContain(other.email);
    expect(text).not.toContain("$argon2");
  });
});

describe("the page", () => {
  test("gives the notice, the download and what deleting keeps until when", async () => {
    const { client, student } = await studentClient();
    addCompletedEnrollment(student.id, makeCourse({ pricePaise: 250_000 }).id, 250_000);
    const html = await (await client.get(PAGE)).text();
    for (const text of [
      "Your Data and Privacy",
      "Withdrawing consent",
      "Data Protection Board of India",
      "info@trademasteracademy.in",
      DOWNLOAD,
      "?confirm=delete",
      "your 1 order (course, amount, coupon, payment status and references",
      "until 31 December 20",
      "CGST Act, section 36",
      "rule 8(3)",
    ])
      expect(html).toContain(text);
    expect(await (await client.get("/account")).text()).toContain("Your data and privacy");
  });
});

describe("deleting the account", () => {
  test("a wrong password says so and erases nothing", async () => {
    const { client, student } = await studentClient();
    const response = await deleteAccount(client, "not my password at all");
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("That is not your current password. Nothing was deleted.");
    expect(accountRow(student.id)).toMatchObject({ email: student.email, first_name: "Arjun", erased_at: null });
    expect((await client.get(PAGE)).status()).toBe(200);
  });

  test("password guesses here count with sign-in's: after five wrong ones the form asks to wait, and still erases nothing", async () => {
    const { client, student } = await studentClient();
    for (let attempt = 1; attempt <= 5; attempt++) expect((await deleteAccount(client, `guess number ${attempt}`)).status()).toBe(400);
    const throttled = await deleteAccount(client, student.password);
    expect(throttled.status()).toBe(429);
    expect(throttled.headers()["retry-after"]).toMatch(/^\d+$/);
    expect(await throttled.text()).toContain("Too many sign-in attempts. Please wait");
    expect(accountRow(student.id)?.erased_at).toBeNull();
  });

  test("the right password erases all but the orders, signs the student out, and the old sign-in is refused", async ({ request }) => {
    const { client, student } = await studentClient();
    const course = makeCourse({ pricePaise: 499_900 });
    const orderId = addCompletedEnrollment(student.id, course.id, 499_900);
    const orderBefore = queryTestDatabase("SELECT * FROM orders WHERE id = ?", orderId);

    const response = await deleteAccount(client, student.password);
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/");
    const home = await (await client.get("/")).text();
    expect(home).toContain("Your account is deleted");
    expect(home).toMatch(/which the GST law makes us keep until 31 December 20\d\d/);

    expect(queryTestDatabase("SELECT * FROM orders WHERE id = ?", orderId)).toEqual(orderBefore);
    expect(accountRow(student.id)).toMatchObject({ first_name: null, password_hash: null, erased_at: expect.any(Number) });
    expect(accountRow(student.id)!.email).not.toBe(student.email);
    expect(queryTestDatabase("SELECT sid FROM sessions WHERE json_extract(sess, '$.userId') = ?", student.id)).toEqual([]);

    expect((await client.get(PAGE, { maxRedirects: 0 })).status()).toBe(302);
    const signIn = await request.post("/login", {
      form: { email: student.email, password: student.password },
      headers: fromNewAddress(),
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(401);
  });

  test("a certificate's public check says not found afterwards", async ({ request }) => {
    const { client, student } = await studentClient();
    const certificate = issueCertificate(student, makeCourse({ pricePaise: 0 }).id);
    expect((await request.get(`/certificates/${certificate.number}`)).status()).toBe(200);
    expect((await deleteAccount(client, student.password)).status()).toBe(302);
    const check = await request.get(`/certificates/${certificate.number}`);
    expect(check.status()).toBe(404);
    expect(await check.text()).toContain("Certificate Not Found");
  });

  test("an account without a password confirms with its email address; a wrong one erases nothing", async () => {
    const { client, student } = await studentClient();
    withDatabase((database) => database.prepare("UPDATE users SET password_hash = NULL WHERE id = ?").run(student.id));
    expect(await (await client.get(`${PAGE}?confirm=delete`)).text()).toContain("Your email address");

    const wrong = await deleteAccount(client, "someone-else@example.test");
    expect(wrong.status()).toBe(400);
    expect(await wrong.text()).toContain("That is not your account&#x27;s email address. Nothing was deleted.");
    expect(accountRow(student.id)?.erased_at).toBeNull();

    expect((await deleteAccount(client, student.email.toUpperCase())).status()).toBe(302);
    expect(accountRow(student.id)?.erased_at).toEqual(expect.any(Number));
  });

  test("the email address is free to sign up again", async () => {
    const { client, student } = await studentClient();
    expect((await deleteAccount(client, student.password)).status()).toBe(302);
    const again = await createStudent({ email: student.email });
    expect(again.id).not.toBe(student.id);
  });
});

describe("what admins see of an erased account", () => {
  test("the student's page and All Users say Deleted account; the kept order is still listed", async () => {
    const { client, student } = await studentClient();
    const course = makeCourse({ pricePaise: 100_000 });
    addCompletedEnrollment(student.id, course.id, 100_000);
    expect((await deleteAccount(client, student.password)).status()).toBe(302);

    const { client: admin } = await adminApiClient();
    const page = await admin.get(`/admin/users/${student.id}`);
    expect(page.status()).toBe(200);
    const html = await page.text();
    for (const text of ["Deleted account", "Erased by the student on", course.title, "₹1,000"]) expect(html).toContain(text);
    expect(html).not.toContain(student.email);
    expect(html).not.toContain("Arjun");

    const list = await (await admin.get(`/admin/users?q=${encodeURIComponent(`erased-account:${student.id}`)}`)).text();
    expect(list).toContain("Deleted account");
  });
});
