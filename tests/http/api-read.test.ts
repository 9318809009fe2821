import type { HttpResponse as APIResponse } from "./support/client";
import { describe, expect, test } from "./support/test";

// Rows the seed hides from the public (db/seed.ts): they must never appear in a read.
const HIDDEN = {
  course: "Crypto Basics (retired)",
  event: "Cancelled: Delhi Weekend Workshop",
  testimonial: "PENDING REVIEW",
  postSlug: "draft-options-greeks-for-currency-traders",
};

const PRICE = /^\d+\.\d{2}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function jsonOf(response: APIResponse, status = 200) {
  expect(response.status(), response.url()).toBe(status);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  return response.json();
}

function expectNoCaching(response: APIResponse) {
  expect(response.headers()["cache-control"]).toBe("no-cache");
}

describe("read API", () => {
  test("GET /api/courses: active courses, the earlier app's shape, level order", async ({ request }) => {
    const response = await request.get("/api/courses");
    const courses = await jsonOf(response);
    expectNoCaching(response);
    expect(Array.isArray(courses)).toBe(true);
    expect(courses.length).toBeGreaterThan(0);
    for (const course of courses) {
      expect(course).toEqual({
        id: expect.any(Number),
        title: expect.any(String),
        shortDescription: expect.any(String),
        description: expect.any(String),
        level: expect.stringMatching(/^(beginner|intermediate|advanced)$/),
        price: expect.stringMatching(PRICE),
        originalPrice: course.originalPrice === null ? null : expect.stringMatching(PRICE),
        duration: expect.any(String),
        imageUrl: course.imageUrl === null ? null : expect.any(String),
        coverPhotoUrl: course.coverPhotoUrl === null ? null : expect.any(String),
        brochurePdfUrl: course.brochurePdfUrl === null ? null : expect.any(String),
        features: expect.any(Array),
        syllabus: course.syllabus === null ? null : expect.any(String),
        isActive: true,
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
      });
    }
    expect(courses.map((c: { title: string }) => c.title)).not.toContain(HIDDEN.course);
    const rank: Record<string, number> = { beginner: 0, intermediate: 1, advanced: 2 };
    const ranks = courses.map((c: { level: string }) => rank[c.level]);
    expect(ranks).toEqual([...ranks].sort());
  });

  test("GET /api/courses/:id: one active course, else a 404 JSON message", async ({ request }) => {
    const courses: { id: number }[] = await jsonOf(await request.get("/api/courses"));
    for (const course of courses) {
      const response = await request.get(`/api/courses/${course.id}`);
      expect(await jsonOf(response)).toEqual(course);
      expectNoCaching(response);
    }
    const ids = new Set(courses.map((c) => c.id));
    const hiddenIds = Array.from({ length: Math.max(...ids) + 1 }, (_, i) => i + 1).filter((id) => !ids.has(id));
    expect(hiddenIds.length).toBeGreaterThan(0);
    for (const id of ["99999", "abc", "1.5", "-1", "0", "1e3", "99999999999999999999", "%20", ...hiddenIds.map(String)]) {
      const body = await jsonOf(await request.get(`/api/courses/${id}`), 404);
      expect(body, id).toEqual({ message: "Course not found" });
    }
  });

  test("GET /api/events: active events, past ones too, date ascending", async ({ request }) => {
    const response = await request.get("/api/events");
    const events = await jsonOf(response);
    expectNoCaching(response);
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event).toEqual({
        id: expect.any(Number),
        title: expect.any(String),
        description: expect.any(String),
        eventType: expect.any(String),
        eventDate: expect.stringMatching(ISO),
        duration: expect.any(Number),
        maxParticipants: event.maxParticipants === null ? null : expect.any(Number),
        price: expect.stringMatching(PRICE),
        registrationUrl: event.registrationUrl === null ? null : expect.any(String),
        bannerUrl: event.bannerUrl === null ? null : expect.stringMatching(/^\/(uploads|images)\//),
        isActive: true,
        createdAt: expect.stringMatching(ISO),
      });
    }
    const times = events.map((e: { eventDate: string }) => Date.parse(e.eventDate));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.some((t: number) => t < Date.now())).toBe(true);
    expect(events.map((e: { title: string }) => e.title)).not.toContain(HIDDEN.event);
  });

  test("GET /api/mentors: active mentors in display order", async ({ request }) => {
    const response = await request.get("/api/mentors");
    const mentors = await jsonOf(response);
    expectNoCaching(response);
    expect(mentors.length).toBeGreaterThan(0);
    for (const mentor of mentors) {
      expect(mentor).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        title: expect.any(String),
        bio: expect.any(String),
        imageUrl: mentor.imageUrl === null ? null : expect.any(String),
        experience: mentor.experience === null ? null : expect.any(String),
        specialization: expect.any(Array),
        socialLinks: expect.any(Object),
        isActive: true,
        displayOrder: expect.any(Number),
      });
    }
    const order = mentors.map((m: { displayOrder: number }) => m.displayOrder);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  test("GET /api/testimonials: approved ones the author agreed to publish, with their name and city and nothing else of the record", async ({
    request,
  }) => {
    const response = await request.get("/api/testimonials");
    const testimonials = await jsonOf(response);
    expectNoCaching(response);
    expect(testimonials.length).toBeGreaterThan(0);
    for (const testimonial of testimonials) {
      expect(testimonial).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        city: expect.any(String),
        rating: expect.any(Number),
        content: expect.any(String),
        profession: testimonial.profession === null ? null : expect.any(String),
        createdAt: expect.stringMatching(ISO),
      });
      expect(testimonial.rating).toBeGreaterThanOrEqual(1);
      expect(testimonial.rating).toBeLessThanOrEqual(5);
      expect(testimonial.content).not.toContain(HIDDEN.testimonial);
    }
  });

  test("hidden rows never appear in any read", async ({ request }) => {
    const bodies = await Promise.all(
      ["/api/courses", "/api/events", "/api/mentors", "/api/testimonials", "/api/blog"].map(async (path) =>
        (await request.get(path)).text(),
      ),
    );
    for (const body of bodies) {
      for (const hidden of Object.values(HIDDEN)) expect(body).not.toContain(hidden);
    }
  });
});
