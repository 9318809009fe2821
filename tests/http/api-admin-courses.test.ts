import { randomUUID } from "node:crypto";
import {
  addCompletedEnrollment,
  adminApiClient,
  auditActionsOf,
  clientWithCookie,
  createStudent,
  describe,
  expect,
  makeCourse,
  openTestDatabase,
  plantSession,
  test,
} from "./support/test";

// POST /api/courses, PUT and DELETE /api/courses/:id: the
// course form's rules and the Courses tab's functions, as JSON.

const body = (overrides: Record<string, unknown> = {}) => ({
  title: `API Course ${randomUUID().slice(0, 8)}`,
  shortDescription: "Made through the API",
  description: "OVERVIEW\nMade through the API.",
  duration: "3 weeks",
  ...overrides,
});

function isActiveOf(id: number): number | undefined {
  const database = openTestDatabase();
  try {
    return (database.prepare("SELECT is_active FROM courses WHERE id = ?").get(id) as { is_active: number } | undefined)?.is_active;
  } finally {
    database.close();
  }
}

describe("course endpoints for admins", () => {
  // A content manager's POST is saved at ₹0 and inactive (prices are the admin's): tests/reliability/access-matrix.test.ts.
  test("POST creates a course with the spec's defaults (201) and leaves an audit row", async () => {
    const { admin, client } = await adminApiClient();
    const response = await client.post("/api/courses", { data: body({ price: "1499.50", features: ["Live"] }) });
    expect(response.status()).toBe(201);
    const course = await response.json();
    expect(course).toMatchObject({ price: "1499.50", level: "beginner", isActive: true, features: ["Live"] });
    expect(auditActionsOf(admin)).toContainEqual({ action: "course_created", entityType: "course", entityId: String(course.id) });

    // An admin's GET sees it; so does the public list, as it is active.
    expect((await (await client.get(`/api/courses/${course.id}`)).json()).title).toBe(course.title);
  });

  test("bad input is a 400 naming each field, and stores nothing", async () => {
    const { client } = await adminApiClient();
    const response = await client.post("/api/courses", {
      data: { title: "", price: -1, level: "expert", coverPhotoUrl: "javascript:alert(1)" },
    });
    expect(response.status()).toBe(400);
    const { message, errors } = await response.json();
    expect(message).toBe("Please check the highlighted fields.");
    expect(errors).toMatchObject({
      title: ["Title is required"],
      shortDescription: ["Short description is required"],
      price: ["Price cannot be negative"],
      level: ["Level must be beginner, intermediate or advanced"],
      coverPhotoUrl: ["Cover photo URL must start with https:// or /"],
    });
    const notJson = await client.post("/api/courses", { headers: { "Content-Type": "text/plain" }, data: "title=x" });
    expect(notJson.status()).toBe(415);
  });

  test("PUT replaces the fields (200); an inactive course is hidden from the public API but not from admins", async () => {
    const { admin, client } = await adminApiClient();
    const course = makeCourse({ pricePaise: 100_000 });
    const response = await client.put(`/api/courses/${course.id}`, { data: body({ title: course.title, price: 2000, isActive: false }) });
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ id: course.id, price: "2000.00", isActive: false });
    expect(auditActionsOf(admin).map((row) => row.action)).toContain("course_updated");

    const anonymous = await clientWithCookie();
    expect((await anonymous.get(`/api/courses/${course.id}`)).status()).toBe(404);
    expect((await client.get(`/api/courses/${course.id}`)).status()).toBe(200);
    const adminList: { id: number }[] = await (await client.get("/api/courses")).json();
    expect(adminList.map((c) => c.id)).toContain(course.id);
    const publicList: { id: number }[] = await (await anonymous.get("/api/courses")).json();
    expect(publicList.map((c) => c.id)).not.toContain(course.id);
  });

  test("DELETE removes a course without history (200), refuses one with orders (409), and 404s unknown ids", async () => {
    const { admin, client } = await adminApiClient();
    const fresh = makeCourse({ pricePaise: 100_000 });
    expect((await client.delete(`/api/courses/${fresh.id}`)).status()).toBe(200);
    expect(isActiveOf(fresh.id)).toBeUndefined();
    expect(auditActionsOf(admin)).toContainEqual({ action: "course_deleted", entityType: "course", entityId: String(fresh.id) });
    expect((await client.delete(`/api/courses/${fresh.id}`)).status()).toBe(404);
    expect((await client.put("/api/courses/abc", { data: body() })).status()).toBe(404);
    expect((await client.put("/api/courses/999999", { data: body() })).status()).toBe(404);

    const sold = makeCourse({ pricePaise: 100_000 });
    addCompletedEnrollment((await createStudent()).id, sold.id);
    const refused = await client.delete(`/api/courses/${sold.id}`);
    expect(refused.status()).toBe(409);
    expect((await refused.json()).message).toContain("cannot be deleted");
    expect(isActiveOf(sold.id)).toBe(1);
  });

  test("signed out or signed in as a student: 401, and nothing changes", async () => {
    const course = makeCourse({ pricePaise: 100_000 });
    const anonymous = await clientWithCookie();
    const session = await plantSession(await createStudent());
    const student = await clientWithCookie(session);
    for (const client of [anonymous, student]) {
      expect((await client.post("/api/courses", { data: body() })).status()).toBe(401);
      expect((await client.put(`/api/courses/${course.id}`, { data: body({ isActive: false }) })).status()).toBe(401);
      expect((await client.delete(`/api/courses/${course.id}`)).status()).toBe(401);
    }
    expect(isActiveOf(course.id)).toBe(1);
  });

  test("other methods get 405 with Allow", async () => {
    const { client } = await adminApiClient();
    const patch = await client.patch("/api/courses", { data: body() });
    expect(patch.status()).toBe(405);
    expect(patch.headers()["allow"]).toBe("GET, POST");
    expect((await client.post("/api/courses/1", { data: body() })).status()).toBe(405);
  });
});
