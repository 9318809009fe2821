import { ROLES, VICTIM_PRICE_PAISE, type MatrixIds, type Role, type VictimKind } from "./access-fixtures";

// THE access matrix: every page and endpoint of the site (each method it takes)
// × the six roles → the answer the server must give. The rules come from
// app/utils/permissions.ts (admin areas by role), app/services/accounts/sessions/admin-session.server.ts
// (admin pages redirect to /admin/login, admin JSON answers 401/403) and
// app/services/accounts/sessions/student-session.server.ts (student pages redirect to /login?redirectTo=…,
// student JSON answers 401). Student and admin sessions are separate cookies,
// so an admin is "anonymous" to student pages and a student to admin pages.

/** A status, or "302 <Location>" (or 301) for a redirect. */
export type Outcome = number | `${301 | 302 | 303} ${string}`;
export type Method = "GET" | "POST" | "PUT" | "DELETE";
export type Body = { form: Record<string, string> } | { json: Record<string, unknown> };

export type Row = {
  /** The URL pattern, as app/routes names it (checked against the route files). */
  route: string;
  method: Method;
  /** `{victim}` is replaced by a fresh row's id for each request (see `victim`). */
  path: string;
  body?: Body;
  expect: Record<Role, Outcome>;
  /** Inserted before each request: the row a delete or change aims at. */
  victim?: VictimKind;
  /** The table (and condition) a write changes: its row count must not move for a refused role. */
  watch?: { table: string; where?: string };
  /** Roles whose request must change that count; for every other role it must stay the same. */
  writes?: Role[];
  /** The question the watched count answers, for the report's "prices are the admin's" table. */
  pricingCase?: string;
};

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
  | "outbox"
  | "settings"
  | "registrations"
  | "teaching";
const CONTENT_MANAGER_AREAS: Area[] = ["courses", "events", "content", "mentors"];
/** A mentor's account has the teaching pages alone, and there only the batches it teaches (404 for any other). */
const MENTOR_AREAS: Area[] = ["teaching"];

const redirectTo = (location: string): Outcome => `302 ${location}`;
const everyone = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: outcome,
  student: outcome,
  otherStudent: outcome,
  contentManager: outcome,
  mentor: outcome,
  admin: outcome,
});
const signInFirst = (path: string) => redirectTo(`/login?${new URLSearchParams({ redirectTo: path })}`);
const adminSignIn = (path: string) =>
  redirectTo(path === "/admin" ? "/admin/login" : `/admin/login?${new URLSearchParams({ redirectTo: path })}`);

/** Student pages: signed-out visitors (and admins, who have no student session) go to sign in. */
function studentPage(path: string, owner: Outcome, other: Outcome = owner): Record<Role, Outcome> {
  const out = signInFirst(path);
  return { anonymous: out, student: owner, otherStudent: other, contentManager: out, mentor: out, admin: out };
}
function studentApi(owner: Outcome, other: Outcome = owner): Record<Role, Outcome> {
  return { anonymous: 401, student: owner, otherStudent: other, contentManager: 401, mentor: 401, admin: 401 };
}
/** Sign-in and sign-up: a signed-in student is sent on. */
const anonymousOnly = (): Record<Role, Outcome> => ({ ...everyone(200), student: redirectTo("/"), otherStudent: redirectTo("/") });

const contentManagerMay = (area: Area) => CONTENT_MANAGER_AREAS.includes(area);
const mentorMay = (area: Area) => MENTOR_AREAS.includes(area);
function adminPage(path: string, area: Area, allowed: Outcome = 200): Record<Role, Outcome> {
  const out = adminSignIn(path);
  return {
    anonymous: out,
    student: out,
    otherStudent: out,
    contentManager: contentManagerMay(area) ? allowed : 403,
    mentor: mentorMay(area) ? allowed : 403,
    admin: allowed,
  };
}
function adminApi(area: Area, allowed: Outcome): Record<Role, Outcome> {
  return {
    anonymous: 401,
    student: 401,
    otherStudent: 401,
    contentManager: contentManagerMay(area) ? allowed : 403,
    mentor: mentorMay(area) ? allowed : 403,
    admin: allowed,
  };
}
const adminRoles = (area: Area): Role[] => [
  ...(contentManagerMay(area) ? (["contentManager"] as const) : []),
  ...(mentorMay(area) ? (["mentor"] as const) : []),
  "admin",
];

const get = (route: string, path: string, expect: Record<Role, Outcome>): Row => ({ route, method: "GET", path, expect });
const empty: Body = { form: {} };
const emptyJson: Body = { json: {} };

const curriculumOf = (ids: MatrixIds) => `/admin/courses/${ids.course}/curriculum`;

function curriculumPages(ids: MatrixIds): [string, string, Area][] {
  const editor = curriculumOf(ids);
  const { section, lesson } = ids.curriculum;
  return [
    ["/admin/courses/:id/curriculum", editor, "courses"],
    ["/admin/courses/:id/curriculum/new", `${editor}/new?section=${section}`, "courses"],
    ["/admin/courses/:id/curriculum/:lessonId", `${editor}/${lesson}`, "courses"],
    ["/admin/courses/:id/curriculum/:lessonId", `${editor}/${lesson}?confirm=delete`, "courses"],
    ["/admin/courses/:id/curriculum/sections/:sectionId", `${editor}/sections/${section}`, "courses"],
    ["/admin/courses/:id/curriculum/sections/:sectionId", `${editor}/sections/${section}?confirm=delete`, "courses"],
  ];
}

const batchesOf = (ids: MatrixIds) => `/admin/courses/${ids.course}/batches`;
const timetableOf = (ids: MatrixIds) => `${batchesOf(ids)}/${ids.batch.id}/timetable`;

function batchPages(ids: MatrixIds): [string, string, Area][] {
  const batches = batchesOf(ids);
  const timetable = timetableOf(ids);
  return [
    ["/admin/courses/:id/lab", `/admin/courses/${ids.course}/lab`, "courses"],
    ["/admin/courses/:id/batches", batches, "courses"],
    ["/admin/courses/:id/batches/new", `${batches}/new`, "courses"],
    ["/admin/courses/:id/batches/:batchId", `${batches}/${ids.batch.id}`, "courses"],
    ["/admin/courses/:id/batches/:batchId", `${batches}/${ids.batch.id}?confirm=delete`, "courses"],
    ["/admin/courses/:id/batches/:batchId/timetable", timetable, "courses"],
    ["/admin/courses/:id/batches/:batchId/timetable/new", `${timetable}/new`, "courses"],
    ["/admin/courses/:id/batches/:batchId/timetable/:sessionId", `${timetable}/${ids.batch.session}`, "courses"],
    ["/admin/courses/:id/batches/:batchId/timetable/:sessionId", `${timetable}/${ids.batch.session}?confirm=cancel`, "courses"],
    // A recording is published once the class is over (the matrix class is years away: the page says so).
    ["/admin/courses/:id/batches/:batchId/timetable/:sessionId/recording", `${timetable}/${ids.batch.session}/recording`, "courses"],
    // Cancelling refunds money and moving may issue tax documents: admins only.
    ["/admin/courses/:id/batches/:batchId/cancel", `${batches}/${ids.batch.id}/cancel`, "users"],
    ["/admin/courses/:id/batches/:batchId/students/:userId/move", `${batches}/${ids.batch.id}/students/${ids.ownerUser}/move`, "users"],
  ];
}

