// Short explainers for the general questions the chat offers (CHAT_QUICK_QUESTIONS)
// and a few how-tos. No prices or dates here: when a topic has a matching course,
// the assistant adds that course's line from the database.
import { CONTACT_FAQ } from "~/content/faq";

export type Topic = {
  id: string;
  question: string;
  keywords: string;
  answer: string;
  /** Words that pick the related active course by its title or description, if any. */
  relatedCourse?: RegExp;
};

const beginnerFaq = CONTACT_FAQ.find((item) => item.id === "beginners")?.answer ?? "";
/** The beginners FAQ's sentence about starting capital. */
export const CAPITAL_ANSWER = beginnerFaq.split(/(?<=\.)\s+/).find((sentence) => /capital/i.test(sentence)) ?? beginnerFaq;
const enrollingFaq = CONTACT_FAQ.find((item) => item.id === "enrolling")?.answer ?? "";

export const TOPICS: Topic[] = [
  {
    id: "smc",
    question: "What is Smart Money Concepts (SMC)?",
    keywords: "smc smart money concepts ict inner circle trader institutional",
    answer:
      "Smart Money Concepts (SMC) read the chart through the footprints large institutions leave: market structure, liquidity, order blocks and fair value gaps. ICT (Inner Circle Trader) methods build on the same ideas with session timing and entry models.",
    relatedCourse: /smc|smart money/i,
  },
  {
    id: "order-block",
    question: "What is an order block?",
    keywords: "order block orderblock breaker mitigation smc ict",
    answer:
      "An order block is the last opposite candle before a strong move that breaks market structure: the zone where large orders were likely placed. Traders wait for price to come back to that zone and enter with a stop just beyond it.",
    relatedCourse: /smc|order block/i,
  },
  {
    id: "fair-value-gap",
    question: "What is a fair value gap?",
    keywords: "fair value gap fvg imbalance smc ict",
    answer:
      "A fair value gap is a three-candle imbalance: price moved so fast that the wicks of the first and third candles do not overlap. Price often returns to fill part of that gap, which SMC traders use for entries.",
    relatedCourse: /smc|fair value/i,
  },
  {
    id: "capital",
    question: "How much capital do I need to start trading?",
    keywords: "capital money investment minimum start account small deposit",
    answer: `${CAPITAL_ANSWER} No prior trading experience is needed.`,
    relatedCourse: /beginner|5,000/i,
  },
  {
    id: "event-registration",
    question: "How do I register for an event?",
    keywords: "register registration join book seat event webinar workshop",
    answer:
      "Open the Events page (/events), choose an event and click Register. After you log in, enter your name, email and phone number and your seat is booked.",
  },
  {
    id: "enrolling",
    question: "How do I enroll in a course?",
    keywords: "enroll enrol enrollment join admission buy purchase pay payment card",
    answer: enrollingFaq,
  },
  {
    id: "study-materials",
    question: "Do you have free study materials?",
    keywords: "study materials free pdf guide notes ebook resources",
    answer: "Yes. Free study materials, guides and resources are on our Study Materials page (/study-materials).",
  },
];
