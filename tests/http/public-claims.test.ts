import { CHAT_OFFERINGS, CHAT_QUICK_QUESTIONS, chatGreeting } from "../../app/content/chat";
import { CHAT_FAQ, CONTACT_FAQ } from "../../app/content/faq";
import { TOPICS } from "../../app/services/chat/topics";
import { pageProblems } from "../../app/utils/claims";
import { issueCertificate } from "../support/certificates";
import { describe, expect, type HttpClient, queryTestDatabase, studentClient, test } from "./support/test";

// The CI check of what the institute says in public: every public page and
// every answer the assistant gives to the questions it offers, read against the
// one list in app/utils/claims.ts (returns, association and awards, real-time
// teaching, prizes, crypto without ASCI's disclaimer). A failure names the page
// or question and the phrase.

/** The words a visitor reads: the markup without scripts, styles and tags. */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** The attribute texts a visitor also meets: alt texts, titles and the page's description. */
const attributeTexts = (html: string) =>
  [...html.matchAll(/\b(?:alt|title|aria-label|content)="([^"]*)"/g)].map((match) => match[1] ?? "").join(" ");

const PUBLIC_ROUTES = [
  "/",
  "/about",
  "/courses",
  "/events",
  "/blog",
  "/gallery",
  "/testimonials",
  "/contact",
  "/study-materials",
  "/terms",
  "/privacy",
  "/refund-policy",
  "/disclaimer",
  "/grievances",
  "/login",
  "/signup",
  "/forgot-password",
  "/enrollment-form",
  "/newsletter",
];

async function publicPages(request: HttpClient): Promise<string[]> {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "").pathname);
  const courses = queryTestDatabase<{ id: number }>("SELECT id FROM courses WHERE is_active = 1").map((row) => `/courses/${row.id}`);
  const posts = queryTestDatabase<{ slug: string }>("SELECT slug FROM blog_posts WHERE is_published = 1").map(
    (row) => `/blog/${encodeURIComponent(row.slug)}`,
  );
  const events = queryTestDatabase<{ id: number }>("SELECT id FROM events WHERE is_active = 1 AND event_date > ?", Date.now()).map(
    (row) => `/events/${row.id}/register`,
  );
  const { student } = await studentClient();
  const [course] = queryTestDatabase<{ id: number }>("SELECT id FROM courses WHERE is_active = 1 ORDER BY id LIMIT 1");
  const certificate = issueCertificate(student, course?.id ?? 1);
  return [...new Set([...PUBLIC_ROUTES, ...listed, ...courses, ...posts, ...events, `/certificates/${certificate.number}`])];
}

/** Every question the assistant offers: its quick questions, topics, FAQ, and the follow-ups its answers suggest. */
async function chatAnswers(request: HttpClient): Promise<Map<string, string>> {
  const queue = [
    ...CHAT_QUICK_QUESTIONS,
    ...TOPICS.map((topic) => topic.question),
    ...CHAT_FAQ.map((item) => item.question),
    ...CONTACT_FAQ.map((item) => item.question),
  ];
  const answers = new Map<string, string>();
  while (queue.length > 0 && answers.size < 120) {
    const question = queue.shift() ?? "";
    if (answers.has(question)) continue;
    // Each question from its own address, so the per-address rate limit never trips.
    const address = `198.18.${Math.floor(answers.size / 250)}.${(answers.size % 250) + 1}`;
    const response = await request.post("/api/chat/query", { data: { question }, headers: { "X-Forwarded-For": address } });
    expect(response.status(), question).toBe(200);
    const body = (await response.json()) as { data: { answer: string; suggestions: string[] } };
    answers.set(question, body.data.answer);
    queue.push(...body.data.suggestions);
  }
  return answers;
}

describe("what the institute says in public", () => {
  test("no public page makes a prohibited claim or mentions crypto without ASCI's disclaimer", async ({ request }) => {
    const pages = await publicPages(request);
    expect(pages.length).toBeGreaterThan(25);
    const problems: string[] = [];
    for (const path of pages) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      for (const problem of pageProblems(`${visibleText(html)} ${attributeTexts(html)}`)) {
        problems.push(`${path}: “${problem.text}” (${problem.why})`);
      }
    }
    expect(problems).toEqual([]);
  });

  test("no answer of the assistant to the questions it offers makes one", async ({ request }) => {
    const answers = await chatAnswers(request);
    expect(answers.size).toBeGreaterThan(15);
    const problems: string[] = [];
    const widget = [chatGreeting("Nifty School"), ...CHAT_OFFERINGS, ...CHAT_QUICK_QUESTIONS].join(" ");
    for (const problem of pageProblems(widget)) problems.push(`chat widget: “${problem.text}” (${problem.why})`);
    for (const [question, answer] of answers) {
      for (const problem of pageProblems(`${question} ${answer}`)) problems.push(`chat “${question}”: “${problem.text}” (${problem.why})`);
    }
    expect(problems).toEqual([]);
  });
});