function adminPages(ids: MatrixIds): Row[] {
  // Each resource: its list, /new, /:id (view and edit) and /:id?confirm=delete (the question before deleting).
  const resource = (list: string, id: number | string, area: Area): [string, string, Area][] => [
    [list, list, area],
    [`${list}/new`, `${list}/new`, area],
    [`${list}/:id`, `${list}/${id}`, area],
    [`${list}/:id`, `${list}/${id}?confirm=delete`, area],
  ];
  const pages: [string, string, Area][] = [
    ["/admin", "/admin", "dashboard"],
    ...resource("/admin/courses", ids.course, "courses"),
    ...resource("/admin/events", ids.event, "events"),
    ["/admin/events/:id/registrations", `/admin/events/${ids.event}/registrations`, "registrations"],
    ["/admin/content", "/admin/content", "content"],
    ...resource("/admin/blog", ids.post.id, "content"),
    ...resource("/admin/testimonials", ids.testimonial, "content"),
    ...resource("/admin/mentors", ids.mentor, "mentors"),
    ...resource("/admin/coupons", ids.couponId, "coupons"),
    ["/admin/inbox", "/admin/inbox", "inbox"],
    ["/admin/outbox", "/admin/outbox", "outbox"],
    ["/admin/outbox/:id", `/admin/outbox/${ids.outboxMessage}`, "outbox"],
    ["/admin/outbox/:id/attachments/:number", `/admin/outbox/${ids.outboxMessage}/attachments/1`, "outbox"],
    ["/admin/settings", "/admin/settings", "settings"],
    ["/admin/breach", "/admin/breach", "settings"],
    ["/admin/lab", "/admin/lab", "courses"],
    ["/admin/users", "/admin/users", "users"],
    ["/admin/users/registrations", "/admin/users/registrations", "users"],
    ["/admin/users/enrollments", "/admin/users/enrollments", "users"],
    ["/admin/users/enrollment-forms", "/admin/users/enrollment-forms", "users"],
    ["/admin/users/files/:id", `/admin/users/files/${ids.sharedFile.id}`, "users"],
    ["/admin/users/files/:id", `/admin/users/files/${ids.sharedFile.id}?confirm=delete`, "users"],
    ["/admin/analytics", "/admin/analytics", "analytics"],
    ["/admin/users/:id", `/admin/users/${ids.ownerUser}`, "users"],
    ["/admin/users/:id", `/admin/users/${ids.ownerUser}?confirm=deactivate`, "users"],
    // A course's curriculum editor: its sections and lessons open under it.
    ...curriculumPages(ids),
    // Its batches and their timetables.
    ...batchPages(ids),
  ];
  const rows = pages.map(([route, path, area]) => {
    // A file sent with an outbox message is a download; the fixture's message has none, so an admin finds nothing.
    const expect = adminPage(path, area, route === "/admin/outbox/:id/attachments/:number" ? 404 : 200);
    // A content manager and a mentor have no dashboard: /admin sends them to their first tab.
    if (path === "/admin") Object.assign(expect, { contentManager: redirectTo("/admin/courses"), mentor: redirectTo("/admin/teaching") });
    return get(route, path, expect);
  });
  // The panel's old addresses move for good (admins may have bookmarked them); unknown ones are 404 inside the panel.
  const moved = (path: string, to: string) =>
    get("/admin/*", path, { ...adminPage(path, "dashboard", `301 ${to}`), contentManager: `301 ${to}`, mentor: `301 ${to}` });
  return [
    ...rows,
    moved(`/admin/courses/${ids.course}/edit`, `/admin/courses/${ids.course}`),
    moved(`/admin/courses/${ids.course}/delete`, `/admin/courses/${ids.course}?confirm=delete`),
    moved(`/admin/content/post/${ids.post.id}/edit`, `/admin/blog/${ids.post.id}`),
    moved(`/admin/content/testimonials/${ids.testimonial}/delete`, `/admin/testimonials/${ids.testimonial}?confirm=delete`),
    moved(`/admin/users/files/${ids.sharedFile.id}/share`, `/admin/users/files/${ids.sharedFile.id}`),
    get("/admin/*", "/admin/no-such-tab", { ...adminPage("/admin/no-such-tab", "dashboard", 404), contentManager: 404, mentor: 404 }),
    // A form left open on an old address is not guessed at: 405 for anyone (no action runs), and nothing changes.
    {
      route: "/admin/*",
      method: "POST",
      path: "/admin/courses/{victim}/delete",
      body: { form: { intent: "delete" } },
      victim: "course",
      watch: { table: "courses" },
      expect: everyone(405),
    },
  ];
}

