// Answers about events: the upcoming ones in a window ("this week" in India
// time, as the Events page counts it), of a type, with seats left, or the one
// event a question names. Dates and fees come from the rows read for this question.
import { listUpcomingEventsForChat } from "~/models/events/event.server";
import { toEventFact, whatsappDisplayNumber, type EventFact, type Knowledge } from "./knowledge.server";
import {
  BEGINNER_QUESTION,
  PRICES_QUESTION,
  REGISTER_QUESTION,
  article,
  eventLine,
  eventSeats,
  hasAny,
  list,
  without,
  type Draft,
} from "./replies.server";
import { isAnswer, type ChatIndex } from "./retrieval.server";
import { SYNONYMS, containsPhrase, mentions } from "./text";

const EVENT_TYPE_WORDS: Record<string, string[]> = {
  webinar: ["webinar", "webinars", "online session"],
  workshop: ["workshop", "workshops", "bootcamp", "seminar", "seminars"],
  competition: ["competition", "challenge", "contest"],
};
const SEAT_WORDS = ["seat", "seats", "spots", "places", "slots", "full", "sold out"];
const TIME_WORDS = ["upcoming", "next", "this week", "when", "kab", "schedule", "date", "dates", "soon", "today", "tomorrow", "weekend"];
const EVENT_QUERY_WORDS = [
  ...SYNONYMS.event.phrases,
  ...SYNONYMS.price.phrases,
  ...SEAT_WORDS,
  ...TIME_WORDS,
  "free",
  "left",
  "register",
  "online",
  "live",
];
const COURSE_SESSION_PHRASES = [
  "live class",
  "live classes",
  "live trading session",
  "live trading sessions",
  "live session",
  "live sessions",
  "trading session",
  "trading sessions",
];

export function wantsEvents(question: string): boolean {
  if (hasAny(question, SEAT_WORDS) || containsPhrase(question, "upcoming")) return true;
  if (!mentions(question, "event")) return false;
  // "How do the live classes work?" is about the course of that name.
  const onlySessions = !SYNONYMS.event.phrases.some(
    (phrase) => !["session", "sessions"].includes(phrase) && containsPhrase(question, phrase),
  );
  if (onlySessions && hasAny(question, COURSE_SESSION_PHRASES) && !hasAny(question, TIME_WORDS)) return false;
  // "How do I register for an event?" is a how-to.
  if (containsPhrase(question, "how") && hasAny(question, ["register", "registration", "book", "join"])) return false;
  return true;
}

export function eventsAnswer(question: string, knowledge: Knowledge, index: ChatIndex): Draft {
  const suggestions = ["How many seats are left?", REGISTER_QUESTION, PRICES_QUESTION];
  // A question naming one event ("when is the Pune workshop?") gets that event.
  const named = index.search(without(question, EVENT_QUERY_WORDS), { kinds: ["event"], fields: ["title"] }).find(isAnswer);
  if (named?.doc.kind === "event" && !containsPhrase(question, "this week")) {
    return eventDetailAnswer(named.doc.event, suggestions);
  }

  const type = Object.entries(EVENT_TYPE_WORDS).find(([, phrases]) => hasAny(question, phrases))?.[0];
  // "Any free webinars?" wants free ones only; "is the event free?" wants each one's fee.
  const onlyFree = /\bfree (event|webinar|workshop|session|seminar|class|bootcamp|masterclass)/.test(question);
  const ofType = (events: EventFact[]) =>
    events.filter((event) => (!type || event.eventType === type) && (!onlyFree || event.pricePaise === 0));
  const kind = `${onlyFree ? "free " : ""}${type ?? "event"}`;
  const upcoming = ofType(knowledge.events);
  if (upcoming.length === 0)
    return {
      answer: `There is no upcoming ${kind} scheduled right now. New dates are announced on our Events page (/events) and on WhatsApp at ${whatsappDisplayNumber()}.`,
      suggestions: [PRICES_QUESTION, BEGINNER_QUESTION, "Contact us via WhatsApp"],
      facts: [`No upcoming ${kind} is scheduled.`],
    };

  if (containsPhrase(question, "this week")) {
    const thisWeek = ofType(listUpcomingEventsForChat(knowledge.now, { window: "this-week" }).map(toEventFact));
    if (thisWeek.length === 0) {
      const next = upcoming[0] as EventFact;
      return {
        answer: `There is no ${kind} this week. The next one is ${next.title} on ${next.when} (${next.fee}). Register: ${next.link}`,
        suggestions,
        facts: [`No ${kind} in the next 7 days.`, `Next: ${eventLine(next)}`],
      };
    }
    const lines = thisWeek.map(eventLine);
    return {
      answer: `Yes, ${thisWeek.length === 1 ? `there is 1 ${kind}` : `there are ${thisWeek.length} ${kind}s`} this week:\n${list(lines)}`,
      suggestions,
      facts: lines,
    };
  }

  const wantsSeats = hasAny(question, SEAT_WORDS);
  const shown = (wantsSeats ? upcoming.filter((event) => event.seatsLeft !== null) : upcoming).slice(
    0,
    containsPhrase(question, "next") ? 1 : 3,
  );
  if (shown.length === 0)
    return {
      answer: `Seats are not limited for the upcoming ${kind}s: the next one is ${upcoming[0]?.title} on ${upcoming[0]?.when}. Register: ${upcoming[0]?.link}`,
      suggestions,
      facts: upcoming.slice(0, 3).map(eventLine),
    };
  const lines = shown.map(eventLine);
  const intro =
    shown.length === 1
      ? `The next ${kind} is ${shown[0]?.title} on ${shown[0]?.when}: ${shown[0]?.fee}${eventSeats(shown[0] as EventFact)}. Register: ${shown[0]?.link}`
      : `Upcoming ${wantsSeats ? `${kind}s with limited seats` : `${kind}s`}:\n${list(lines)}`;
  return { answer: intro, suggestions, facts: lines };
}

function eventFeeSentence(event: EventFact): string {
  return event.fee === "Free" ? "It is free." : `The fee is ${event.fee}.`;
}

function eventSeatsSentence(event: EventFact): string {
  if (event.seatsLeft === null) return "";
  return event.seatsLeft === 0 ? " It is fully booked." : ` ${event.seatsLeft} ${event.seatsLeft === 1 ? "seat is" : "seats are"} left.`;
}

/** One event in a few sentences: what, when, fee, seats, where to register. */
export function eventDetailAnswer(event: EventFact, suggestions: string[]): Draft {
  return {
    answer: `${event.title} is ${article(event.eventType)} on ${event.when}. ${eventFeeSentence(event)}${eventSeatsSentence(event)} Register: ${event.link}`,
    suggestions,
    facts: [eventLine(event), event.description],
  };
}
