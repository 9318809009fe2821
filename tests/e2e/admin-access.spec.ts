import { randomBytes, randomUUID } from "node:crypto";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { createStudent, expect, openTestDatabase, plantSession, test } from "./fixtures";
import { adminApiClient } from "./admin-support";

// The admin area's access matrix (issues 5 and 6): every admin page and admin
// endpoint × {anonymous, student, content_manager, admin} → the answer the
// server gives. The server decides; hidden tabs are only a convenience.

type Role = "anonymous" | "student" | "content_manager" | "admin";
type Area =
  | "dashboard"
  | "courses"
  | "events"
  | "content"
  | "users"
  | "analytics"
  | "mentors"
  | "coupons"
  | "inbox"
  | "registrations";
const CONTENT_MANAGER_AREAS: Area[] = ["courses", "events", "content", "mentors"];

type Ids = {
  course: number;
  event: number;
  post: number;
  testimonial: number;
  mentor: number;
  coupon: number;
  message: number;
  sharedFile: number;
};

function insertRows(): Ids {
  const tag = randomUUID().slice(0, 8);
  const database = openTestDatabase();
  const insert = (sql: string, ...values: unknown[]) => Number(database.prepare(sql).run(...values).lastInsertRowid);
  try {
    return {
      course: insert("INSERT INTO courses (title, short_description, description, duration) VALUES (?, 's', 'd', '1 week')", `Access ${tag}`),
      event: insert(
        "INSERT INTO events (title, description, event_type, event_date) VALUES (?, 'd', 'webinar', ?)",
        `Access ${tag}`,
        Date.now() + 86_400_000,
      ),
      post: insert(
        "INSERT INTO blog_posts (title, slug, content, excerpt, category) VALUES (?, ?, '<p>x</p>', 'x', 'education')",
        `Access ${tag}`,
        `access-${tag}`,
      ),
      testimonial: insert("INSERT INTO testimonials (name, content, rating) VALUES (?, 'Good', 5)", `Access ${tag}`),
      mentor: insert("INSERT INTO mentors (name, title, bio) VALUES (?, 'Mentor', 'Bio')", `Access ${tag}`),
      coupon: insert("INSERT INTO coupons (code, percent_off) VALUES (?, 5)", `ACCESS${tag.toUpperCase()}`),
      message: insert("INSERT INTO contact_messages (name, email, subject, message) VALUES ('A', 'a@example.com', 'S', 'M')"),
      // A listed file whose bytes are not on disk: the dialogs only read the row.
      sharedFile: insert(
        "INSERT INTO shared_files (token, filename, stored_path, size_bytes) VALUES (?, ?, ?, 1024)",
        randomBytes(32).toString("base64url"),
        `access-${tag}.xlsx`,
        `${randomBytes(16).toString("hex")}.xlsx`,
      ),
    };
  } finally {
    database.close();
  }
}

const pages = (ids: Ids): { path: string; area: Area }[] => [
  { path: "/admin", area: "dashboard" },
  { path: "/admin/courses", area: "courses" },
  { path: "/admin/courses/new", area: "courses" },
  { path: `/admin/courses/${ids.course}/edit`, area: "courses" },
  { path: `/admin/courses/${ids.course}/delete`, area: "courses" },
  { path: "/admin/events", area: "events" },
  { path: "/admin/events/new", area: "events" },
  { path: `/admin/events/${ids.event}/edit`, area: "events" },
  { path: `/admin/events/${ids.event}/delete`, area: "events" },
  { path: `/admin/events/${ids.event}/registrations`, area: "registrations" },
  { path: "/admin/content", area: "content" },
  { path: "/admin/content/post/new", area: "content" },
  { path: `/admin/content/post/${ids.post}/edit`, area: "content" },
  { path: `/admin/content/post/${ids.post}/delete`, area: "content" },
  { path: "/admin/content/testimonial/new", area: "content" },
  { path: `/admin/content/testimonial/${ids.testimonial}/edit`, area: "content" },
  { path: `/admin/content/testimonial/${ids.testimonial}/delete`, area: "content" },
  { path: "/admin/content/blog", area: "content" },
  { path: "/admin/content/blog/new", area: "content" },
  { path: `/admin/content/blog/${ids.post}/edit`, area: "content" },
  { path: `/admin/content/blog/${ids.post}/delete`, area: "content" },
  { path: "/admin/content/testimonials", area: "content" },
  { path: "/admin/mentors", area: "mentors" },
  { path: "/admin/mentors/new", area: "mentors" },
  { path: `/admin/mentors/${ids.mentor}/edit`, area: "mentors" },
  { path: `/admin/mentors/${ids.mentor}/delete`, area: "mentors" },
  { path: "/admin/coupons", area: "coupons" },
  { path: "/admin/coupons/new", area: "coupons" },
  { path: `/admin/coupons/${ids.coupon}/edit`, area: "coupons" },
  { path: `/admin/coupons/${ids.coupon}/delete`, area: "coupons" },
  { path: "/admin/inbox", area: "inbox" },
  { path: "/admin/users", area: "users" },
  { path: "/admin/users/registrations", area: "users" },
  { path: "/admin/users/enrollments", area: "users" },
  { path: "/admin/users/enrollment-forms", area: "users" },
  { path: `/admin/users/files/${ids.sharedFile}/share`, area: "users" },
  { path: `/admin/users/files/${ids.sharedFile}/delete`, area: "users" },
  { path: "/admin/analytics", area: "analytics" },
];

