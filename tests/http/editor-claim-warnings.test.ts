import { CRYPTO_DISCLAIMER, CRYPTO_WARNING } from "../../app/utils/claims";
import { adminApiClient, describe, expect, queryTestDatabase, test, type HttpResponse } from "./support/test";

// The content editors warn, and never refuse, when a save holds a claim of
// returns or performance: the text is stored and the next page's toast names
// the phrase. Each editor also reminds its author of SEBI's 30-day price rule.

const REMINDER = "Do not use market prices from the last 30 days (SEBI, 8 May 2026); date every chart.";
const WARNING = "This reads as a claim of returns or performance, which SEBI forbids: “guaranteed returns”. Please reword it.";

const visibleText = async (response: HttpResponse) =>
  (await response.text())
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'");

const course = (title: string, description: string) => ({
  title,
  shortDescription: "Reading price charts, step by step.",
  description,
  duration: "6 weeks",
  level: "beginner",
  price: "4999",
  isActive: "on",
});

describe("the course editor", () => {
  test("a description with “guaranteed returns” is saved, and the next page warns with the phrase", async () => {
    const { client } = await adminApiClient("admin");
    const form = await visibleText(await client.get("/admin/courses/new"));
    expect(form).toContain(REMINDER);

    const title = `Chart basics ${Date.now()}`;
    const answer = await client.post("/admin/courses/new", {
      multipart: course(title, "Learn to read candles. Our students get guaranteed returns every month."),
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
    expect(queryTestDatabase("SELECT description FROM courses WHERE title = ?", title)).toEqual([
      { description: "Learn to read candles. Our students get guaranteed returns every month." },
    ]);
    const next = await visibleText(await client.get(answer.headers().location ?? "/admin/courses"));
    expect(next).toContain("Course created");
    expect(next).toContain(WARNING);
  });

  test("plain teaching and a denial save with the usual toast and no warning", async () => {
    const { client } = await adminApiClient("admin");
    const title = `Risk basics ${Date.now()}`;
    const answer = await client.post("/admin/courses/new", {
      multipart: course(title, "Position sizing and stop losses. We make no guaranteed returns promise: trading carries risk."),
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
    const next = await visibleText(await client.get(answer.headers().location ?? "/admin/courses"));
    expect(next).toContain("Course created");
    expect(next).not.toContain("which SEBI forbids");
  });

  test("a course that mentions crypto without ASCI's disclaimer is saved with a warning quoting the disclaimer; with it, none", async () => {
    const { client } = await adminApiClient("admin");
    const save = async (description: string) => {
      const answer = await client.post("/admin/courses/new", {
        multipart: course(`Crypto wallets ${Date.now()} ${description.length}`, description),
        maxRedirects: 0,
      });
      expect(answer.status()).toBe(302);
      return visibleText(await client.get(answer.headers().location ?? "/admin/courses"));
    };
    expect(await save("How crypto wallets and exchanges work.")).toContain(CRYPTO_WARNING);
    expect(await save(`How crypto wallets and exchanges work. ${CRYPTO_DISCLAIMER}`)).not.toContain("ASCI requires");
  });
});

describe("the blog and testimonial editors", () => {
  test("show the reminder, and a saved claim comes back as a warning naming it", async () => {
    const { client } = await adminApiClient("admin");
    expect(await visibleText(await client.get("/admin/blog/new"))).toContain(REMINDER);
    expect(await visibleText(await client.get("/admin/testimonials/new"))).toContain(REMINDER);

    const saved = await client.post("/admin/testimonials/new", {
      form: { name: "Meera", content: "The mentors promised guaranteed returns and a 90% success rate.", rating: "5" },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    const next = await visibleText(await client.get(saved.headers().location ?? "/admin/testimonials"));
    expect(next).toContain("Testimonial added");
    expect(next).toContain("which SEBI forbids: “90% success”, “success rate”, “guaranteed returns”");
  });
});
