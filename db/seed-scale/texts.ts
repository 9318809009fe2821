// The words the scale seed writes: past events, session notes, reviews. They
// speak of the teaching and the practice, never of results (SEBI's rules for
// education; docs/decisions/0045): no returns, no profit, no prizes, no
// teaching on today's prices.
import type { Random } from "./random";

export const WEBINAR_TOPICS = [
  "Reading Candlestick Charts",
  "Position Sizing for Beginners",
  "Understanding USD/INR Futures",
  "Building a Trading Journal",
  "Risk Management Basics",
  "Support and Resistance on Historical Charts",
  "Introduction to Smart Money Concepts",
  "How Currency Pairs Move",
  "Handling Losing Streaks Calmly",
  "Writing Your First Trading Plan",
  "Back-testing on Replayed Data",
  "Order Types Explained",
  "Reading the Economic Calendar",
  "Stop-Loss Placement Without Guesswork",
];

export const WORKSHOP_TOPICS = [
  "Price Action Workshop",
  "Risk Management Bootcamp",
  "SMC From Chart to Execution",
  "Trading Plan Workshop",
  "Journaling and Review Workshop",
];

export const WORKSHOP_CITIES = [
  { city: "Mumbai", stateCode: "27", place: "Conference room, Andheri East" },
  { city: "Pune", stateCode: "27", place: "Seminar hall, Shivaji Nagar" },
  { city: "Bengaluru", stateCode: "29", place: "Training room, Koramangala" },
  { city: "New Delhi", stateCode: "07", place: "Conference hall, Connaught Place" },
  { city: "Hyderabad", stateCode: "36", place: "Seminar room, Banjara Hills" },
  { city: "Ahmedabad", stateCode: "24", place: "Training hall, Vastrapur" },
  { city: "Chennai", stateCode: "33", place: "Seminar hall, Adyar" },
  { city: "Kolkata", stateCode: "19", place: "Conference room, Salt Lake" },
];

export function webinarDescription(topic: string): string {
  return (
    `An online session with one of our mentors on ${topic.toLowerCase()}. We work through examples on historical charts ` +
    `(prices at least 30 days old), take questions from participants and share the worksheet used in class. ` +
    `Trading involves risk of loss; nothing in the session is advice to buy or sell.`
  );
}

export function workshopDescription(topic: string, city: string): string {
  return (
    `An in-person ${topic.toLowerCase()} in ${city}. In small groups we mark structure and key levels on historical ` +
    `charts, write a plan with entry, stop and size before any practice trade, and review each other's journals. ` +
    `Bring a notebook; laptops are optional. Trading involves risk of loss.`
  );
}

export const CHALLENGE_DESCRIPTION =
  "A practice exercise on a demo account over a replayed trading day, on prices at least 30 days old. You write a plan, " +
  "follow it and keep a journal; a mentor reviews each participant's process and risk rules afterwards.";

/** The optional notes each course's archive section holds, one per recorded class. */
export const SESSION_NOTE_TOPICS = [
  "Marking higher-timeframe structure",
  "Position sizing worked examples",
  "Journaling a difficult week",
  "Reading the economic calendar",
  "Placing a stop behind structure",
  "Reviewing a back-test",
  "Spreads, lots and margin",
  "When not to take a trade",
  "Session timing and liquidity",
  "Order blocks on historical charts",
  "Fair value gaps explained again",
  "Risk per trade and drawdown",
  "Building a pre-trade checklist",
  "Reviewing students' practice plans",
  "Correlation between currency pairs",
  "Trend, range and transition",
  "Partial exits and trade management",
  "Keeping rules when tired",
  "Questions on the course worksheets",
  "Multi-timeframe alignment",
  "Reading a daily candle",
  "News days and what to avoid",
  "Writing a weekly review",
  "Breaks of structure in practice",
  "Liquidity sweeps on historical charts",
  "Revisiting the trading plan template",
  "Patience and waiting for setups",
  "Common mistakes from the journals",
  "Back-testing a simple rule",
  "Putting the course together",
];

export function sessionNoteBody(topic: string): string {
  return (
    `Notes from a recorded class on ${topic.toLowerCase()}.\n\n` +
    `Work through the examples on a demo account first and write down what you saw in your journal. ` +
    `The charts used are historical; none of this is advice to buy or sell, and trading involves risk of loss.`
  );
}

const REVIEW_OPENINGS = [
  "The mentor explained every concept slowly and answered doubts patiently.",
  "Well structured lessons that build on each other.",
  "Clear explanations in simple English, with Hindi where it helped.",
  "The worksheets made me write a plan before every practice trade.",
  "Good course for someone starting from zero like me.",
  "I liked that everything is practised on a demo account first.",
  "The recordings were useful when I missed a class because of work.",
  "Honest teaching: the mentors keep repeating that risk comes first.",
];
const REVIEW_MIDDLES = [
  "The session on position sizing changed how I think about each trade.",
  "Journaling every practice trade was hard at first but it made my mistakes visible.",
  "The quizzes at the end of each section were a good check of what I had understood.",
  "Doubts on the group were answered the same day.",
  "The back-testing exercises on historical charts took time but were worth it.",
  "I would have liked more examples on currency pairs other than USD/INR.",
  "Some lessons were a bit long, but the notes are good for revision.",
  "The live Q&A sessions on replayed charts were the most useful part for me.",
];
const REVIEW_CLOSINGS = [
  "Recommended for beginners who are ready to practise patiently.",
  "I am still working through the last section.",
  "Would like a weekend batch in the future.",
  "Thank you to the team for the support.",
  "",
  "",
];

/** A student's review of a course: what the teaching was like, never what it earned them. */
export function reviewBody(random: Random, rating: number): string {
  const parts = [random.pick(REVIEW_OPENINGS), random.pick(REVIEW_MIDDLES)];
  if (rating <= 3) parts.push("The pace was too fast for me in places and I needed to watch some lessons twice.");
  parts.push(random.pick(REVIEW_CLOSINGS));
  return parts.filter(Boolean).join(" ");
}