/** Admin form posts. Deletes aim at a fresh row each, so a missing check would show in the row count. */
function adminPagePosts(ids: MatrixIds): Row[] {
  const post = (route: string, path: string, area: Area, allowed: Outcome, extra: Partial<Row> = {}): Row => ({
    route,
    method: "POST",
    path,
    body: empty,
    expect: adminPage(path, area, allowed),
    ...extra,
  });
  const remove = (route: string, path: string, area: Area, kind: VictimKind, table: string, allowed: Outcome): Row =>
    post(route, path, area, allowed, { body: { form: { intent: "delete" } }, victim: kind, watch: { table }, writes: adminRoles(area) });
  const toast = (list: string) => redirectTo(list);
  // Saving an item is its form posted to /:id; deleting, `intent=delete` posted to the same address.
  const item = (list: string, id: number | string, area: Area, kind: VictimKind, table: string): Row[] => [
    post(`${list}/new`, `${list}/new`, area, 400, { watch: { table } }),
    post(`${list}/:id`, `${list}/${id}`, area, 400, { watch: { table } }),
    remove(`${list}/:id`, `${list}/{victim}`, area, kind, table, toast(list)),
  ];
  return [
    ...item("/admin/courses", ids.course, "courses", "course", "courses"),
    ...item("/admin/events", ids.event, "events", "event", "events"),
    post("/admin/content", "/admin/content", "content", toast("/admin/content"), {
      body: { form: { intent: "publish", id: "{victim}" } },
      victim: "draftPost",
      watch: { table: "blog_posts", where: "is_published = 1" },
      writes: adminRoles("content"),
    }),
    post("/admin/blog", "/admin/blog", "content", toast("/admin/blog"), {
      body: { form: { intent: "publish", id: "{victim}" } },
      victim: "draftPost",
      watch: { table: "blog_posts", where: "is_published = 1" },
      writes: adminRoles("content"),
    }),
    post("/admin/testimonials", "/admin/testimonials", "content", toast("/admin/testimonials"), {
      body: { form: { intent: "approve", id: "{victim}" } },
      victim: "testimonial",
      watch: { table: "testimonials", where: "is_approved = 1" },
      writes: adminRoles("content"),
    }),
    ...item("/admin/blog", ids.post.id, "content", "draftPost", "blog_posts"),
    ...item("/admin/testimonials", ids.testimonial, "content", "testimonial", "testimonials"),
    ...item("/admin/mentors", ids.mentor, "mentors", "mentor", "mentors"),
    ...item("/admin/coupons", ids.couponId, "coupons", "coupon", "coupons"),
    // An intent the item's action does not know is refused and changes nothing.
    post("/admin/courses/:id", "/admin/courses/{victim}", "courses", 400, {
      body: { form: { intent: "archive" } },
      victim: "course",
      watch: { table: "courses" },
    }),
    post("/admin/inbox", "/admin/inbox", "inbox", toast("/admin/inbox"), {
      body: { form: { intent: "mark-read", id: "{victim}" } },
      victim: "unreadMessage",
      watch: { table: "contact_messages", where: "is_read = 1" },
      writes: ["admin"],
    }),
    // A failed message sent again: the outbox is the admin's alone.
    post("/admin/outbox/:id", "/admin/outbox/{victim}", "outbox", toast("/admin/outbox/{victim}"), {
      body: { form: { intent: "send-again" } },
      victim: "failedMessage",
      watch: { table: "outbox_messages", where: "state = 'queued' AND kind = 'test'" },
      writes: ["admin"],
    }),
    // Where the team's mail goes and who sells on invoices: the admin's alone.
    post("/admin/settings", "/admin/settings", "settings", toast("/admin/settings"), {
      body: { form: { intent: "notifications", notifyAddress: "matrix@example.com", contactMessages: "on" } },
      watch: { table: "site_settings" },
      writes: ["admin"],
    }),
    // A breach notice mails every affected student: the admin's alone. Back to editing writes nothing.
    post("/admin/breach", "/admin/breach", "settings", 200, {
      body: { form: { intent: "edit" } },
      watch: { table: "outbox_messages" },
    }),
    // A course's replays and setups: a post naming no intent is refused and adds nothing.
    post("/admin/courses/:id/lab", `/admin/courses/${ids.course}/lab`, "courses", 400, { watch: { table: "replay_exercises" } }),
    // The practice lab's market data: an empty upload is refused, and nothing is stored for anyone.
    post("/admin/lab", "/admin/lab", "courses", 400, { watch: { table: "market_datasets" } }),
    // The invoice register is the institute's tax record: the admin's alone (decision 0031).
    // Who signs the certificates (a multipart form of its own, for the signature's image).
    get(
      "/admin/settings/certificate",
      "/admin/settings/certificate",
      adminPage("/admin/settings/certificate", "settings", redirectTo("/admin/settings#certificate-settings")),
    ),
    post("/admin/settings/certificate", "/admin/settings/certificate", "settings", toast("/admin/settings"), {
      body: { form: { signatoryName: "Matrix Signatory" } },
      watch: { table: "site_settings" },
      writes: ["admin"],
    }),
    post("/admin/settings/invoice-register", "/admin/settings/invoice-register", "settings", 200, {
      body: { form: { month: "2026-11" } },
      watch: { table: "audit_log", where: "action = 'invoice_register_exported'" },
      writes: ["admin"],
    }),
    // An export is written to disk and listed: a content manager must not reach one.
    post("/admin/users/export", "/admin/users/export", "users", 200, {
      body: { form: { dataset: "users" } },
      watch: { table: "shared_files" },
      writes: ["admin"],
    }),
    remove("/admin/users/files/:id", "/admin/users/files/{victim}", "users", "sharedFile", "shared_files", toast("/admin/users")),
    // Stopping a share link (the row stays for its downloads): the admin's alone.
    post("/admin/users/files/:id", "/admin/users/files/{victim}", "users", toast("/admin/users/files/{victim}"), {
      body: { form: { intent: "revoke" } },
      victim: "sharedFile",
      watch: { table: "shared_files", where: "revoked_at IS NOT NULL" },
      writes: ["admin"],
    }),
    // A student's page: granting a (fresh) course is the admin's alone; a form without its reason, or an intent the page does not know, changes nothing.
    post("/admin/users/:id", `/admin/users/${ids.ownerUser}`, "users", toast(`/admin/users/${ids.ownerUser}`), {
      body: { form: { intent: "grant", courseId: "{victim}", reason: "Access matrix" } },
      victim: "course",
      watch: { table: "orders", where: "payment_status = 'completed'" },
      writes: ["admin"],
    }),
    // Recording a payment made outside the site is the admin's alone (decision 0034).
    post("/admin/users/:id", `/admin/users/${ids.ownerUser}`, "users", toast(`/admin/users/${ids.ownerUser}`), {
      body: {
        form: {
          intent: "offline-payment",
          courseId: "{victim}",
          method: "cash",
          receivedOn: new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date()),
          reason: "Access matrix",
        },
      },
      victim: "course",
      watch: { table: "orders", where: "provider = 'offline'" },
      writes: ["admin"],
    }),
    // A refund without its order, amount or reason is refused, and refunds nothing.
    post("/admin/users/:id", `/admin/users/${ids.ownerUser}`, "users", 400, {
      body: { form: { intent: "refund" } },
      watch: { table: "orders", where: "refunded_paise > 0" },
    }),
    post("/admin/users/:id", `/admin/users/${ids.ownerUser}`, "users", 400, {
      body: { form: { intent: "deactivate" } },
      watch: { table: "users", where: "deactivated_at IS NOT NULL" },
    }),
    post("/admin/users/:id", `/admin/users/${ids.ownerUser}`, "users", 400, {
      body: { form: { intent: "make-admin" } },
      watch: { table: "audit_log" },
    }),
    // The curriculum editor: a post without what the form needs is refused; deletes remove a fresh row each.
    post("/admin/courses/:id/curriculum", curriculumOf(ids), "courses", 400, { watch: { table: "course_sections" } }),
    post("/admin/courses/:id/curriculum/new", `${curriculumOf(ids)}/new?section=${ids.curriculum.section}`, "courses", 400, {
      watch: { table: "lessons" },
    }),
    post("/admin/courses/:id/curriculum/:lessonId", `${curriculumOf(ids)}/${ids.curriculum.lesson}`, "courses", 400, {
      watch: { table: "lessons" },
    }),
    post("/admin/courses/:id/curriculum/sections/:sectionId", `${curriculumOf(ids)}/sections/${ids.curriculum.section}`, "courses", 400, {
      watch: { table: "course_sections" },
    }),
    remove(
      "/admin/courses/:id/curriculum/:lessonId",
      `${curriculumOf(ids)}/{victim}`,
      "courses",
      "lesson",
      "lessons",
      toast(curriculumOf(ids)),
    ),
    // A batch's and a session's forms: a post without what the form needs is refused; a fresh batch is deleted.
    post("/admin/courses/:id/batches/new", `${batchesOf(ids)}/new`, "courses", 400, { watch: { table: "batches" } }),
    post("/admin/courses/:id/batches/:batchId", `${batchesOf(ids)}/${ids.batch.id}`, "courses", 400, { watch: { table: "batches" } }),
    post("/admin/courses/:id/batches/:batchId/timetable/new", `${timetableOf(ids)}/new`, "courses", 400, {
      watch: { table: "batch_sessions" },
    }),
    post("/admin/courses/:id/batches/:batchId/timetable/:sessionId", `${timetableOf(ids)}/${ids.batch.session}`, "courses", 400, {
      watch: { table: "batch_sessions" },
    }),
    remove("/admin/courses/:id/batches/:batchId", `${batchesOf(ids)}/{victim}`, "courses", "batch", "batches", toast(batchesOf(ids))),
    // Cancelling without a reason is refused: the batch stays on sale and nobody is refunded.
    post("/admin/courses/:id/batches/:batchId/cancel", `${batchesOf(ids)}/${ids.batch.id}/cancel`, "users", 400, {
      watch: { table: "batches", where: "cancelled_at IS NOT NULL" },
    }),
    // A move without its batch and reason is refused: the seat stays where it is.
    post(
      "/admin/courses/:id/batches/:batchId/students/:userId/move",
      `${batchesOf(ids)}/${ids.batch.id}/students/${ids.ownerUser}/move`,
      "users",
      400,
      { watch: { table: "batch_students", where: `batch_id = ${ids.batch.id}` } },
    ),
    // The matrix class is years away: a recording posted for it is refused (409), and publishes no lesson.
    post(
      "/admin/courses/:id/batches/:batchId/timetable/:sessionId/recording",
      `${timetableOf(ids)}/${ids.batch.session}/recording`,
      "courses",
      409,
      { watch: { table: "lessons" } },
    ),
    remove(
      "/admin/courses/:id/curriculum/sections/:sectionId",
      `${curriculumOf(ids)}/sections/{victim}`,
      "courses",
      "section",
      "course_sections",
      toast(curriculumOf(ids)),
    ),
  ];
}

