import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { seedDemoContent } from "../../../db/seed";
import { courses, eventRegistrations, events } from "../../../db/schema";
import { CHAT_QUICK_QUESTIONS } from "~/content/chat";
import { CHAT_FAQ, CONTACT_FAQ } from "~/content/faq";
import { refundPolicySummary } from "~/services/legal-pages.server";
import { DEFAULT_INSTITUTE } from "~/utils/institute";
import { listActiveCourses, type Course } from "~/models/courses/course.server";
import { countRegistrations, listActiveEvents, type SiteEvent } from "~/models/events/event.server";
import { formatEventWhen } from "~/utils/dates";
import { db } from "~/utils/db.server";
import { formatPrice } from "~/utils/money";
import { answerQuestion, chatSuggestions, createChatRateLimiter } from "./chat.server";
import { CAPITAL_ANSWER } from "./topics";

// 2026-03-10 11:30 IST. The demo events are seeded around this moment: two in
// the past, a free webinar in 2 days, a workshop in 5, more later, one inactive.
const NOW = new Date("2026-03-10T06:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

beforeAll(() => {
  seedDemoContent(db, NOW);
  // Some seats taken, so "seats left" is not just the seat limit.
  const smcWebinar = upcoming().find((event) => event.eventType === "webinar" && event.maxParticipants !== null);
  if (!smcWebinar) throw new Error("the seed has no limited webinar");
  db.insert(eventRegistrations)
    .values(
      Array.from({ length: 7 }, (_, i) => ({
        eventId: smcWebinar.id,
        name: `Visitor ${i}`,
        email: `v${i}@example.com`,
        phone: "9876543210",
      })),
    )
    .run();
});

const ask = (question: string, now = NOW) => answerQuestion(question, now, { llm: null });

// ---- Facts read from the database at test time ----

function activeCourses(): Course[] {
  return listActiveCourses();
}
function course(pattern: RegExp): Course {
  const found = activeCourses().find((row) => pattern.test(row.title));
  if (!found) throw new Error(`no active course matching ${pattern}`);
  return found;
}
function upcoming(now = NOW): SiteEvent[] {
  return listActiveEvents({ time: "upcoming", now });
}
function nextEvent(type?: string, now = NOW, from = now): SiteEvent {
  const found = upcoming(now).find((event) => (!type || event.eventType === type) && event.eventDate >= from);
  if (!found) throw new Error(`no upcoming ${type ?? "event"}`);
  return found;
}
const price = (pattern: RegExp) => formatPrice(course(pattern).pricePaise);
const when = (event: SiteEvent) => formatEventWhen(event.eventDate);
const faq = (id: string) => [...CHAT_FAQ, ...CONTACT_FAQ].find((item) => item.id === id)?.answer ?? "missing";
const refundKeySentence = () => refundPolicySummary().split(". ")[0] ?? "";
const seatsLeft = (event: SiteEvent) => (event.maxParticipants ?? 0) - countRegistrations(event.id);
const beginnerCourse = () => activeCourses().find((row) => row.level === "beginner") as Course;
const byPrice = () => [...activeCourses()].sort((a, b) => a.pricePaise - b.pricePaise);

type Row = { question: string; facts: () => string[] };

// Real visitor questions (typos, Hinglish and all) and the facts each answer must contain.
const TABLE: Row[] = [
  { question: "what does the SMC course cost?", facts: () => [price(/SMC/)] },
  { question: "fees for currency trading", facts: () => [price(/Currency/)] },
  { question: "smc corse price", facts: () => [price(/SMC/)] },
  { question: "ICT course fees?", facts: () => [price(/SMC/)] },
  { question: "inner circle trader course kitna hai", facts: () => [price(/SMC/)] },
  { question: "fx course kitne ka hai", facts: () => [price(/Currency/)] },
  { question: "how much for personal mentorship", facts: () => [price(/Mentorship/)] },
  { question: "one on one coaching charges", facts: () => [price(/Mentorship/)] },
  { question: "cheapest course?", facts: () => [formatPrice(byPrice()[0]?.pricePaise ?? -1), byPrice()[0]?.title ?? "?"] },
  { question: "most expensive course", facts: () => [formatPrice(byPrice().at(-1)?.pricePaise ?? -1)] },
  { question: "How much do your courses cost?", facts: () => activeCourses().map((row) => formatPrice(row.pricePaise)) },
  { question: "Browse our courses", facts: () => activeCourses().map((row) => row.title) },
  { question: "is there a webinar this week?", facts: () => [nextEvent("webinar").title, when(nextEvent("webinar"))] },
  { question: "any webnar this week", facts: () => [when(nextEvent("webinar"))] },
  { question: "Is there an upcoming webinar?", facts: () => [nextEvent("webinar").title, when(nextEvent("webinar"))] },
  { question: "webinar kab hai", facts: () => [when(nextEvent("webinar"))] },
  { question: "next workshop date", facts: () => [nextEvent("workshop").title, when(nextEvent("workshop"))] },
  { question: "upcoming events", facts: () => [nextEvent().title, when(nextEvent())] },
  {
    question: "is the event free",
    facts: () => [nextEvent().title, nextEvent().pricePaise === 0 ? "Free" : formatPrice(nextEvent().pricePaise)],
  },
  {
    question: "how many seats left",
    facts: () => {
      const limited = upcoming().find((event) => event.maxParticipants !== null) as SiteEvent;
      return [limited.title, `${seatsLeft(limited)} seats left`];
    },
  },
  {
    question: "when is the Pune workshop",
    facts: () => {
      const pune = upcoming().find((event) => /Pune/.test(event.title)) as SiteEvent;
      return [when(pune), formatPrice(pune.pricePaise)];
    },
  },
  {
    question: "is there a free webinar",
    facts: () => {
      const free = upcoming().find((event) => event.eventType === "webinar" && event.pricePaise === 0) as SiteEvent;
      return [free.title, when(free), "Free"];
    },
  },
  {
    question: "is SMC course good for beginners",
    facts: () => [`${course(/SMC/).title} is an ${course(/SMC/).level} course`, beginnerCourse().title],
  },
  { question: "live trading session timing", facts: () => [course(/Live Classes/).title] },
  { question: "live class timing", facts: () => [course(/Live Classes/).title] },
  { question: "refund?", facts: () => [refundKeySentence()] },
  { question: "paisa wapas milega kya", facts: () => [refundKeySentence()] },
  { question: "can i cancel and get my money back", facts: () => [refundKeySentence()] },
  { question: "what are your timings", facts: () => [DEFAULT_INSTITUTE.hours] },
  { question: "office timimgs?", facts: () => [DEFAULT_INSTITUTE.hours] },
  { question: "When is support available?", facts: () => [DEFAULT_INSTITUTE.hours] },
  { question: "whatsapp number", facts: () => [`https://wa.me/${DEFAULT_INSTITUTE.whatsappNumber}`] },
  { question: "what is your email id", facts: () => [DEFAULT_INSTITUTE.email] },
  { question: "phone number to call", facts: () => [DEFAULT_INSTITUTE.phone1] },
  {
    question: "do you have a telegram group",
    facts: () => [DEFAULT_INSTITUTE.telegramUrl ?? ""],
  },
  { question: "Contact us via WhatsApp", facts: () => [`https://wa.me/${DEFAULT_INSTITUTE.whatsappNumber}`, DEFAULT_INSTITUTE.hours] },
  { question: "do you give certificate", facts: () => [faq("certificates")] },
  { question: "are you NSE certified", facts: () => [faq("certified")] },
  {
    question: "I am a beginner which course",
    facts: () => [beginnerCourse().title, formatPrice(beginnerCourse().pricePaise)],
  },
  { question: "Which course should a beginner start with?", facts: () => [beginnerCourse().title] },
  { question: "im new to forex where do i start", facts: () => [course(/Currency/).title] },
  { question: "How much capital do I need to start trading?", facts: () => [CAPITAL_ANSWER, beginnerCourse().title] },
  { question: "What is Smart Money Concepts (SMC)?", facts: () => ["Smart Money Concepts", `/courses/${course(/SMC/).id}`] },
  { question: "What is an order block?", facts: () => ["order block", `/courses/${course(/SMC/).id}`] },
  { question: "what is fvg", facts: () => ["fair value gap"] },
  { question: "How do the live classes work?", facts: () => [course(/Live Classes/).title, price(/Live Classes/)] },
  { question: "What does SMC & ICT Courses cover?", facts: () => course(/SMC/).features.slice(0, 3) },
  { question: "currency trading syllabus", facts: () => [course(/Currency/).features[0] ?? "?"] },
  { question: "do you offer one on one mentoring", facts: () => [faq("mentoring")] },
  { question: "how to enroll", facts: () => [faq("enrolling")] },
  { question: "How do I register for an event?", facts: () => ["/events"] },
  { question: "View our FAQ section", facts: () => CHAT_FAQ.map((item) => item.question) },
];

/** Every ₹ amount an answer may quote: active course prices, upcoming event fees, and the site's ₹5,000 starting capital. */
function knownAmounts(now = NOW): Set<string> {
  const amounts = new Set(["₹5,000"]);
  for (const row of activeCourses()) {
    amounts.add(formatPrice(row.pricePaise));
    if (row.originalPricePaise !== null) amounts.add(formatPrice(row.originalPricePaise));
  }
  for (const event of upcoming(now)) amounts.add(formatPrice(event.pricePaise));
  return amounts;
}

describe("answerQuestion: a table of visitor questions, checked against the database", () => {
  test("has at least 30 questions", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(30);
  });

  test.each(TABLE)("$question", async ({ question, facts }) => {
    const { answer, suggestions } = await ask(question);
    for (const fact of facts()) expect(answer, `answer to "${question}"`).toContain(fact);
    // Never an invented price or date: each one is a row's, as of now.
    for (const amount of answer.match(/₹\d{1,3}(,\d{2,3})*(\.\d\d)?/g) ?? []) expect(knownAmounts()).toContain(amount);
    const dates = new Set(upcoming().map(when));
    for (const date of answer.match(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [ap]m IST/g) ?? []) expect(dates).toContain(date);
    // Short plain text with 2–3 follow-ups, none repeating the question.
    expect(answer).not.toMatch(/<[a-z/][^>]*>/i);
    expect(answer.length).toBeLessThan(900);
    expect(suggestions.length).toBeGreaterThanOrEqual(2);
    expect(suggestions.length).toBeLessThanOrEqual(3);
    expect(suggestions.map((s) => s.toLowerCase())).not.toContain(question.toLowerCase());
    expect(answer).not.toMatch(/I don't have an answer/);
  });
});

describe("answerQuestion: what it never says", () => {
  test("a question it cannot answer gets the fallback: WhatsApp with the hours, and the FAQ", async () => {
    for (const question of ["who won the cricket match yesterday", "what is the weather in paris", "asdfgh qwerty"]) {
      const { answer, suggestions } = await ask(question);
      expect(answer).toContain("I don't have an answer to that");
      expect(answer).toContain("WhatsApp");
      expect(answer).toContain(DEFAULT_INSTITUTE.hours);
      expect(answer).toContain("FAQ");
      expect(answer).not.toMatch(/₹/);
      expect(suggestions).toEqual(expect.arrayContaining(["View our FAQ section", "Contact us via WhatsApp"]));
    }
  });

  test("'price action' is a way of trading, not a question about fees", async () => {
    expect((await ask("what is price action")).answer).not.toContain("₹");
  });

  test("a greeting or a thank-you gets a friendly line, not the fallback", async () => {
    const hello = await ask("hello");
    expect(hello.answer).toMatch(/^Hello! Ask me about our courses/);
    expect(hello.suggestions).toEqual(CHAT_QUICK_QUESTIONS.slice(0, 3));
    const thanks = await ask("thank you so much");
    expect(thanks.answer).toContain("You're welcome!");
    expect(thanks.answer).toContain(DEFAULT_INSTITUTE.hours);
  });

  test("a changed price shows in the very next answer (nothing cached)", async () => {
    const smc = course(/SMC/);
    const before = await ask("what does the SMC course cost?");
    expect(before.answer).toContain(formatPrice(smc.pricePaise));
    const newPrice = smc.pricePaise + 12_300;
    db.update(courses).set({ pricePaise: newPrice }).where(eq(courses.id, smc.id)).run();
    try {
      const after = await ask("what does the SMC course cost?");
      expect(after.answer).toContain(formatPrice(newPrice));
      expect(after.answer).not.toContain(formatPrice(smc.pricePaise));
      expect((await ask("How much do your courses cost?")).answer).toContain(formatPrice(newPrice));
    } finally {
      db.update(courses).set({ pricePaise: smc.pricePaise }).where(eq(courses.id, smc.id)).run();
    }
  });

  test("an inactive course is never offered", async () => {
    const retired = db.select().from(courses).where(eq(courses.isActive, false)).get();
    if (!retired) throw new Error("the seed has no inactive course");
    for (const question of [
      "crypto basics course price",
      "Browse our courses",
      "How much do your courses cost?",
      "I am a beginner which course",
    ]) {
      const { answer } = await ask(question);
      expect(answer).not.toContain(retired.title);
      expect(answer).not.toContain(`/courses/${retired.id}`);
    }
    // Deactivated now: gone from the next answer.
    const smc = course(/SMC/);
    db.update(courses).set({ isActive: false }).where(eq(courses.id, smc.id)).run();
    try {
      for (const question of ["what does the SMC course cost?", "What is an order block?", "Browse our courses"]) {
        const { answer } = await ask(question);
        expect(answer).not.toContain(smc.title);
        expect(answer).not.toContain(`/courses/${smc.id}`);
      }
    } finally {
      db.update(courses).set({ isActive: true }).where(eq(courses.id, smc.id)).run();
    }
  });

  test("past and inactive events are never offered", async () => {
    const all = db.select().from(events).all();
    const past = all.filter((event) => event.eventDate < NOW);
    const inactive = all.filter((event) => !event.isActive);
    expect(past.length).toBeGreaterThan(0);
    expect(inactive.length).toBeGreaterThan(0);
    const questions = [
      "upcoming events",
      "next workshop date",
      "is the event free",
      "Mumbai price action workshop date",
      "forex market outlook webinar",
      "delhi weekend workshop",
    ];
    for (const question of questions) {
      const { answer } = await ask(question);
      for (const event of [...past, ...inactive]) {
        expect(answer, question).not.toContain(event.title);
        expect(answer, question).not.toContain(`/events/${event.id}/`);
      }
    }
  });

  test("no webinar this week: says so and names the next one from the database", async () => {
    // Three weeks on, the next event is more than 7 days away.
    const later = new Date(NOW.getTime() + 21 * DAY);
    const next = nextEvent("webinar", later);
    expect(next.eventDate.getTime() - later.getTime()).toBeGreaterThan(7 * DAY);
    const { answer } = await ask("is there a webinar this week?", later);
    expect(answer).toContain("no webinar this week");
    expect(answer).toContain(next.title);
    expect(answer).toContain(when(next));
  });

  test("no upcoming event at all: says so, invents none", async () => {
    const farFuture = new Date(NOW.getTime() + 400 * DAY);
    const { answer } = await ask("Is there an upcoming webinar?", farFuture);
    expect(answer).toContain("There is no upcoming webinar scheduled");
    expect(answer).not.toMatch(/IST|₹/);
  });

  test("a full event says it is fully booked", async () => {
    const pune = upcoming().find((event) => /Pune/.test(event.title)) as SiteEvent;
    db.update(events)
      .set({ maxParticipants: countRegistrations(pune.id) })
      .where(eq(events.id, pune.id))
      .run();
    try {
      expect((await ask("when is the Pune workshop")).answer).toContain("fully booked");
    } finally {
      db.update(events).set({ maxParticipants: pune.maxParticipants }).where(eq(events.id, pune.id)).run();
    }
  });

  test("after a course price, suggests what it covers and the upcoming webinar", async () => {
    const smc = course(/SMC/);
    const { suggestions } = await ask("what does the SMC course cost?");
    expect(suggestions).toContain(`What does ${smc.title} cover?`);
    expect(suggestions).toContain("Is there an upcoming webinar?");
  });
});

describe("chatSuggestions", () => {
  test("are the chat's quick questions, and each has a real answer", async () => {
    expect(chatSuggestions()).toEqual(CHAT_QUICK_QUESTIONS);
    for (const question of chatSuggestions()) {
      const { answer } = await ask(question);
      expect(answer, question).not.toContain("I don't have an answer");
    }
  });
});

describe("createChatRateLimiter", () => {
  test("allows the limit per address per minute, then asks to wait", async () => {
    const check = createChatRateLimiter(3);
    for (let i = 0; i < 3; i++) expect(await check("203.0.113.7")).toEqual({ allowed: true });
    const refused = await check("203.0.113.7");
    expect(refused.allowed).toBe(false);
    if (refused.allowed) return;
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(refused.message).toBe(`You're asking questions too quickly. Please wait ${refused.retryAfterSeconds} seconds and try again.`);
    // Another address has its own allowance.
    expect(await check("203.0.113.8")).toEqual({ allowed: true });
  });
});
