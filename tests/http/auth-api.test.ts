import { createStudent, expect, type HttpClient, plantSession, queryTestDatabase, type Student, test } from "./support/test";

// The account endpoints' contracts: who is signed in, the sign-in entry door, sign-out.

/** Gives the client a real session of the student's; answers the session's id. */
async function signIn(client: HttpClient, student: Student): Promise<string> {
  const { sid, name, value } = await plantSession(student);
  client.addCookie(name, value);
  return sid;
}

test("GET /api/auth/user: the student's fields, or 401", async ({ request, context }) => {
  const anonymous = await request.get("/api/auth/user");
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({ message: "Unauthorized" });

  const student = await createStudent({ firstName: "Meera", lastName: "Iyer" });
  await signIn(context.request, student);
  const me = await context.request.get("/api/auth/user");
  expect(me.status()).toBe(200);
  expect(me.headers()["cache-control"]).toBe("no-store");
  expect(await me.json()).toEqual({
    id: student.id,
    email: student.email,
    firstName: "Meera",
    lastName: "Iyer",
    profileImageUrl: null,
    isAdmin: false,
  });
});

test("GET /api/login: signed out to the sign-in page, signed in straight back", async ({ request, context }) => {
  const out = await request.get("/api/login?redirectTo=/events", { maxRedirects: 0 });
  expect(out.status()).toBe(302);
  expect(out.headers()["location"]).toBe("/login?redirectTo=%2Fevents");
  const offsite = await request.get("/api/login?redirectTo=https://evil.example", { maxRedirects: 0 });
  expect(offsite.headers()["location"]).toBe("/login?redirectTo=%2F");

  await signIn(context.request, await createStudent());
  const back = await context.request.get("/api/login?redirectTo=/events", { maxRedirects: 0 });
  expect(back.headers()["location"]).toBe("/events");
});

test("POST /api/logout ends the session and deletes its row", async ({ context }) => {
  const student = await createStudent();
  const sid = await signIn(context.request, student);
  const response = await context.request.post("/api/logout", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/");
  expect((await context.request.get("/api/auth/user")).status()).toBe(401);
  expect(queryTestDatabase("SELECT sid FROM sessions WHERE sid = ?", sid)).toEqual([]);
});
