// FAQ copy for the contact page, the chat widget and checkout.
// One refund policy (docs/decisions/0003-spec-flaws.md): the one an admin
// edits (Settings → Legal pages). The refund questions below carry no copy of
// it: the pages that show them put the saved policy in (decision 0033), and
// where no page data reaches (the chat widget's FAQ) they point to it.

export type FaqItem = { id: string; question: string; answer: string };

/** The id of the refund question in both FAQ lists; its answer is the saved policy wherever a page can read it. */
export const REFUND_FAQ_ID = "refunds";

/** What a refund question says where only static text reaches (the chat widget's FAQ view). */
export const REFUND_POLICY_POINTER =
  "Our refund policy is on the Refund policy page (/refund-policy). Ask here and the assistant gives you its main points.";

export const CONTACT_FAQ: FaqItem[] = [
  {
    id: "enrolling",
    question: "How do I enroll in a course?",
    answer:
      "Open the Courses page, choose a course and click Enroll Now. After you log in, fill in a short enrollment form and pay securely by card. You get access to the course material and the student groups right after payment.",
  },
  {
    id: "mentoring",
    question: "Do you offer one-on-one mentoring?",
    answer:
      "Yes. Our Personal Mentorship program pairs you with an experienced trader for live one-on-one sessions, reviews of your trade journal and a study plan built around your schedule. Message us on WhatsApp to check mentor availability.",
  },
  {
    id: "beginners",
    question: "Are your courses suitable for complete beginners?",
    answer:
      "Absolutely. Our beginner courses start from the basics of how markets work, charts and risk management, and you can start practising with as little as ₹5,000 capital. No prior trading experience is needed.",
  },
  {
    id: REFUND_FAQ_ID,
    question: "What is your refund policy?",
    answer: REFUND_POLICY_POINTER,
  },
];

export const CHAT_FAQ: FaqItem[] = [
  {
    id: "prices",
    question: "How much do your courses cost?",
    answer: "Our courses are priced from ₹2,999 to ₹4,999, a one-time payment with lifetime access to the material.",
  },
  {
    id: "certificates",
    question: "Do I get a certificate?",
    answer: "Yes. Every student who completes a course receives a digital certificate of completion.",
  },
  {
    id: "certified",
    question: "Are you a certified institute?",
    answer:
      "We are a trading-education institute. We do not claim any certification, endorsement or affiliation from NSE, BSE, SEBI or any exchange, and we give no investment advice. Our mentors are experienced, practising traders.",
  },
  {
    id: "support",
    question: "When is support available?",
    answer: "Our team is available daily from 10 AM to 7:00 PM IST on WhatsApp, Telegram and this chat.",
  },
  {
    id: REFUND_FAQ_ID,
    question: "Can I get a refund?",
    answer: REFUND_POLICY_POINTER,
  },
];

/** Under the order summary, followed by the refund policy's summary from settings. */
export const CHECKOUT_NOTES: string[] = [
  "Lifetime access to the course material",
  "Certificate of completion",
  "1 year of WhatsApp and Telegram support",
];

/** A FAQ list with the refund question answered by the saved policy. */
export const withRefundAnswer = (items: FaqItem[], refundPolicy: string): FaqItem[] =>
  items.map((item) => (item.id === REFUND_FAQ_ID ? { ...item, answer: refundPolicy } : item));
