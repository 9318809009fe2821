import { randomUUID } from "node:crypto";
import argon2 from "argon2";
import { clientWithCookie, createStudent, expect, queryTestDatabase, SITE_ORIGIN, test } from "./support/test";

// Every sign-in passes a check that the browser kept the session cookie: with
// it the visitor goes straight on; a browser that refused it (a strict privacy
// setting, a text browser, an http address when cookies were Secure) is told
// why it is still signed out instead of landing signed out with no word.

const REFUSED = "Your Browser Did Not Keep You Signed In";
const host = new URL(SITE_ORIGIN).host;

test("a student's sign-in goes on to where they were going when the cookie came back, and explains when it did not", async ({
  request,
}) => {
  const student = await createStudent();
  const form = { email: student.email, password: student.password, redirectTo: "/events" };
  const signedIn = await request.post("/login", { form, maxRedirects: 0 });
  expect(signedIn.status()).toBe(302);
  expect(signedIn.headers()["location"]).toBe("/signed-in?to=%2Fevents");

  const onward = await request.get("/signed-in?to=%2Fevents", { maxRedirects: 0 });
  expect(onward.status()).toBe(302);
  expect(onward.headers()["location"]).toBe("/events");

  // The same hop from a browser that kept no cookie.
  const refused = await clientWithCookie();
  const page = await refused.get("/signed-in?to=%2Fevents");
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain(REFUSED);
  expect(html).toContain(`Allow cookies for ${host}`);
  expect(html).toContain('href="/login?redirectTo=%2Fevents"');
});

test("the hop never sends anyone off the site", async ({ student, context }) => {
  expect(student.id).toBeTruthy();
  for (const to of ["https://evil.example/", "//evil.example", "/\t/evil.example"]) {
    const answer = await context.request.get(`/signed-in?${new URLSearchParams({ to })}`, { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers()["location"]).toBe("/");
  }
});

test("an admin's sign-in passes the same check, and the welcome toast survives the hop", async ({ request }) => {
  const adminId = `owner-${randomUUID().slice(0, 8)}`;
  const password = "a long admin passphrase for tests";
  queryTestDatabase(
    "INSERT INTO admins (admin_id, password_hash, role) VALUES (?, ?, 'admin') RETURNING id",
    adminId,
    await argon2.hash(password, { type: argon2.argon2id }),
  );
  const signedIn = await request.post("/admin/login", { form: { adminId, password, redirectTo: "/admin/courses" }, maxRedirects: 0 });
  expect(signedIn.status()).toBe(302);
  expect(signedIn.headers()["location"]).toBe("/admin/signed-in?to=%2Fadmin%2Fcourses");

  const panel = await request.get(signedIn.headers()["location"] ?? "");
  expect(new URL(panel.url()).pathname).toBe("/admin/courses");
  expect(await panel.text()).toContain("Login Successful");

  const refused = await clientWithCookie();
  const page = await refused.get("/admin/signed-in?to=%2Fadmin%2Fcourses");
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain(REFUSED);
  expect(await page.text()).toContain('href="/admin/login?redirectTo=%2Fadmin%2Fcourses"');
});
