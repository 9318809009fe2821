import { DEFAULT_INSTITUTE } from "../../app/utils/institute";
import { describe, expect, makeCourse, test } from "./support/test";
import type { HttpClient } from "./support/client";

// What a visitor reads on the main pages: prices as whole rupees, "Free" rather than
// "₹0", counts with the right plural, and a 404 that helps them on.

/** The page's visible text: scripts (JSON-LD carries "4999.00" by contract), styles and tags removed. */
async function visibleText(client: HttpClient, path: string): Promise<string> {
  const response = await client.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\s+/g, " ");
}

describe("figures on the main pages", () => {
  test("never '₹0' and never paise in a rupee amount; a free course reads 'Free'", async ({ request, makeEvent }) => {
    const free = makeCourse({ pricePaise: 0, title: `Free Figures Course ${Date.now()}` });
    // ₹4,999.50 is shown as whole rupees, rounded half up.
    const odd = makeCourse({ pricePaise: 499_950, title: `Odd Paise Course ${Date.now()}` });
    makeEvent("Free figures", { pricePaise: 0 });

    for (const path of ["/", "/courses", `/courses/${free.id}`, `/courses/${odd.id}`, "/events", "/blog", "/contact"]) {
      const text = await visibleText(request, path);
      expect(text, path).not.toMatch(/₹\s?0(?![\d,])/);
      expect(text, path).not.toMatch(/₹[\d,]+\.\d{2}/);
      expect(text, path).not.toMatch(/\d\.00\b/);
    }
    expect(await visibleText(request, `/courses/${free.id}`)).toContain("Free");
    expect(await visibleText(request, `/courses/${odd.id}`)).toContain("₹5,000");
  });

  test("one match reads '1 course found', more read 'courses'", async ({ request }) => {
    const course = makeCourse({ pricePaise: 99_900, title: `Singular Plural Check ${Date.now()}` });
    expect(await visibleText(request, `/courses?q=${encodeURIComponent(course.title)}`)).toContain(" 1 course found ");
    expect(await visibleText(request, "/courses")).toMatch(/ \d+ courses found /);
  });
});

describe("the 404 page", () => {
  test("answers 404 with a proper title, a course search and the popular sections", async ({ request }) => {
    const response = await request.get("/no-such-page-here");
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain(`<title>Page not found | ${DEFAULT_INSTITUTE.name}</title>`);
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/courses"/);
    expect(html).toMatch(/<input[^>]*name="q"/);
    for (const path of ["/courses", "/events", "/blog", "/contact"]) expect(html).toContain(`href="${path}"`);
  });
});
