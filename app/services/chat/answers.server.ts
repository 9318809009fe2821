// The built-in answers: intent rules where plain retrieval would be wrong
// (events, prices, refunds, contact), retrieval for the rest, and a clear
// "I don't know" that points to WhatsApp and the FAQ. Every price and date is
// read from the knowledge loaded for this question.
import { CHAT_QUICK_QUESTIONS } from "~/content/chat";
import { CHAT_FAQ } from "~/content/faq";
import { refundPolicySummary } from "~/services/legal-pages.server";
import { readSettings } from "~/models/site/site-settings.server";
import { eventDetailAnswer, eventsAnswer, wantsEvents } from "./event-answers.server";
import { contactFacts, priceRange, type ChatDoc, type CourseFact, type Knowledge } from "./knowledge.server";
import {
  BEGINNER_QUESTION,
  PRICES_QUESTION,
  REFUND_QUESTION,
  REGISTER_QUESTION,
  UPCOMING_QUESTION,
  article,
  courseLine,
  coursePrice,
  coverQuestion,
  fallbackAnswer,
  hasAny,
  list,
  priceQuestion,
  uniqueSuggestions,
  without,
  type Draft,
} from "./replies.server";
import { buildIndex, isAnswer, type ChatIndex } from "./retrieval.server";
import { SYNONYMS, containsPhrase, correctSpelling, mentions, normalise } from "./text";
import type { Topic } from "./topics";

/** The policy as the admin last saved it on the Legal pages settings, so the assistant and /refund-policy agree. */
function refundAnswer(): Draft {
  const policy = refundPolicySummary();
  return {
    answer: `Our refund policy: ${policy}`,
    suggestions: [PRICES_QUESTION, "Contact us via WhatsApp", UPCOMING_QUESTION],
    facts: [policy],
  };
}

function contactAnswer(): Draft {
  const facts = contactFacts();
  return {
    answer: `You can reach our team ${readSettings("institute").hours}.\n${list(facts.slice(1))}`,
    suggestions: [PRICES_QUESTION, UPCOMING_QUESTION, REFUND_QUESTION],
    facts,
  };
}

function faqListAnswer(): Draft {
  const questions = CHAT_FAQ.map((item) => item.question);
  return {
    answer: `Here are our frequently asked questions (tap one to ask it):\n${list(questions)}`,
    suggestions: questions.slice(0, 3),
    facts: questions,
  };
}

function coursesListAnswer(knowledge: Knowledge, lead: string): Draft {
  if (knowledge.courses.length === 0) return fallbackAnswer();
  const lines = knowledge.courses.map(courseLine);
  return {
    answer: `${lead}\n${list(lines)}`,
    suggestions: [BEGINNER_QUESTION, UPCOMING_QUESTION, REFUND_QUESTION],
    facts: lines,
  };
}

function coursePriceAnswer(course: CourseFact): Draft {
  const discount = course.originalPrice ? ` (regular price ${course.originalPrice})` : "";
  return {
    answer: `The fee for ${course.title} is ${course.price}${discount}, a one-time payment. It is ${article(course.level)} course of ${course.duration}. Details and enrollment: ${course.link}`,
    suggestions: [coverQuestion(course), UPCOMING_QUESTION, REFUND_QUESTION],
    facts: [courseLine(course), course.shortDescription],
  };
}

function courseSummaryAnswer(course: CourseFact): Draft {
  return {
    answer: `${course.title} (${course.level}, ${course.duration}): ${course.shortDescription} Fee: ${coursePrice(course)}. Details: ${course.link}`,
    suggestions: [coverQuestion(course), UPCOMING_QUESTION, BEGINNER_QUESTION],
    facts: [courseLine(course), course.shortDescription, ...course.features],
  };
}

function courseCoverAnswer(course: CourseFact): Draft {
  return {
    answer: `${course.title} (${course.level}, ${course.duration}, ${course.price}) covers:\n${list(course.features.slice(0, 5))}\nFull syllabus: ${course.link}`,
    suggestions: [priceQuestion(course), UPCOMING_QUESTION, "How do I enroll in a course?"],
    facts: [courseLine(course), ...course.features],
  };
}

