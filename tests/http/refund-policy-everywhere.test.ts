import { siteWithFakeStripe } from "./support/payment-fakes";
import { adminApiClient, describe, expect, makeCourse, makeEnrollmentForm, studentClient, test } from "./support/test";

// One refund policy: what an admin saves under Settings → Legal pages is what
// the checkout's note, the FAQ on /contact and /chat, and the chat assistant
// say of refunds on the next request. No page keeps a copy of its own.

// The checkout page needs a payment provider: the fake Stripe server on loopback.
await siteWithFakeStripe();

const NEW_POLICY = "Fees are refunded in full within 14 days of payment if no lesson was opened.";
const DEFAULT_START = "Course fees are non-refundable once access to the course material has been granted.";
const CANCELLED_BY_US =
  "If we cancel a batch or an event, we refund what you paid for it in full within 7 working days, to the card or account you paid from.";

const markupOf = async (response: { text(): Promise<string> }) => (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "");

describe("the refund policy from settings", () => {
  test("the checkout, both FAQs and the chat answer show the default, then the admin's change", async () => {
    const { client: student, student: account } = await studentClient();
    const course = makeCourse({ pricePaise: 250_000 });
    const form = makeEnrollmentForm(account.id, course.id);
    const checkout = `/checkout?courseId=${course.id}&form=${form}`;
    const { client: admin } = await adminApiClient("admin");
    const chatAnswer = async () => {
      const answer = await student.post("/api/chat/query", {
        data: { question: "refund?" },
        headers: { "X-Forwarded-For": "203.0.113.88" },
      });
      return ((await answer.json()) as { data: { answer: string } }).data.answer;
    };

    const page = await student.get(checkout);
    expect(page.status()).toBe(200);
    expect(await markupOf(page)).toContain(DEFAULT_START);
    expect(await markupOf(await student.get("/chat"))).toContain(DEFAULT_START);
    expect(await markupOf(await student.get("/contact"))).toContain(DEFAULT_START);

    const saved = await admin.post("/admin/settings", {
      form: {
        intent: "legal",
        terms: "## Using this site\nBe kind.",
        refundPolicy: `${NEW_POLICY}\n\nWrite to us with your order number.`,
      },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);

    for (const path of [checkout, "/chat", "/contact"]) {
      const markup = await markupOf(await student.get(path));
      expect(markup, path).toContain(NEW_POLICY);
      expect(markup, path).not.toContain(DEFAULT_START);
    }
    expect(await chatAnswer()).toBe(`Our refund policy: ${NEW_POLICY} ${CANCELLED_BY_US}`);
  });

  test("a batch or event the institute cancels is refunded in full: on /refund-policy, at checkout, in the FAQ and the chat, whatever the admin wrote", async () => {
    const { client: student, student: account } = await studentClient();
    const course = makeCourse({ pricePaise: 250_000 });
    const form = makeEnrollmentForm(account.id, course.id);
    const { client: admin } = await adminApiClient("admin");
    const saved = await admin.post("/admin/settings", {
      form: { intent: "legal", terms: "## Using this site\nBe kind.", refundPolicy: "Fees are never refunded." },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    for (const path of ["/refund-policy", `/checkout?courseId=${course.id}&form=${form}`, "/contact", "/chat"]) {
      const page = await student.get(path);
      expect(page.status(), path).toBe(200);
      expect(await markupOf(page), path).toContain(CANCELLED_BY_US);
    }
    const answer = await student.post("/api/chat/query", { data: { question: "refund?" }, headers: { "X-Forwarded-For": "203.0.113.89" } });
    expect(((await answer.json()) as { data: { answer: string } }).data.answer).toContain(CANCELLED_BY_US);
  });
});
