import { randomUUID } from "node:crypto";
import { describe, expect, type HttpResponse, queryTestDatabase, test } from "./support/test";

async function jsonOf(response: HttpResponse, status: number) {
  expect(response.status(), await response.text()).toBe(status);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  return response.json();
}

const message = () => ({
  name: "Priya Sharma",
  email: "priya@example.com",
  phone: "",
  subject: `API question ${randomUUID().slice(0, 8)}`,
  message: "Which course suits a beginner?",
  consent: true,
});

describe("POST /api/contact", () => {
  test("201 'Message Sent!' and an unread message stored; an empty phone is none", async ({ request }) => {
    const body = message();
    const { consent: _consent, ...stored } = body;
    const answer = await jsonOf(await request.post("/api/contact", { data: body }), 201);
    expect(answer).toEqual({
      message: "Message Sent!",
      description: "Thank you for your message. We'll get back to you within 24 hours.",
    });
    expect(
      queryTestDatabase("SELECT name, email, phone, subject, message, is_read FROM contact_messages WHERE subject = ?", body.subject),
    ).toEqual([{ ...stored, phone: null, is_read: 0 }]);
  });

  test("400 naming the missing fields, with the spec's required-fields message; nothing stored", async ({ request }) => {
    const subject = `   `;
    const answer = await jsonOf(
      await request.post("/api/contact", { data: { name: "Priya", email: "", phone: null, subject, message: null } }),
      400,
    );
    expect(answer.message).toBe("Please fill in all required fields. Name, email, subject, and message are required.");
    expect(answer.errors.email[0]).toBe("Email is required");
    expect(answer.errors.subject).toEqual(["Subject is required"]);
    expect(answer.errors.message).toEqual(["Message is required"]);
    expect(answer.errors.name).toBeUndefined();
    expect(answer.errors.phone).toBeUndefined();
    expect(queryTestDatabase("SELECT id FROM contact_messages WHERE name = 'Priya' AND email = ''")).toEqual([]);
  });

  test("400 for an invalid email, a bad phone and an over-long message; nothing stored", async ({ request }) => {
    const body = { ...message(), email: "priya@", phone: "12", message: "x".repeat(5001) };
    const answer = await jsonOf(await request.post("/api/contact", { data: body }), 400);
    expect(answer).toEqual({
      message: "Please check the highlighted fields.",
      errors: {
        email: ["Please enter a valid email address"],
        phone: ["Please enter a valid phone number"],
        message: ["Message must be at most 5000 characters"],
      },
    });
    expect(queryTestDatabase("SELECT id FROM contact_messages WHERE subject = ?", body.subject)).toEqual([]);
  });

  test("a body that is not JSON: 415 or 400 with a message", async ({ request }) => {
    const form = await jsonOf(await request.post("/api/contact", { form: message() }), 415);
    expect(form.message).toEqual(expect.any(String));
    const broken = await jsonOf(
      await request.post("/api/contact", { data: "{not json", headers: { "Content-Type": "application/json" } }),
      400,
    );
    expect(broken.message).toEqual(expect.any(String));
    const notAnObject = await jsonOf(await request.post("/api/contact", { data: [1, 2] }), 400);
    expect(notAnObject.errors.form).toEqual([expect.any(String)]);
  });

  test("GET and other methods: 405 with Allow: POST", async ({ request }) => {
    for (const response of [await request.get("/api/contact"), await request.put("/api/contact", { data: message() })]) {
      expect(response.status()).toBe(405);
      expect(response.headers().allow).toBe("POST");
    }
  });
});

describe("POST /api/newsletter", () => {
  test("202 'Check your inbox' for a new, a pending and a subscribed address alike; stored lower-cased as pending; 400 for a bad one", async ({
    request,
  }) => {
    const email = `Api.Reader.${randomUUID().slice(0, 8)}@Example.com`;
    const answer = { message: "Check your inbox", description: expect.stringContaining("link to confirm"), status: "confirmation-sent" };
    expect(await jsonOf(await request.post("/api/newsletter", { data: { email } }), 202)).toEqual(answer);
    expect(await jsonOf(await request.post("/api/newsletter", { data: { email: email.toUpperCase() } }), 202)).toEqual(answer);
    expect(queryTestDatabase("SELECT email, confirmed_at FROM newsletter_subscribers WHERE lower(email) = lower(?)", email)).toEqual([
      { email: email.toLowerCase(), confirmed_at: null },
    ]);
    queryTestDatabase("UPDATE newsletter_subscribers SET confirmed_at = 1 WHERE email = ? RETURNING id", email.toLowerCase());
    expect(await jsonOf(await request.post("/api/newsletter", { data: { email } }), 202)).toEqual(answer);

    const invalid = await jsonOf(await request.post("/api/newsletter", { data: { email: "reader@localhost" } }), 400);
    expect(invalid).toEqual({
      message: "Please enter a valid email address",
      errors: { email: ["Please enter a valid email address"] },
    });
    expect(queryTestDatabase("SELECT email FROM newsletter_subscribers WHERE email = 'reader@localhost'")).toEqual([]);
  });

  test("GET: 405 with Allow: POST", async ({ request }) => {
    const response = await request.get("/api/newsletter");
    expect(response.status()).toBe(405);
    expect(response.headers().allow).toBe("POST");
  });
});