function beginnerAnswer(question: string, knowledge: Knowledge, index: ChatIndex): Draft {
  const beginner = knowledge.courses.filter((course) => course.level === "beginner");
  if (beginner.length === 0) return coursesListAnswer(knowledge, "Here are our courses:");
  // Among the beginner courses, the one the question points to ("new to forex") first.
  const ranked = index.search(question, { kinds: ["course"] }).map((hit) => hit.doc.id);
  const sorted = [...beginner].sort((a, b) => rank(ranked, `course:${a.id}`) - rank(ranked, `course:${b.id}`));
  const first = sorted[0] as CourseFact;
  const lines = sorted.map(courseLine);
  // "Is the SMC course good for beginners?": say what level it is first.
  const named = namedCourse(question, index, ["beginner"]);
  const namedLevel = named && named.level !== "beginner" ? `${named.title} is ${article(named.level)} course (${named.duration}). ` : "";
  return {
    answer:
      `${namedLevel}For a beginner we recommend ${first.title} (${first.duration}, ${coursePrice(first)}): ${first.shortDescription} ` +
      `No prior trading experience is needed. Details: ${first.link}` +
      (sorted.length > 1 ? `\nOther beginner courses:\n${list(lines.slice(1))}` : ""),
    suggestions: [coverQuestion(first), UPCOMING_QUESTION, "How much capital do I need to start trading?"],
    facts: lines,
  };
}

function rank(ids: string[], id: string): number {
  const at = ids.indexOf(id);
  return at === -1 ? ids.length : at;
}

function topicAnswer(topic: Topic, knowledge: Knowledge): Draft {
  const related = topic.relatedCourse
    ? knowledge.courses.find((course) => topic.relatedCourse?.test(`${course.title} ${course.shortDescription}`))
    : undefined;
  const answer = related
    ? `${topic.answer} Our ${related.title} course (${coursePrice(related)}, ${related.duration}) teaches this: ${related.link}`
    : topic.answer;
  return {
    answer,
    suggestions: related
      ? [coverQuestion(related), UPCOMING_QUESTION, BEGINNER_QUESTION]
      : [UPCOMING_QUESTION, BEGINNER_QUESTION, PRICES_QUESTION],
    facts: related ? [topic.answer, courseLine(related)] : [topic.answer],
  };
}

function docAnswer(doc: ChatDoc, knowledge: Knowledge): Draft {
  switch (doc.kind) {
    case "course":
      return courseSummaryAnswer(doc.course);
    case "event":
      return eventDetailAnswer(doc.event, ["How many seats are left?", REGISTER_QUESTION, UPCOMING_QUESTION]);
    case "faq":
      return {
        answer: doc.answer,
        suggestions: [PRICES_QUESTION, UPCOMING_QUESTION, BEGINNER_QUESTION],
        facts: [`${doc.title} ${doc.answer}`],
      };
    case "refund":
      return refundAnswer();
    case "contact":
      return contactAnswer();
    case "topic":
      return topicAnswer(doc.topic, knowledge);
  }
}

const GREETINGS = new Set([
  "hi",
  "hii",
  "hello",
  "hey",
  "helo",
  "namaste",
  "namaskar",
  "good",
  "morning",
  "afternoon",
  "evening",
  "there",
  "sir",
  "madam",
  "team",
]);
const THANKS = new Set(["thanks", "thank", "you", "thx", "ok", "okay", "great", "dhanyavad", "shukriya", "bye", "so", "much"]);

/** "hi" and "thanks": a friendly line and the quick questions, no facts (nothing for a model to phrase). */
function smallTalk(question: string): Draft | null {
  const all = question.split(" ");
  if (all.every((word) => GREETINGS.has(word)))
    return {
      answer: "Hello! Ask me about our courses and fees, upcoming webinars and workshops, refunds or our support hours.",
      suggestions: [...CHAT_QUICK_QUESTIONS],
      facts: [],
    };
  if (all.every((word) => THANKS.has(word)))
    return {
      answer: `You're welcome! Anything else? Our team is also on WhatsApp, ${readSettings("institute").hours}.`,
      suggestions: [UPCOMING_QUESTION, PRICES_QUESTION, BEGINNER_QUESTION],
      facts: [],
    };
  return null;
}

