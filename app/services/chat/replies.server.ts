// The building blocks of the assistant's answers: the draft shape, the
// follow-up questions it suggests, the fallback, and one-line renderings of a
// course or an event. Plain text only: the widget shows text, not HTML.
import { readSettings } from "~/models/site/site-settings.server";
import type { CourseFact, EventFact } from "./knowledge.server";
import { whatsappDisplayNumber } from "./knowledge.server";
import { GENERIC, containsPhrase, normalise, words } from "./text";

export type Draft = {
  answer: string;
  suggestions: string[];
  /** The facts the answer rests on, one per line (what an LLM may rephrase); empty for the fallback. */
  facts: string[];
};

const FALLBACK_SUGGESTIONS = ["View our FAQ section", "Contact us via WhatsApp", "Browse our courses"];
export const UPCOMING_QUESTION = "Is there an upcoming webinar?";
export const BEGINNER_QUESTION = "Which course should a beginner start with?";
export const PRICES_QUESTION = "How much do your courses cost?";
export const REFUND_QUESTION = "Can I get a refund?";
export const REGISTER_QUESTION = "How do I register for an event?";
export const coverQuestion = (course: CourseFact) => `What does ${course.title} cover?`;
export const priceQuestion = (course: CourseFact) => `How much is ${course.title}?`;

export function fallbackAnswer(): Draft {
  return {
    answer:
      `I'm sorry, I don't have an answer to that. Our team can help on WhatsApp at ${whatsappDisplayNumber()} ` +
      `(${readSettings("institute").hours}), and our FAQ covers prices, certificates, support hours and refunds.`,
    suggestions: FALLBACK_SUGGESTIONS,
    facts: [],
  };
}

// ---- Lines ----

export function coursePrice(course: CourseFact): string {
  return course.originalPrice ? `${course.price}, down from ${course.originalPrice}` : course.price;
}

export const article = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);

/** "SMC & ICT Courses: ₹4,499 (was ₹7,999), advanced, 8 weeks. Details: /courses/3" */
export function courseLine(course: CourseFact): string {
  const price = course.originalPrice ? `${course.price} (was ${course.originalPrice})` : course.price;
  return `${course.title}: ${price}, ${course.level}, ${course.duration}. Details: ${course.link}`;
}

export function eventSeats(event: EventFact): string {
  if (event.seatsLeft === null) return "";
  if (event.seatsLeft === 0) return ", fully booked";
  return `, ${event.seatsLeft} ${event.seatsLeft === 1 ? "seat" : "seats"} left`;
}

/** "Free Webinar: ... — webinar, Dec 5, 2026, 7:00 pm IST, Free, 480 seats left. Register: /events/3/register" */
export function eventLine(event: EventFact): string {
  return `${event.title} — ${event.eventType}, ${event.when}, ${event.fee}${eventSeats(event)}. Register: ${event.link}`;
}

export function list(lines: string[]): string {
  return lines.map((line) => `• ${line}`).join("\n");
}

export function uniqueSuggestions(question: string, suggestions: string[]): string[] {
  const asked = normalise(question);
  return [...new Set(suggestions)].filter((suggestion) => normalise(suggestion) !== asked).slice(0, 3);
}

// ---- Matching words ----

export const hasAny = (question: string, phrases: readonly string[]) => phrases.some((phrase) => containsPhrase(question, phrase));

/** The question without the given phrases (longest first) and without generic words. */
export function without(question: string, phrases: readonly string[]): string {
  let rest = ` ${question} `;
  for (const phrase of [...phrases].sort((a, b) => b.length - a.length)) rest = rest.replaceAll(` ${phrase} `, " ");
  return words(rest)
    .filter((word) => !GENERIC.has(word))
    .join(" ");
}
