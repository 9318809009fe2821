import { setInvoicing } from "../support/invoicing";
import { siteWithFakeStripe } from "./support/payment-fakes";
import { describe, expect, makeCourse, makeEnrollmentForm, queryTestDatabase, studentClient, test } from "./support/test";

// Prices as shown: a paid event's price on /events and its registration page,
// and "incl. GST" beside course and event prices and the checkout's total once
// the institute is GST-registered (a GSTIN in the Invoicing settings).

// The checkout page needs a payment provider: the fake Stripe server on loopback.
await siteWithFakeStripe();

type SeededEvent = { id: number; title: string; price_paise: number; max_participants: number | null };

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString("en-IN")}`;
const markupOf = async (response: { status(): number; text(): Promise<string> }) => {
  expect(response.status()).toBe(200);
  return (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "").replace(/<!-- -->/g, "");
};
/** An event's card on /events: from its title to its button. */
const cardOf = (list: string, title: string) => {
  const start = list.indexOf(`>${title}</`);
  expect(start, title).toBeGreaterThan(-1);
  return list.slice(start, list.indexOf("Register Now", start));
};

describe("prices as shown", () => {
  test("a paid event shows its price; with a GSTIN, course, event and checkout prices say incl. GST", async () => {
    const [event] = queryTestDatabase<SeededEvent>(
      "SELECT id, title, price_paise, max_participants FROM events WHERE is_active = 1 AND price_paise > 0 AND max_participants IS NOT NULL AND event_date > ? ORDER BY event_date LIMIT 1",
      Date.now(),
    );
    if (!event) throw new Error("The seed has an upcoming paid event with limited seats");
    const { client, student } = await studentClient();
    const course = makeCourse({ pricePaise: 499_900 });
    const checkout = `/checkout?courseId=${course.id}&form=${makeEnrollmentForm(student.id, course.id)}`;
    const price = rupees(event.price_paise);

    const card = cardOf(await markupOf(await client.get("/events")), event.title);
    expect(card).toContain(`${price} · ${event.max_participants} seats`);
    expect(await markupOf(await client.get(`/events/${event.id}/register`))).toContain(` · ${price}</p>`);
    for (const path of ["/events", `/events/${event.id}/register`, `/courses/${course.id}`, checkout])
      expect(await markupOf(await client.get(path)), path).not.toContain("incl. GST");

    setInvoicing();
    expect(cardOf(await markupOf(await client.get("/events")), event.title)).toContain(
      `${price} incl. GST · ${event.max_participants} seats`,
    );
    expect(await markupOf(await client.get(`/events/${event.id}/register`))).toContain(` · ${price} incl. GST</p>`);
    expect(await markupOf(await client.get(`/courses/${course.id}`))).toMatch(/₹4,999<\/span><span[^>]*>incl\. GST<\/span>/);
    expect(await markupOf(await client.get(checkout))).toContain("₹4,999 incl. GST");
  });
});