function adminEndpoints(ids: MatrixIds): Row[] {
  const call = (route: string, method: Method, path: string, area: Area, allowed: Outcome, extra: Partial<Row> = {}): Row => ({
    route,
    method,
    path,
    ...(method === "POST" || method === "PUT" ? { body: emptyJson } : {}),
    expect: adminApi(area, allowed),
    ...extra,
  });
  const remove = (route: string, path: string, area: Area, kind: VictimKind, table: string, allowed: Outcome = 200): Row =>
    call(route, "DELETE", path, area, allowed, { victim: kind, watch: { table }, writes: adminRoles(area) });
  return [
    call("/api/courses", "POST", "/api/courses", "courses", 400, { watch: { table: "courses" } }),
    call("/api/courses/:id", "PUT", `/api/courses/${ids.course}`, "courses", 400, { watch: { table: "courses" } }),
    remove("/api/courses/:id", "/api/courses/{victim}", "courses", "course", "courses"),
    call("/api/events", "POST", "/api/events", "events", 400, { watch: { table: "events" } }),
    call("/api/events/:id", "GET", `/api/events/${ids.event}`, "events", 200),
    call("/api/events/:id", "PUT", `/api/events/${ids.event}`, "events", 400, { watch: { table: "events" } }),
    remove("/api/events/:id", "/api/events/{victim}", "events", "event", "events"),
    call("/api/events/:id/registrations", "GET", `/api/events/${ids.event}/registrations`, "registrations", 200),
    call("/api/blog", "POST", "/api/blog", "content", 400, { watch: { table: "blog_posts" } }),
    call("/api/blog/:slug", "PUT", `/api/blog/${ids.post.id}`, "content", 400, { watch: { table: "blog_posts" } }),
    remove("/api/blog/:slug", "/api/blog/{victim}", "content", "draftPost", "blog_posts"),
    call("/api/testimonials", "POST", "/api/testimonials", "content", 400, { watch: { table: "testimonials" } }),
    call("/api/testimonials/:id", "PUT", `/api/testimonials/${ids.testimonial}`, "content", 400, { watch: { table: "testimonials" } }),
    remove("/api/testimonials/:id", "/api/testimonials/{victim}", "content", "testimonial", "testimonials"),
    call("/api/admin/users", "GET", "/api/admin/users", "users", 200),
    call("/api/admin/registrations", "GET", "/api/admin/registrations", "users", 200),
    call("/api/admin/enrollments", "GET", "/api/admin/enrollments", "users", 200),
    call("/api/enrollment-forms", "GET", "/api/enrollment-forms", "users", 200),
    call("/api/admin/export/:dataset", "GET", "/api/admin/export/users", "users", 200, {
      watch: { table: "shared_files" },
      writes: ["admin"],
    }),
    call("/api/admin/shared-files", "GET", "/api/admin/shared-files", "users", 200),
    remove("/api/admin/shared-files/:id", "/api/admin/shared-files/{victim}", "users", "sharedFile", "shared_files", 204),
    call("/api/admin/analytics", "GET", "/api/admin/analytics", "analytics", 200),
  ];
}

/**
 * What students pay is the admin's (the "pricing" permission): a content
 * manager edits a course's or an event's content, never its price, original
 * price or (for a course) whether it is on sale. Each row aims at a fresh row
 * priced ₹123.45; the watched count says whether the price moved.
 */
function pricingRows(): Row[] {
  const priced = `price_paise = ${VICTIM_PRICE_PAISE}`;
  const courseContent = { title: "Pricing matrix course", shortDescription: "s", description: "d", duration: "4 weeks", level: "beginner" };
  const eventContent = { title: "Pricing matrix event", description: "d", eventType: "webinar" };
  const eventJson = { ...eventContent, eventDate: "2031-01-01T10:00:00Z" };
  const eventForm = { ...eventContent, date: "2031-01-01", time: "10:00", isActive: "on" };
  const api = (contentManager: Outcome, admin: Outcome): Record<Role, Outcome> => ({ ...adminApi("courses", admin), contentManager });
  const page = (path: string, contentManager: Outcome, admin: Outcome): Record<Role, Outcome> => ({
    ...adminPage(path, "courses", admin),
    contentManager,
  });
  const courseEdit = "/admin/courses/{victim}";
  return [
    // The JSON doors: another price is 403 and the stored one stays; sent back unchanged, the content is saved.
    {
      route: "/api/courses/:id",
      method: "PUT",
      path: "/api/courses/{victim}",
      body: { json: { ...courseContent, price: "1.00" } },
      pricingCase: "PUT /api/courses/:id with price 1.00: price changed?",
      expect: api(403, 200),
      victim: "pricedCourse",
      watch: { table: "courses", where: priced },
      writes: ["admin"],
    },
    {
      route: "/api/courses/:id",
      method: "PUT",
      path: "/api/courses/{victim}",
      body: { json: { ...courseContent, price: "123.45", isActive: false } },
      pricingCase: "PUT /api/courses/:id with isActive false: taken off sale?",
      expect: api(403, 200),
      victim: "pricedCourse",
      watch: { table: "courses", where: `${priced} AND is_active = 1` },
      writes: ["admin"],
    },
    {
      route: "/api/courses/:id",
      method: "PUT",
      path: "/api/courses/{victim}",
      body: { json: { ...courseContent, title: "Retitled, same price", price: "123.45" } },
      pricingCase: "PUT /api/courses/:id, new title, price sent back as stored: title saved, price kept?",
      expect: api(200, 200),
      victim: "pricedCourse",
      watch: { table: "courses", where: `title = 'Retitled, same price' AND ${priced} AND is_active = 1` },
      writes: ["contentManager", "admin"],
    },
    // A content manager's new course is ₹0 and not on sale (the admin's, by the spec's defaults, is on sale).
    {
      route: "/api/courses",
      method: "POST",
      path: "/api/courses",
      body: { json: { ...courseContent, title: "New from the API" } },
      pricingCase: "POST /api/courses without a price: stored at ₹0 and inactive?",
      expect: api(201, 201),
      watch: { table: "courses", where: "title = 'New from the API' AND price_paise = 0 AND is_active = 0" },
      writes: ["contentManager"],
    },
    {
      route: "/api/courses",
      method: "POST",
      path: "/api/courses",
      body: { json: { ...courseContent, price: "499.00" } },
      pricingCase: "POST /api/courses with price 499.00: course created?",
      expect: api(403, 201),
      watch: { table: "courses" },
      writes: ["admin"],
    },
    {
      route: "/api/events/:id",
      method: "PUT",
      path: "/api/events/{victim}",
      body: { json: { ...eventJson, price: "1.00" } },
      pricingCase: "PUT /api/events/:id with price 1.00: price changed?",
      expect: api(403, 200),
      victim: "pricedEvent",
      watch: { table: "events", where: priced },
      writes: ["admin"],
    },
    {
      route: "/api/events",
      method: "POST",
      path: "/api/events",
      body: { json: { ...eventJson, price: "499.00" } },
      pricingCase: "POST /api/events with price 499.00: event created?",
      expect: api(403, 201),
      watch: { table: "events" },
      writes: ["admin"],
    },
    // The page forms: a posted price is refused with the form's own message (403); content alone is saved.
    {
      route: "/admin/courses/:id",
      method: "POST",
      path: courseEdit,
      body: { form: { ...courseContent, price: "1.00", isActive: "on" } },
      pricingCase: "Edit Course form with price 1.00: price changed?",
      expect: page(courseEdit, 403, redirectTo("/admin/courses")),
      victim: "pricedCourse",
      watch: { table: "courses", where: priced },
      writes: ["admin"],
    },
    // The content manager's form has no price inputs; the admin's needs the price (400).
    {
      route: "/admin/courses/:id",
      method: "POST",
      path: courseEdit,
      body: { form: { ...courseContent, title: "Content edited" } },
      pricingCase: "Edit Course form, content only: title saved, price kept?",
      expect: page(courseEdit, redirectTo("/admin/courses"), 400),
      victim: "pricedCourse",
      watch: { table: "courses", where: `title = 'Content edited' AND ${priced} AND is_active = 1` },
      writes: ["contentManager"],
    },
    {
      route: "/admin/courses/new",
      method: "POST",
      path: "/admin/courses/new",
      body: { form: { ...courseContent, title: "New from the page" } },
      pricingCase: "Create New Course form, content only: stored at ₹0 and inactive?",
      expect: page("/admin/courses/new", redirectTo("/admin/courses"), 400),
      watch: { table: "courses", where: "title = 'New from the page' AND price_paise = 0 AND is_active = 0" },
      writes: ["contentManager"],
    },
    {
      route: "/admin/events/:id",
      method: "POST",
      path: "/admin/events/{victim}",
      body: { form: { ...eventForm, price: "1.00" } },
      pricingCase: "Edit Event form with price 1.00: price changed?",
      expect: page("/admin/events/{victim}", 403, redirectTo("/admin/events")),
      victim: "pricedEvent",
      watch: { table: "events", where: priced },
      writes: ["admin"],
    },
    // Deactivating a course takes it off sale: the admin's.
    {
      route: "/admin/courses/:id",
      method: "POST",
      path: "/admin/courses/{victim}",
      body: { form: { intent: "deactivate" } },
      pricingCase: "Delete dialog, Deactivate Course: taken off sale?",
      expect: page("/admin/courses/{victim}", 403, redirectTo("/admin/courses")),
      victim: "pricedCourse",
      watch: { table: "courses", where: "is_active = 0" },
      writes: ["admin"],
    },
  ];
}