/**
 * Form posts that change data. Ids that do not exist keep an allowed role from
 * changing anything; the export post names no dataset, so it goes back to the tab.
 */
const pagePosts: { path: string; area: Area; allowed: number | string }[] = [
  { path: "/admin/courses/new", area: "courses", allowed: 400 },
  { path: "/admin/courses/999999/edit", area: "courses", allowed: 404 },
  { path: "/admin/courses/999999/delete", area: "courses", allowed: 404 },
  { path: "/admin/events/new", area: "events", allowed: 400 },
  { path: "/admin/events/999999/delete", area: "events", allowed: 404 },
  { path: "/admin/content/post/new", area: "content", allowed: 400 },
  { path: "/admin/content/testimonial/new", area: "content", allowed: 400 },
  { path: "/admin/mentors/new", area: "mentors", allowed: 400 },
  { path: "/admin/coupons/new", area: "coupons", allowed: 400 },
  { path: "/admin/coupons/999999/delete", area: "coupons", allowed: 404 },
  { path: "/admin/content/post/999999/delete", area: "content", allowed: 404 },
  { path: "/admin/content/testimonial/999999/delete", area: "content", allowed: 404 },
  { path: "/admin/mentors/999999/delete", area: "mentors", allowed: 404 },
  // "delete" is no inbox intent: a role that may use the inbox gets 400.
  { path: "/admin/inbox", area: "inbox", allowed: 400 },
  { path: "/admin/users/export", area: "users", allowed: "302 /admin/users" },
  { path: "/admin/users/files/999999/delete", area: "users", allowed: 404 },
];

/** JSON endpoints: method, path, body and the answer for a role that may use them. */
const endpoints = (ids: Ids): { method: "GET" | "POST" | "PUT" | "DELETE"; path: string; area: Area; allowed: number }[] => [
  { method: "POST", path: "/api/courses", area: "courses", allowed: 400 },
  { method: "PUT", path: `/api/courses/${ids.course}`, area: "courses", allowed: 400 },
  { method: "DELETE", path: "/api/courses/999999", area: "courses", allowed: 404 },
  { method: "POST", path: "/api/events", area: "events", allowed: 400 },
  { method: "PUT", path: `/api/events/${ids.event}`, area: "events", allowed: 400 },
  { method: "DELETE", path: "/api/events/999999", area: "events", allowed: 404 },
  { method: "GET", path: `/api/events/${ids.event}/registrations`, area: "registrations", allowed: 200 },
  { method: "POST", path: "/api/blog", area: "content", allowed: 400 },
  { method: "PUT", path: `/api/blog/${ids.post}`, area: "content", allowed: 400 },
  { method: "DELETE", path: "/api/blog/999999", area: "content", allowed: 404 },
  { method: "POST", path: "/api/testimonials", area: "content", allowed: 400 },
  { method: "PUT", path: `/api/testimonials/${ids.testimonial}`, area: "content", allowed: 400 },
  { method: "DELETE", path: "/api/testimonials/999999", area: "content", allowed: 404 },
  { method: "GET", path: "/api/admin/users", area: "users", allowed: 200 },
  { method: "GET", path: "/api/admin/registrations", area: "users", allowed: 200 },
  { method: "GET", path: "/api/admin/enrollments", area: "users", allowed: 200 },
  { method: "GET", path: "/api/enrollment-forms", area: "users", allowed: 200 },
  { method: "GET", path: "/api/admin/export/users", area: "users", allowed: 200 },
  { method: "GET", path: "/api/admin/shared-files", area: "users", allowed: 200 },
  { method: "DELETE", path: "/api/admin/shared-files/999999", area: "users", allowed: 404 },
  { method: "GET", path: "/api/admin/analytics", area: "analytics", allowed: 200 },
];

