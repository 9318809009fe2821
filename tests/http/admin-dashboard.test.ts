import { insertEvent, addRegistration } from "../support/rows";
import { adminApiClient, createStudent, expect, test } from "./support/test";

// The dashboard opens on what the owner came for: today's and this week's
// orders and money, what waits for someone, and the next live sessions with
// their seats taken, each linking to where it is dealt with.

const markup = async (response: { text(): Promise<string> }) =>
  (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "").replaceAll("<!-- -->", "");

test("the dashboard shows today's orders, what waits, and the next event with its seats taken", async ({ request }) => {
  const event = insertEvent("dashboard", { startsIn: 60 * 60 * 1000, maxParticipants: 25 });
  addRegistration(event.id, await createStudent());
  await request.post("/contact", {
    form: { name: "Asha Rao", email: "asha.dash@example.com", subject: "Batches", message: "When is the next one?", consent: "on" },
    headers: { "x-forwarded-for": "198.51.100.91" },
  });
  const { client } = await adminApiClient("admin");
  const html = await markup(await client.get("/admin"));
  expect(html).toContain("Orders today");
  expect(html).toContain("Orders this week");
  expect(html).toMatch(/<a [^>]*href="\/admin\/inbox"[^>]*>Unread messages<\/a><span class="[^"]*text-red-800">[1-9]\d*<\/span>/);
  expect(html).toContain('href="/admin/outbox"');
  expect(html).toContain(`href="/admin/events/${event.id}/registrations">${event.title}</a>`);
  expect(html).toContain("1 of 25 seats taken");
  // The Dashboard still holds the all-time figures below.
  expect(html.indexOf("Orders today")).toBeLessThan(html.indexOf("Total Revenue"));
});

test("a content manager is sent to their first tab, and a visitor to sign in", async ({ request }) => {
  const { client } = await adminApiClient("content_manager");
  expect((await client.get("/admin", { maxRedirects: 0 })).headers()["location"]).toBe("/admin/courses");
  expect((await request.get("/admin", { maxRedirects: 0 })).headers()["location"]).toMatch(/^\/admin\/login/);
});
