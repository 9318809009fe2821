// Copy for the floating chat widget (welcome and ai-chat views).
// The FAQ view uses CHAT_FAQ from faq.ts; availability is CHAT_AVAILABILITY in site.ts.
/** The widget's first words, with the institute's name as the settings hold it. */
export const chatGreeting = (instituteName: string) => `Hi there! Welcome to ${instituteName}. How can we help you today?`;

export const CHAT_OFFERINGS: string[] = [
  "Stock market and currency trading courses",
  "SMC & ICT concepts, beginner to advanced",
  "Live classes with mentors on replayed markets",
  "One-on-one personal mentorship",
  "Free study materials and events",
];

export const CHAT_QUICK_QUESTIONS: string[] = [
  "What is Smart Money Concepts (SMC)?",
  "Which course should a beginner start with?",
  "How much capital do I need to start trading?",
  "What is an order block?",
  "How do the live classes work?",
];

/** Quoted from the product specification: keep as is. */
export const CHAT_INPUT_PLACEHOLDER = "Ask about trading, courses, SMC...";

/** The longest question the assistant takes (the schema's limit; the widget's input stops there too). */
export const CHAT_QUESTION_MAX = 500;
