import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import type { Request } from "express";
import { courses, eventRegistrations, events, orders, users } from "../../../db/schema";
import { studentSessions } from "~/services/accounts/sessions/student-session.server";
import { db } from "~/utils/db.server";
import { ADMIN_SESSION_COOKIE } from "~/utils/session-cookie";
import { fillFirstName, firstNameStandIn, planRender } from "./shared-render.server";

const NAMES = ["Asha", `Zoë <b>&"'</b>`, "</script><script>alert(1)</script>", "line\u2028sep \\ back"];

/** A stored copy shaped like a real one: the name in the header markup and in the hydration data. */
function storedCopy(name: string) {
  const markup = renderToString(createElement("a", { href: "/account", title: name }, "Welcome ", name));
  const chunk = JSON.stringify(["user", { firstName: name }]);
  const script = `<script nonce="n">window.__remixContext.streamController.enqueue(${JSON.stringify(chunk).replace(/[&<>\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`)});</script>`;
  return `<!DOCTYPE html><html><body><header>${markup}</header><main>Courses</main>${script}</body></html>`;
}

test.each(NAMES)("a stored copy with the stand-in becomes exactly what rendering for %j gives", (name) => {
  expect(fillFirstName(storedCopy(firstNameStandIn), name)).toBe(storedCopy(name));
});

test("the hydration data carries the name back unchanged", () => {
  const name = NAMES[1] ?? "";
  const page = fillFirstName(storedCopy(firstNameStandIn), name);
  const literal = /enqueue\((".*")\);<\/script>/.exec(page)?.[1] ?? "";
  const [, data] = JSON.parse(JSON.parse(literal) as string) as [string, { firstName: string }];
  expect(data.firstName).toBe(name);
  expect(page).not.toContain("<b>");
});

test("a copy without the stand-in is left as it is", () => {
  expect(fillFirstName("<p>Login</p>", "Asha")).toBe("<p>Login</p>");
});

/** The parts of an Express request planRender reads. */
const getRequest = (path: string, cookie?: string) =>
  ({ method: "GET", path, originalUrl: path, headers: cookie ? { cookie } : {} }) as unknown as Request;

test("the classroom is never served the anonymous copy to someone with cookies: an admin previewing gets a fresh render", async () => {
  const adminOnly = `${ADMIN_SESSION_COOKIE}=signed-value`;
  for (const path of ["/learn/3", "/learn/3/14"]) {
    expect(await planRender(getRequest(path, adminOnly), { anonymousEverywhere: true }), path).toBeNull();
    expect((await planRender(getRequest(path), { anonymousEverywhere: true }))?.variant, path).toBe("anonymous");
  }
  // A course page does not change for an admin session: the anonymous copy serves.
  expect((await planRender(getRequest("/courses/3", adminOnly), { anonymousEverywhere: true }))?.variant).toBe("anonymous");
  // The classroom's files and join links are never stored.
  expect(await planRender(getRequest("/learn/3/14/files/2", adminOnly), { anonymousEverywhere: true })).toBeNull();
});

test("an anonymous visitor's analytics choice picks the copy, and the copy is rendered with that choice and no other cookie", async () => {
  const variants = [];
  for (const cookie of [
    undefined,
    "visitor_id=abc; analytics_consent=granted",
    "analytics_consent=withdrawn; other=1",
    "analytics_consent=maybe",
  ]) {
    const plan = await planRender(getRequest("/courses", cookie), { anonymousEverywhere: false });
    const req = getRequest("/courses", cookie);
    plan?.render(req, {} as never, () => undefined);
    variants.push([plan?.variant, req.headers.cookie]);
  }
  expect(variants).toEqual([
    ["anonymous", undefined],
    ["anonymous analytics_consent=granted", "analytics_consent=granted"],
    ["anonymous analytics_consent=withdrawn", "analytics_consent=withdrawn"],
    ["anonymous", undefined],
  ]);
});

test("a signed-in student: their own copy of their pages, the classroom only while enrolled, the shared copy for their kind of viewer", async () => {
  const student = db.insert(users).values({ email: "plan@example.com", firstName: "Ravi" }).returning().get();
  const course = db
    .insert(courses)
    .values({ title: "Plan", shortDescription: "s", description: "d", duration: "4 weeks" })
    .returning()
    .get();
  const session = await studentSessions.getSession();
  session.set("userId", student.id);
  const cookie = (await studentSessions.commitSession(session)).split(";")[0]!;
  const plan = (path: string) => planRender(getRequest(path, cookie), { anonymousEverywhere: false });

  expect((await plan("/learn"))?.variant).toBe(`student ${student.id}`);
  expect(await plan(`/learn/${course.id}`)).toBeNull();
  expect((await plan("/courses"))?.variant).toBe("student admin=false named=true adult=false courses=false");
  expect((await plan("/events"))?.variant).toBe("student admin=false named=true adult=false courses=false");

  const order = db.insert(orders).values({ userId: student.id, courseId: course.id, paymentStatus: "completed" }).returning().get();
  const event = db
    .insert(events)
    .values({ title: "Plan Event", description: "d", eventDate: new Date(Date.now() + 86_400_000), eventType: "webinar" })
    .returning()
    .get();
  db.insert(eventRegistrations)
    .values({ eventId: event.id, userId: student.id, name: "Ravi", email: student.email, phone: "9876543210" })
    .run();
  expect((await plan(`/learn/${course.id}`))?.variant).toBe(`student ${student.id}`);
  expect((await plan("/courses"))?.variant).toBe("student admin=false named=true adult=false courses=true");
  expect((await plan("/events"))?.variant).toBe(`student ${student.id}`);

  // A refund closes the classroom at the next request; a deactivated account gets fresh renders only.
  db.update(orders).set({ paymentStatus: "refunded" }).where(eq(orders.id, order.id)).run();
  expect(await plan(`/learn/${course.id}`)).toBeNull();
  db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, student.id)).run();
  expect(await plan("/courses")).toBeNull();
});