/** The classroom of the course the owner paid for: admins of both roles may open it too ("Preview as student"). */
function classroomPages(ids: MatrixIds): Row[] {
  const notEnrolled = redirectTo(`/courses/${ids.course}`);
  const door = (path: string, owner: Outcome): Record<Role, Outcome> => ({
    anonymous: signInFirst(path),
    student: owner,
    otherStudent: notEnrolled,
    contentManager: owner,
    mentor: owner,
    admin: owner,
  });
  const lesson = `/learn/${ids.course}/${ids.lesson}`;
  const certificate = `/learn/${ids.course}/certificate`;
  const session = `/learn/${ids.course}/sessions/${ids.batch.session}`;
  const lab = `/learn/${ids.course}/lab/${ids.lab.exercise}`;
  const journal = `/learn/journal/${ids.lab.trade}`;
  return [
    // The classroom's home: every student's own (their courses, or none); admins have no student session.
    get("/learn", "/learn", studentPage("/learn", 200)),
    get("/learn/:courseId", `/learn/${ids.course}`, door(`/learn/${ids.course}`, 200)),
    get("/learn/:courseId/:lessonId", lesson, door(lesson, 200)),
    get("/learn/:courseId/:lessonId/files/:fileId", `${lesson}/files/${ids.lessonFile}`, door(`${lesson}/files/${ids.lessonFile}`, 200)),
    get(
      "/learn/:courseId/:lessonId/join",
      `/learn/${ids.course}/${ids.liveLesson}/join`,
      door(`/learn/${ids.course}/${ids.liveLesson}/join`, redirectTo(ids.joinUrl)),
    ),
    // A live session of the owner's batch: theirs alone (admins have no student session, another student finds nothing).
    get("/learn/:courseId/sessions/:sessionId", session, { ...studentPage(session, 200, 404) }),
    {
      route: "/learn/:courseId/sessions/:sessionId",
      method: "POST",
      path: session,
      body: { form: { intent: "join" } },
      // The class is years away: the owner is told Join is not open yet, and nothing is recorded.
      expect: { ...studentPage(session, redirectTo(session), 404) },
      watch: { table: "session_attendance" },
    },
    // Its calendar entry likewise.
    get("/learn/:courseId/sessions/:sessionId/calendar.ics", `${session}/calendar.ics`, {
      ...studentPage(`${session}/calendar.ics`, 200, 404),
    }),
    // The owner's private calendar feed: calendar apps send no cookie, so its address is the key, for whoever holds it;
    // any other address finds nothing. (Before studentRows, whose "Get a new address" revokes this one.)
    get("/calendar/:token", `/calendar/${ids.calendarFeed}.ics`, everyone(200)),
    get("/calendar/:token", `/calendar/${"A".repeat(43)}.ics`, everyone(404)),
    // A certificate is its owner's alone: admins have no student session, another student finds nothing.
    get("/learn/:courseId/certificate", certificate, { ...studentPage(certificate, 200, 404) }),
    // The owner of a certificate that stands is sent on to the download; another student finds nothing.
    get("/learn/:courseId/certificate/revoked", `${certificate}/revoked`, {
      ...studentPage(`${certificate}/revoked`, redirectTo(certificate), 404),
    }),
    get("/certificates/:number", `/certificates/${ids.certificate}`, everyone(200)),
    // The practice lab: a replay of the owner's course (admins preview it), and the owner's trade journal.
    get("/learn/:courseId/lab/:exerciseId", lab, door(lab, 200)),
    {
      route: "/learn/:courseId/lab/:exerciseId",
      method: "POST",
      path: lab,
      body: { form: { intent: "step", atSeq: "0" } },
      // A step from a candle the replay is not at changes nothing; admins preview and record nothing.
      expect: { ...door(lab, redirectTo(lab)) },
      watch: { table: "replays", where: "revealed_seq <> 100" },
    },
    get("/learn/journal", "/learn/journal", studentPage("/learn/journal", 200)),
    get("/learn/journal/:tradeId", journal, studentPage(journal, 200, 404)),
    {
      route: "/learn/journal/:tradeId",
      method: "POST",
      path: journal,
      body: { form: { notes: "Held too long." } },
      expect: studentPage(journal, redirectTo(journal), 404),
      watch: { table: "paper_trades", where: "notes = 'Held too long.'" },
      writes: ["student"],
    },
  ];
}

