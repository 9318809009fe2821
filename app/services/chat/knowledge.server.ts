// What the chat assistant knows, read at the moment of asking: active courses
// and upcoming events from the database, plus the site's own FAQ, refund
// policy, hours and contact channels. Nothing here is cached, so a changed
// price or a new event shows in the very next answer.
import { CHAT_FAQ, CONTACT_FAQ, REFUND_FAQ_ID } from "~/content/faq";
import { refundPolicySummary } from "~/services/legal-pages.server";
import { readSettings } from "~/models/site/site-settings.server";
import { institutePhones, instituteSocialLinks } from "~/utils/institute";
import { listCoursesForChat, type ChatCourse } from "~/models/courses/course.server";
import { listUpcomingEventsForChat, type ChatEvent } from "~/models/events/event.server";
import { formatEventWhen } from "~/utils/dates";
import { formatPrice } from "~/utils/money";
import { TOPICS, type Topic } from "./topics";

export type CourseFact = ChatCourse & { price: string; originalPrice: string | null; link: string };
export type EventFact = ChatEvent & { when: string; fee: string; link: string };

export type ChatDoc = {
  id: string;
  title: string;
  keywords: string;
  text: string;
} & (
  | { kind: "course"; course: CourseFact }
  | { kind: "event"; event: EventFact }
  | { kind: "faq"; answer: string }
  | { kind: "refund" }
  | { kind: "contact" }
  | { kind: "topic"; topic: Topic }
);

export type Knowledge = {
  now: Date;
  courses: CourseFact[];
  events: EventFact[];
  docs: ChatDoc[];
};

const LEVEL_WORDS: Record<string, string> = {
  beginner: "beginner basics new start foundation",
  intermediate: "intermediate",
  advanced: "advanced experienced",
};

/** "+91 98765 43210" from "919876543210". */
export function whatsappDisplayNumber(digits = readSettings("institute").whatsappNumber): string {
  return digits.length === 12 ? `+${digits.slice(0, 2)} ${digits.slice(2, 7)} ${digits.slice(7)}` : `+${digits}`;
}

/** Hours and every channel as the settings hold them now, one fact per line. */
export function contactFacts(): string[] {
  const institute = readSettings("institute");
  return [
    `Hours: ${institute.hours}.`,
    `WhatsApp: ${whatsappDisplayNumber(institute.whatsappNumber)} (https://wa.me/${institute.whatsappNumber}).`,
    `Phone: ${institutePhones(institute).join(", ")}.`,
    `Email: ${institute.email}.`,
    ...instituteSocialLinks(institute)
      .filter((link) => link.name === "Telegram")
      .map((link) => `Telegram: ${link.href}.`),
    "Contact form: /contact.",
  ];
}

function toCourseFact(course: ChatCourse): CourseFact {
  return {
    ...course,
    price: formatPrice(course.pricePaise),
    originalPrice:
      course.originalPricePaise !== null && course.originalPricePaise > course.pricePaise ? formatPrice(course.originalPricePaise) : null,
    link: `/courses/${course.id}`,
  };
}

export function toEventFact(event: ChatEvent): EventFact {
  return {
    ...event,
    when: formatEventWhen(event.eventDate),
    fee: formatPrice(event.pricePaise),
    link: `/events/${event.id}/register`,
  };
}

/** "₹2,999 to ₹4,999" over the active courses; null when there are none. */
export function priceRange(courses: CourseFact[]): string | null {
  if (courses.length === 0) return null;
  const prices = courses.map((course) => course.pricePaise);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? formatPrice(low) : `${formatPrice(low)} to ${formatPrice(high)}`;
}

function faqDocs(courses: CourseFact[]): ChatDoc[] {
  const seen = new Set<string>();
  const docs: ChatDoc[] = [];
  for (const item of [...CHAT_FAQ, ...CONTACT_FAQ]) {
    // The refund policy has its own document; the price FAQ's figures come from the database instead.
    if (item.id === REFUND_FAQ_ID || seen.has(item.id)) continue;
    seen.add(item.id);
    let answer = item.answer;
    if (item.id === "prices") {
      const range = priceRange(courses);
      if (!range) continue;
      answer = `Our courses are priced from ${range}, a one-time payment with lifetime access to the material.`;
    }
    docs.push({ id: `faq:${item.id}`, kind: "faq", title: item.question, keywords: "", text: answer, answer });
  }
  return docs;
}

/** Everything the assistant may say, as of `now`. */
export function loadKnowledge(now: Date): Knowledge {
  const courses = listCoursesForChat().map(toCourseFact);
  const events = listUpcomingEventsForChat(now).map(toEventFact);
  const docs: ChatDoc[] = [
    ...courses.map((course): ChatDoc => ({
      id: `course:${course.id}`,
      kind: "course",
      course,
      title: course.title,
      keywords: `course ${course.level} ${LEVEL_WORDS[course.level] ?? ""} ${course.duration}`,
      text: [course.shortDescription, ...course.features].join(" "),
    })),
    ...events.map((event): ChatDoc => ({
      id: `event:${event.id}`,
      kind: "event",
      event,
      title: event.title,
      keywords: `event ${event.eventType} ${event.fee === "Free" ? "free" : ""}`,
      text: event.description,
    })),
    ...faqDocs(courses),
    {
      id: "refund",
      kind: "refund",
      title: "Refund policy",
      keywords: "refund refunded cancel money back policy",
      text: refundPolicySummary(),
    },
    {
      id: "contact",
      kind: "contact",
      title: "Contact us and support hours",
      keywords: "contact whatsapp phone email support hours available call",
      text: contactFacts().join(" "),
    },
    ...TOPICS.map((topic): ChatDoc => ({
      id: `topic:${topic.id}`,
      kind: "topic",
      topic,
      title: topic.question,
      keywords: topic.keywords,
      text: topic.answer,
    })),
  ];
  return { now, courses, events, docs };
}