const mayOpen = (role: Role, area: Area) => role === "admin" || (role === "content_manager" && CONTENT_MANAGER_AREAS.includes(area));

async function clientFor(role: Role, baseURL: string): Promise<APIRequestContext> {
  if (role === "anonymous") return playwrightRequest.newContext({ baseURL });
  if (role === "student") {
    const { name, value } = await plantSession(await createStudent());
    return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Cookie: `${name}=${value}` } });
  }
  return (await adminApiClient(baseURL, role)).client;
}

const ROLES: Role[] = ["anonymous", "student", "content_manager", "admin"];

for (const role of ROLES) {
  test.describe(`as ${role}`, () => {
    test("admin pages: login redirect, 403 or 200", async ({ baseURL }) => {
      const client = await clientFor(role, baseURL ?? "");
      const ids = insertRows();
      const seen: string[] = [];
      for (const { path } of pages(ids)) {
        const response = await client.get(path, { maxRedirects: 0 });
        const location = response.headers()["location"] ?? "";
        let outcome = String(response.status());
        if (response.status() === 302) outcome = `302 ${location}`;
        seen.push(`${path} → ${outcome}`);
      }
      const expected = pages(ids).map(({ path, area }) => {
        if (role === "anonymous" || role === "student")
          return `${path} → 302 ${path === "/admin" ? "/admin/login" : `/admin/login?${new URLSearchParams({ redirectTo: path })}`}`;
        if (path === "/admin" && role === "content_manager") return `${path} → 302 /admin/courses`;
        return `${path} → ${mayOpen(role, area) ? 200 : 403}`;
      });
      expect(seen).toEqual(expected);
    });

    test("admin form posts: refused before anything is read, unless the role may", async ({ baseURL }) => {
      const client = await clientFor(role, baseURL ?? "");
      const seen: string[] = [];
      for (const { path } of pagePosts) {
        const response = await client.post(path, { form: { intent: "delete" }, maxRedirects: 0 });
        seen.push(`${path} → ${response.status() === 302 ? `302 ${response.headers()["location"]?.split("?")[0]}` : response.status()}`);
      }
      const expected = pagePosts.map(({ path, area, allowed }) => {
        if (role === "anonymous" || role === "student") return `${path} → 302 /admin/login`;
        return `${path} → ${mayOpen(role, area) ? allowed : 403}`;
      });
      expect(seen).toEqual(expected);
    });

    test("admin JSON endpoints: 401, 403 or through to validation", async ({ baseURL }) => {
      const client = await clientFor(role, baseURL ?? "");
      const ids = insertRows();
      const seen: string[] = [];
      for (const { method, path } of endpoints(ids)) {
        const response = await client.fetch(path, { method, data: method === "GET" || method === "DELETE" ? undefined : {}, maxRedirects: 0 });
        seen.push(`${method} ${path} → ${response.status()}`);
      }
      const expected = endpoints(ids).map(({ method, path, area, allowed }) => {
        if (role === "anonymous" || role === "student") return `${method} ${path} → 401`;
        return `${method} ${path} → ${mayOpen(role, area) ? allowed : 403}`;
      });
      expect(seen).toEqual(expected);

      const session = await (await client.get("/api/admin/session")).json();
      expect(session).toMatchObject({ isLoggedIn: role === "admin" || role === "content_manager" });
    });
  });
}

test("an admin session cookie that is tampered with or expired reads as signed out", async ({ baseURL }) => {
  const { client, admin } = await adminApiClient(baseURL ?? "");
  expect((await client.get("/admin/courses", { maxRedirects: 0 })).status()).toBe(200);

  const database = openTestDatabase();
  try {
    database.prepare("UPDATE sessions SET expire = ? WHERE json_extract(sess, '$.adminId') = ?").run(Date.now() - 1000, admin.id);
  } finally {
    database.close();
  }
  const expired = await client.get("/admin/courses", { maxRedirects: 0 });
  expect(expired.status()).toBe(302);
  expect((await client.post("/api/courses", { data: {} })).status()).toBe(401);

  const forged = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Cookie: "__admin_session=forged.value" } });
  expect((await forged.get("/admin/courses", { maxRedirects: 0 })).status()).toBe(302);
});