function publicPages(ids: MatrixIds): Row[] {
  return [
    get("/", "/", everyone(200)),
    get("/*", "/no-such-page", everyone(404)),
    get("/about", "/about", everyone(200)),
    get("/blog", "/blog", everyone(200)),
    get("/blog/:slug", `/blog/${ids.post.slug}`, everyone(200)),
    get("/blog/preview/:slug", `/blog/preview/${ids.post.slug}`, everyone(200)),
    get("/courses", "/courses", everyone(200)),
    get("/courses/:id", `/courses/${ids.course}`, everyone(200)),
    get("/events", "/events", everyone(200)),
    get("/gallery", "/gallery", everyone(200)),
    get("/terms", "/terms", everyone(200)),
    get("/privacy", "/privacy", everyone(200)),
    get("/refund-policy", "/refund-policy", everyone(200)),
    get("/disclaimer", "/disclaimer", everyone(200)),
    get("/grievances", "/grievances", everyone(200)),
    get("/testimonials", "/testimonials", everyone(200)),
    get("/study-materials", "/study-materials", everyone(200)),
    get("/chat", "/chat", everyone(200)),
    { route: "/chat", method: "POST", path: "/chat", body: { form: { question: "What courses do you offer?" } }, expect: everyone(200) },
    get("/contact", "/contact", everyone(200)),
    {
      route: "/contact",
      method: "POST",
      path: "/contact",
      body: { form: { name: "Matrix Visitor", email: "visitor@example.com", subject: "Hello", message: "A question.", consent: "on" } },
      expect: everyone(redirectTo("/contact")),
      watch: { table: "contact_messages" },
      writes: [...ROLES],
    },
    get("/newsletter", "/newsletter", everyone(redirectTo("/blog"))),
    {
      route: "/newsletter",
      method: "POST",
      path: "/newsletter",
      body: { form: { email: "matrix-reader@example.com", redirectTo: "/blog" } },
      expect: everyone(redirectTo("/blog")),
    },
    // The newsletter's mailed links: opening one changes nothing; a forged secret confirms or removes nothing.
    get("/newsletter/confirm", "/newsletter/confirm", everyone(200)),
    {
      route: "/newsletter/confirm",
      method: "POST",
      path: "/newsletter/confirm",
      body: { form: { token: "forged-token" } },
      expect: everyone(410),
      watch: { table: "newsletter_subscribers", where: "confirmed_at IS NOT NULL" },
    },
    get("/newsletter/unsubscribe", "/newsletter/unsubscribe", everyone(200)),
    {
      route: "/newsletter/unsubscribe",
      method: "POST",
      path: "/newsletter/unsubscribe?token=forged-token",
      body: { form: { "List-Unsubscribe": "One-Click" } },
      expect: everyone(200),
      watch: { table: "newsletter_subscribers" },
    },
    // The analytics banner and cookie settings: anyone's choice, recorded, then back to the page.
    get("/consent", "/consent", everyone(redirectTo("/privacy#cookie-settings"))),
    {
      route: "/consent",
      method: "POST",
      path: "/consent",
      body: { form: { decision: "withdrawn", redirectTo: "/courses" } },
      expect: everyone(redirectTo("/courses")),
      watch: { table: "consent_records" },
      writes: [...ROLES],
    },
    get("/login", "/login", anonymousOnly()),
    {
      route: "/login",
      method: "POST",
      path: "/login",
      body: { form: { email: "nobody@example.com", password: "not the password" } },
      expect: { ...anonymousOnly(), anonymous: 401, contentManager: 401, mentor: 401, admin: 401 },
      watch: { table: "sessions" },
    },
    // The hop after every sign-in: on with the session, else the page saying the cookie was refused.
    get("/signed-in", "/signed-in?to=%2Fcourses", {
      ...everyone(200),
      student: redirectTo("/courses"),
      otherStudent: redirectTo("/courses"),
    }),
    get("/signup", "/signup", anonymousOnly()),
    get("/signup/check-email", "/signup/check-email", everyone(200)),
    // Without a token (or with a forged one) the link page says so and changes nothing.
    get("/verify-email", "/verify-email", everyone(400)),
    {
      route: "/verify-email",
      method: "POST",
      path: "/verify-email",
      body: { form: { token: "forged-token" } },
      expect: everyone(400),
      watch: { table: "users", where: "email_verified_at IS NOT NULL" },
    },
    // Forgotten passwords: open to everyone; a forged link changes nothing.
    get("/forgot-password", "/forgot-password", everyone(200)),
    {
      route: "/forgot-password",
      method: "POST",
      path: "/forgot-password",
      body: empty,
      expect: everyone(400),
      watch: { table: "outbox_messages" },
    },
    get("/reset-password", "/reset-password", everyone(400)),
    {
      route: "/reset-password",
      method: "POST",
      path: "/reset-password",
      body: { form: { token: "forged-token", password: "four unrelated words together" } },
      expect: everyone(400),
      watch: { table: "user_tokens", where: "used_at IS NOT NULL" },
    },
    {
      route: "/signup",
      method: "POST",
      path: "/signup",
      body: empty,
      expect: { ...anonymousOnly(), anonymous: 400, contentManager: 400, mentor: 400, admin: 400 },
      watch: { table: "users" },
    },
    get("/api/logout", "/api/logout", { ...everyone(redirectTo("/")), student: 200, otherStudent: 200 }),
    { route: "/api/logout", method: "POST", path: "/api/logout", body: empty, expect: everyone(redirectTo("/")) },
    get("/auth/oauth", "/auth/oauth", everyone(redirectTo("/login"))),
    { route: "/auth/oauth", method: "POST", path: "/auth/oauth", body: empty, expect: everyone(redirectTo("/login")) },
    get("/auth/oauth/callback", "/auth/oauth/callback", everyone(redirectTo("/login"))),
    get("/admin/login", "/admin/login", {
      ...everyone(200),
      contentManager: redirectTo("/admin/courses"),
      mentor: redirectTo("/admin/teaching"),
      admin: redirectTo("/admin"),
    }),
    {
      route: "/admin/login",
      method: "POST",
      path: "/admin/login",
      body: { form: { adminId: "nobody-form", password: "not the password" } },
      // A signed-in admin's failed attempt lands on the login page, whose loader sends them home.
      expect: {
        ...everyone(401),
        contentManager: redirectTo("/admin/courses"),
        mentor: redirectTo("/admin/teaching"),
        admin: redirectTo("/admin"),
      },
      watch: { table: "sessions" },
    },
    get("/admin/signed-in", "/admin/signed-in?to=%2Fadmin%2Fevents", {
      ...everyone(200),
      contentManager: redirectTo("/admin/events"),
      mentor: redirectTo("/admin/events"),
      admin: redirectTo("/admin/events"),
    }),
    get("/admin/logout", "/admin/logout", everyone(redirectTo("/admin"))),
    { route: "/admin/logout", method: "POST", path: "/admin/logout", body: empty, expect: everyone(redirectTo("/")) },
    get("/healthz", "/healthz", everyone(200)),
    get("/robots.txt", "/robots.txt", everyone(200)),
    get("/sitemap.xml", "/sitemap.xml", everyone(200)),
    get("/uploads/:name", "/uploads/no-such-upload.webp", everyone(404)),
    get("/og/:kind/:file", `/og/course/${ids.course}.png`, everyone(200)),
    get("/og/:kind/:file", `/og/event/${ids.event}.png`, everyone(200)),
    get("/og/:kind/:file", `/og/blog/${ids.post.slug}.png`, everyone(200)),
    get("/og/:kind/:file", "/og/course/999999.png", everyone(404)),
    get("/shared/:token", `/shared/${ids.sharedFile.token}`, everyone(200)),
    get("/shared/:token", `/shared/${"A".repeat(43)}`, everyone(404)),
  ];
}

function publicEndpoints(ids: MatrixIds): Row[] {
  return [
    get("/api/courses", "/api/courses", everyone(200)),
    get("/api/courses/:id", `/api/courses/${ids.course}`, everyone(200)),
    get("/api/events", "/api/events", everyone(200)),
    get("/api/blog", "/api/blog", everyone(200)),
    get("/api/blog/:slug", `/api/blog/${ids.post.slug}`, everyone(200)),
    get("/api/testimonials", "/api/testimonials", everyone(200)),
    get("/api/mentors", "/api/mentors", everyone(200)),
    get("/api/chat/suggestions", "/api/chat/suggestions", everyone(200)),
    {
      route: "/api/chat/query",
      method: "POST",
      path: "/api/chat/query",
      body: { json: { question: "What courses do you offer?" } },
      expect: everyone(200),
    },
    {
      route: "/api/contact",
      method: "POST",
      path: "/api/contact",
      body: { json: { name: "Matrix Visitor", email: "visitor@example.com", subject: "Hello", message: "A question.", consent: true } },
      expect: everyone(201),
      watch: { table: "contact_messages" },
      writes: [...ROLES],
    },
    {
      route: "/api/newsletter",
      method: "POST",
      path: "/api/newsletter",
      body: { json: { email: "matrix-api-reader@example.com" } },
      // The first stores the address as pending and mails it; the rest get the same answer and change nothing.
      expect: everyone(202),
      watch: { table: "newsletter_subscribers" },
      writes: ["anonymous"],
    },
    {
      route: "/api/stripe/webhook",
      method: "POST",
      path: "/api/stripe/webhook",
      body: emptyJson,
      expect: everyone(503),
      watch: { table: "orders" },
    },
    // Payments are off on these servers. The provider's return reads no session: with no payment named,
    // everyone is sent (303) to the page it names, to pay again; a visit goes to the orders page.
    {
      route: "/api/razorpay/webhook",
      method: "POST",
      path: "/api/razorpay/webhook",
      body: emptyJson,
      expect: everyone(503),
      watch: { table: "orders" },
    },
    {
      route: "/checkout/callback",
      method: "POST",
      path: "/checkout/callback?retry=%2Fcourses",
      body: empty,
      expect: everyone("303 /courses"),
      watch: { table: "orders" },
    },
    get("/checkout/callback", "/checkout/callback", everyone("303 /account/orders")),
    get("/api/admin/session", "/api/admin/session", everyone(200)),
    {
      route: "/api/admin/login",
      method: "POST",
      path: "/api/admin/login",
      body: { json: { adminId: "nobody-api", password: "not the password" } },
      // One client, one Admin ID: five failures are free, the sixth (the last role asked) already waits.
      expect: { ...everyone(401), admin: 429 },
      watch: { table: "sessions" },
    },
    { route: "/api/admin/logout", method: "POST", path: "/api/admin/logout", expect: everyone(200) },
    get("/api/login", "/api/login", { ...everyone(signInFirst("/")), student: redirectTo("/"), otherStudent: redirectTo("/") }),
  ];
}