const COVER_WORDS = [
  "cover",
  "covers",
  "covered",
  "syllabus",
  "curriculum",
  "module",
  "modules",
  "topics",
  "teach",
  "taught",
  "include",
  "includes",
  "content",
  "contents",
  "learn",
  "sikhaya",
];
const CHEAP_WORDS = ["cheap", "cheapest", "lowest", "affordable", "budget", "least", "minimum"];
const DEAR_WORDS = ["expensive", "costliest", "highest", "premium", "maximum", "most expensive"];
const BEGINNER_TRIGGERS = [
  "beginner",
  "beginners",
  "newbie",
  "novice",
  "fresher",
  "new to",
  "just started",
  "first time",
  "no experience",
  "from scratch",
  "which course",
  "what course",
  "suggest",
  "recommend",
  "naya",
  "basics",
  "where to start",
  "where do i start",
  "where should i start",
];
const CAPITAL_WORDS = ["capital", "invest", "investment", "deposit", "minimum amount"];

/** The active course a question names, ignoring the words of the given synonym groups and generic words. */
function namedCourse(question: string, index: ChatIndex, ignore: (keyof typeof SYNONYMS)[]): CourseFact | null {
  const rest = without(
    question,
    ignore.flatMap((group) => SYNONYMS[group].phrases),
  );
  const hit = index.search(rest, { kinds: ["course"] }).find(isAnswer);
  return hit?.doc.kind === "course" ? hit.doc.course : null;
}

/** The built-in answer to an already trimmed question. */
export function builtInAnswer(rawQuestion: string, knowledge: Knowledge): Draft {
  const index = buildIndex(knowledge.docs);
  const question = correctSpelling(normalise(rawQuestion), index.vocabulary);
  const draft = route(question, knowledge, index);
  return { ...draft, suggestions: uniqueSuggestions(rawQuestion, draft.suggestions) };
}

function route(asked: string, knowledge: Knowledge, index: ChatIndex): Draft {
  // "Price action" is a way of trading, not a question about fees.
  const question = asked.replaceAll("price action", "priceaction");
  if (!question) return fallbackAnswer();
  const small = smallTalk(question);
  if (small) return small;
  if (mentions(question, "faq")) return faqListAnswer();
  if (mentions(question, "refund")) return refundAnswer();
  if (wantsEvents(question)) return eventsAnswer(question, knowledge, index);
  const listsCourses = /\b(all|list|your|which|what) (of )?(the )?courses\b/.test(question) && !mentions(question, "price");
  if (containsPhrase(question, "browse our courses") || listsCourses) return coursesListAnswer(knowledge, "Here are our courses:");
  if (mentions(question, "contact")) return contactAnswer();
  // "What are your timings?" is about support; "live class timing" about that course.
  if (mentions(question, "hours") && !mentions(question, "price")) {
    const course = namedCourse(question, index, ["hours"]);
    return course ? courseSummaryAnswer(course) : contactAnswer();
  }
  if (hasAny(question, CAPITAL_WORDS)) {
    const capital = knowledge.docs.find((doc) => doc.id === "topic:capital");
    if (capital) return docAnswer(capital, knowledge);
  }
  if (mentions(question, "price")) {
    const course = namedCourse(question, index, ["price"]);
    if (course) return coursePriceAnswer(course);
    const byPrice = [...knowledge.courses].sort((a, b) => a.pricePaise - b.pricePaise);
    const cheapest = byPrice[0];
    const dearest = byPrice[byPrice.length - 1];
    if (cheapest && hasAny(question, CHEAP_WORDS)) return coursePriceAnswer(cheapest);
    if (dearest && hasAny(question, DEAR_WORDS)) return coursePriceAnswer(dearest);
    const range = priceRange(knowledge.courses);
    if (range) return coursesListAnswer(knowledge, `Our courses cost ${range}, a one-time payment with lifetime access:`);
  }
  if (hasAny(question, BEGINNER_TRIGGERS)) return beginnerAnswer(question, knowledge, index);
  if (hasAny(question, COVER_WORDS)) {
    const course = namedCourse(question, index, []);
    if (course) return courseCoverAnswer(course);
  }
  const best = index.search(question).find(isAnswer);
  return best ? docAnswer(best.doc, knowledge) : fallbackAnswer();
}