/** Student pages and endpoints; what the owner owns must stay out of "another student"'s reach. */
function studentRows(ids: MatrixIds): Row[] {
  const registration = { name: "Matrix Student", email: "matrix-student@example.com", phone: "+91 90000 00000", consent: "on" };
  const form = {
    name: "Matrix Student",
    whatsappNumber: "+91 90000 11111",
    state: "Karnataka",
    city: "Bengaluru",
    experienceLevel: "Beginner",
    sourceOfLead: "YouTube",
    consent: "on",
  };
  const checkout = `/checkout?courseId=${ids.freeCourse}&form=${ids.freeForm}`;
  const information = `/checkout/information?courseId=${ids.freeCourse}`;
  const complete = `/checkout/complete?session_id=${ids.checkoutSession}`;
  const register = `/events/${ids.event}/register`;
  const pageRegister = `/events/${ids.pageEvent}/register`;
  // The owner's form is not the other student's: their checkout starts at the information step.
  const otherStartsOver = redirectTo(information);
  return [
    get("/account", "/account", studentPage("/account", 200)),
    // Orders and receipts are the owner's alone: another student sees an empty list and finds no receipt.
    get("/account/orders", "/account/orders", studentPage("/account/orders", 200)),
    get(
      "/account/orders/:orderId/receipt",
      `/account/orders/${ids.order}/receipt`,
      studentPage(`/account/orders/${ids.order}/receipt`, 200, 404),
    ),
    // The GST invoice and credit notes likewise (decision 0031).
    get(
      "/account/orders/:orderId/invoice",
      `/account/orders/${ids.order}/invoice`,
      studentPage(`/account/orders/${ids.order}/invoice`, 200, 404),
    ),
    get(
      "/account/orders/:orderId/credit-notes/:documentId",
      `/account/orders/${ids.order}/credit-notes/${ids.creditNote}`,
      studentPage(`/account/orders/${ids.order}/credit-notes/${ids.creditNote}`, 200, 404),
    ),
    // A new confirmation link: the owner's address is unconfirmed, so the link is queued (once a minute).
    {
      route: "/account",
      method: "POST",
      path: "/account",
      body: { form: { intent: "send-confirmation" } },
      expect: studentPage("/account", redirectTo("/account")),
      watch: { table: "outbox_messages" },
      writes: ["student", "otherStudent"],
    },
    // A new calendar feed address: the owner's replaces the one the fixtures made (which then opens nothing);
    // the other student gets one of their own.
    {
      route: "/account",
      method: "POST",
      path: "/account",
      body: { form: { intent: "new-calendar-address" } },
      expect: studentPage("/account", redirectTo("/account#calendar-feed-heading")),
      watch: { table: "calendar_feeds", where: `token = '${ids.calendarFeed}'` },
      writes: ["student"],
    },
    // OAuth is off on this server: connecting a provider comes straight back.
    {
      route: "/account",
      method: "POST",
      path: "/account",
      body: { form: { intent: "connect-provider" } },
      expect: studentPage("/account", redirectTo("/account")),
    },
    // The account page's own changes: bad input changes nothing for anyone; a forged email change link moves no account;
    // the admin's password reset needs a reason (and the admin role).
    {
      route: "/account",
      method: "POST",
      path: "/account",
      body: { form: { intent: "profile", firstName: "Matrix", lastName: "Student", phone: "12345" } },
      expect: studentPage("/account", 400),
      watch: { table: "users", where: "first_name = 'Matrix'" },
    },
    {
      route: "/account",
      method: "POST",
      path: "/account",
      body: { form: { intent: "change-email", newEmail: "matrix-new@example.com" } },
      expect: studentPage("/account", 400),
      watch: { table: "outbox_messages" },
    },
    get("/confirm-email-change", "/confirm-email-change", everyone(400)),
    {
      route: "/confirm-email-change",
      method: "POST",
      path: "/confirm-email-change",
      body: { form: { token: "forged-token" } },
      expect: everyone(400),
      watch: { table: "users", where: "email_verified_at IS NOT NULL" },
    },
    {
      route: "/admin/users/:id",
      method: "POST",
      path: `/admin/users/${ids.ownerUser}`,
      body: { form: { intent: "send-password-reset" } },
      expect: adminPage(`/admin/users/${ids.ownerUser}`, "users", 400),
      watch: { table: "outbox_messages" },
    },
    // The student's own events: another student is not registered for the owner's, so finds nothing to download or cancel.
    get("/account/events", "/account/events", studentPage("/account/events", 200)),
    get("/account/events/:eventId/calendar.ics", `/account/events/${ids.event}/calendar.ics`, studentPage("/account/events", 200, 404)),
    {
      route: "/account/events",
      method: "POST",
      path: "/account/events",
      body: { form: { eventId: "{victim}" } },
      victim: "ownerRegistration",
      expect: studentPage("/account/events", redirectTo("/account/events"), 404),
      watch: { table: "event_registrations" },
      writes: ["student"],
    },
    // The privacy page and the data download hold only the signed-in student's own rows.
    get("/account/privacy", "/account/privacy", studentPage("/account/privacy", 200)),
    get("/account/privacy/download", "/account/privacy/download", studentPage("/account/privacy/download", 200)),
    // Deleting the account with a wrong password is refused and erases nothing (the right one is never sent: these students stay).
    {
      route: "/account/privacy",
      method: "POST",
      path: "/account/privacy?confirm=delete",
      body: { form: { confirmation: "not the password of anyone" } },
      expect: studentPage("/account/privacy?confirm=delete", 400),
      watch: { table: "users", where: "erased_at IS NOT NULL" },
    },
    get("/enrollment-form", "/enrollment-form", studentPage("/enrollment-form", 200)),
    {
      route: "/enrollment-form",
      method: "POST",
      path: "/enrollment-form",
      body: { form: { ...form, courseOrEvent: `course:${ids.course}` } },
      expect: studentPage("/enrollment-form", redirectTo(`/courses/${ids.course}`)),
      watch: { table: "enrollment_forms" },
      writes: ["student", "otherStudent"],
    },
    get("/events/:id/register", register, studentPage(register, 200)),
    {
      route: "/events/:id/register",
      method: "POST",
      path: pageRegister,
      body: { form: registration },
      expect: studentPage(pageRegister, redirectTo("/events")),
      watch: { table: "event_registrations" },
      writes: ["student", "otherStudent"],
    },
    // A batch's waitlist: the course page's form; its address alone shows the course page.
    get(
      "/courses/:id/batches/:batchId/waitlist",
      `/courses/${ids.course}/batches/${ids.batch.id}/waitlist`,
      everyone(redirectTo(`/courses/${ids.course}#batches`)),
    ),
    {
      route: "/courses/:id/batches/:batchId/waitlist",
      method: "POST",
      path: `/courses/${ids.course}/batches/${ids.batch.id}/waitlist`,
      body: empty,
      // The matrix batch has seats free: the student is told to choose it instead, and nothing is stored.
      expect: { ...studentPage(`/courses/${ids.course}`, redirectTo(`/courses/${ids.course}#batches`)) },
      watch: { table: "waitlist" },
    },
    get("/checkout", checkout, studentPage(checkout, 200, otherStartsOver)),
    get("/checkout/information", information, studentPage(information, 200)),
    {
      route: "/checkout/information",
      method: "POST",
      path: information,
      body: { form: { ...form, courseOrEvent: `course:${ids.freeCourse}` } },
      expect: studentPage(information, 302, 302),
      watch: { table: "enrollment_forms" },
      writes: ["student", "otherStudent"],
    },
    // Paying with the owner's form: the owner is enrolled (the course is free); the other student is sent to fill in their own.
    {
      route: "/checkout",
      method: "POST",
      path: `/checkout?index&courseId=${ids.freeCourse}&form=${ids.freeForm}`,
      body: { form: { intent: "pay", terms: "on" } },
      // Remix drops its own `index` parameter from the address it hands the route.
      expect: studentPage(checkout, redirectTo("/"), otherStartsOver),
      watch: { table: "orders" },
      writes: ["student"],
    },
    // The owner's paid Checkout session: payments are off on this server, so the
    // return page says so (503) to any student before it looks at whose session it is.
    get("/checkout/complete", complete, studentPage(complete, 503)),
    get("/api/my-enrollments", "/api/my-enrollments", studentApi(200)),
    get("/api/auth/user", "/api/auth/user", studentApi(200)),
    {
      route: "/api/events/:id/register",
      method: "POST",
      path: `/api/events/${ids.apiEvent}/register`,
      body: { json: registration },
      expect: studentApi(201),
      watch: { table: "event_registrations" },
      writes: ["student", "otherStudent"],
    },
    {
      route: "/api/enrollment-forms",
      method: "POST",
      path: "/api/enrollment-forms",
      body: { json: { ...form, courseOrEventId: ids.course, courseOrEventType: "course" } },
      expect: studentApi(201),
      watch: { table: "enrollment_forms" },
      writes: ["student", "otherStudent"],
    },
    {
      route: "/api/validate-coupon",
      method: "POST",
      path: "/api/validate-coupon",
      body: { json: { couponCode: ids.coupon, courseId: ids.payCourse } },
      expect: studentApi(200),
    },
    // Payments are off on these servers: every student gets 503 before the body is read.
    {
      route: "/api/create-payment-intent",
      method: "POST",
      path: "/api/create-payment-intent",
      body: { json: { courseId: ids.payCourse, enrollmentFormId: ids.payForm } },
      expect: studentApi(503),
      watch: { table: "orders" },
    },
    {
      route: "/api/payments/start",
      method: "POST",
      path: "/api/payments/start",
      body: { json: { courseId: ids.payCourse, enrollmentFormId: ids.payForm } },
      expect: studentApi(503),
      watch: { table: "orders" },
    },
    {
      route: "/api/payments/confirm",
      method: "POST",
      path: "/api/payments/confirm",
      body: { json: { razorpay_order_id: "order_Access1", razorpay_payment_id: "pay_Access1", razorpay_signature: "0".repeat(64) } },
      expect: studentApi(503),
      watch: { table: "orders" },
    },
    {
      route: "/api/enroll-course",
      method: "POST",
      path: "/api/enroll-course",
      body: { json: { courseId: ids.apiFreeCourse, enrollmentFormId: ids.apiFreeForm } },
      expect: studentApi(201, 400),
      watch: { table: "orders" },
      writes: ["student"],
    },
  ];
}

/**
 * Course reviews: the owner holds the course and may review it; another student
 * is refused (403) and nothing is written; admins decide at /admin/reviews.
 */
function courseReviewRows(ids: MatrixIds): Row[] {
  const coursePage = `/courses/${ids.course}`;
  const review = { rating: "5", body: "The mentor explained every step of the lesson clearly." };
  const watch = { table: "course_reviews" };
  return [
    {
      route: "/courses/:id",
      method: "POST",
      path: coursePage,
      body: { form: review },
      expect: studentPage(coursePage, redirectTo(`${coursePage}#reviews`), 403),
      watch,
      writes: ["student"],
    },
    get("/api/courses/:id/reviews", `/api/courses/${ids.course}/reviews`, everyone(405)),
    {
      route: "/api/courses/:id/reviews",
      method: "POST",
      path: `/api/courses/${ids.course}/reviews`,
      body: { json: { rating: 9, body: "short" } },
      expect: studentApi(400, 403),
      watch,
    },
    get("/admin/reviews", "/admin/reviews", adminPage("/admin/reviews", "content")),
    {
      route: "/admin/reviews",
      method: "POST",
      path: "/admin/reviews",
      body: { form: { intent: "approve", id: "999999" } },
      expect: adminPage("/admin/reviews", "content", 404),
      watch: { table: "course_reviews", where: "status = 'approved'" },
    },
  ];
}

/**
 * The teaching pages: a mentor's account opens the batch it teaches and no
 * other (404, so another batch's existence is not told), the admin every
 * batch, a content manager none (403). Each mark is posted to a fresh session
 * of the mentor's batch, naming the owner, its student.
 */
function teachingRows(ids: MatrixIds): Row[] {
  const own = `/admin/teaching/${ids.batch.id}`;
  const other = `/admin/teaching/${ids.batch.other.id}`;
  const sessions = "/admin/teaching/:batchId/sessions/:sessionId";
  const workbook = "/admin/teaching/:batchId/attendance.xlsx";
  const journal = "/admin/teaching/:batchId/journals/:tradeId";
  const teaching = (path: string, allowed: Outcome = 200) => adminPage(path, "teaching", allowed);
  const notTheMentors = (path: string, allowed: Outcome = 200) => ({ ...teaching(path, allowed), mentor: 404 });
  const markOwner: Body = { form: { [`attended:${ids.ownerUser}`]: "yes" } };
  return [
    get("/admin/teaching", "/admin/teaching", teaching("/admin/teaching")),
    get("/admin/teaching/:batchId", own, teaching(own)),
    get("/admin/teaching/:batchId", other, notTheMentors(other)),
    get(sessions, `${own}/sessions/${ids.batch.session}`, teaching(`${own}/sessions/${ids.batch.session}`)),
    get(sessions, `${other}/sessions/${ids.batch.other.session}`, notTheMentors(`${other}/sessions/${ids.batch.other.session}`)),
    // Another batch's session under the address of the mentor's own batch is found by no one.
    get(sessions, `${own}/sessions/${ids.batch.other.session}`, teaching(`${own}/sessions/${ids.batch.other.session}`, 404)),
    get(workbook, `${own}/attendance.xlsx`, teaching(`${own}/attendance.xlsx`)),
    get(workbook, `${other}/attendance.xlsx`, notTheMentors(`${other}/attendance.xlsx`)),
    {
      route: sessions,
      method: "POST",
      path: `${own}/sessions/{victim}`,
      body: markOwner,
      victim: "batchSession",
      expect: teaching(`${own}/sessions/{victim}`, redirectTo(own)),
      watch: { table: "session_attendance", where: "attended = 1" },
      writes: adminRoles("teaching"),
    },
    // The other batch's session: the mentor is refused as if it did not exist; the admin's post names none of its students.
    {
      route: sessions,
      method: "POST",
      path: `${other}/sessions/${ids.batch.other.session}`,
      body: markOwner,
      expect: notTheMentors(`${other}/sessions/${ids.batch.other.session}`, redirectTo(other)),
      watch: { table: "session_attendance" },
    },
    // The trade journals of the batch's students (the owner's trade in the matrix course): the mentor's own batch only.
    get("/admin/teaching/:batchId/journals", `${own}/journals`, teaching(`${own}/journals`)),
    get("/admin/teaching/:batchId/journals", `${other}/journals`, notTheMentors(`${other}/journals`)),
    get(journal, `${own}/journals/${ids.lab.trade}`, teaching(`${own}/journals/${ids.lab.trade}`)),
    get(journal, `${other}/journals/${ids.lab.trade}`, notTheMentors(`${other}/journals/${ids.lab.trade}`)),
    {
      route: journal,
      method: "POST",
      path: `${own}/journals/${ids.lab.trade}`,
      body: empty,
      expect: teaching(`${own}/journals/${ids.lab.trade}`, 400),
      watch: { table: "journal_comments" },
    },
    {
      route: journal,
      method: "POST",
      path: `${own}/journals/${ids.lab.trade}`,
      body: { form: { body: "Matrix comment: the stop sat inside the noise." } },
      expect: teaching(`${own}/journals/${ids.lab.trade}`, redirectTo(`${own}/journals/${ids.lab.trade}`)),
      watch: { table: "journal_comments" },
      writes: adminRoles("teaching"),
    },
  ];
}

export function accessRows(ids: MatrixIds): Row[] {
  return [
    ...courseReviewRows(ids),
    ...publicPages(ids),
    ...classroomPages(ids),
    ...publicEndpoints(ids),
    ...studentRows(ids),
    ...adminPages(ids),
    ...adminPagePosts(ids),
    ...teachingRows(ids),
    ...adminEndpoints(ids),
    ...pricingRows(),
  ];
}
