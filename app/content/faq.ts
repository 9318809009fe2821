// FAQ copy for the contact page, the chat widget and checkout.
// One refund policy (docs/decisions/0003-spec-flaws.md). REFUND_POLICY is the
// default of the policy an admin edits (Settings → Legal pages); the contact
// FAQ and the chat assistant answer with the saved one (decision 0033).

export type FaqItem = { id: string; question: string; answer: string };

export const REFUND_POLICY =
  "Course fees are non-refundable once access to the course material has been granted. If you cannot attend your live batch, you can move to a later batch at no extra cost. Duplicate payments, or payments that failed but were still charged, are refunded in full within 7 working days.";

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
      "Yes. Our Personal Mentorship program pairs you with an experienced trader for live one-on-one sessions, trade reviews and a plan built around your capital and schedule. Message us on WhatsApp to check mentor availability.",
  },
  {
    id: "beginners",
    question: "Are your courses suitable for complete beginners?",
    answer:
      "Absolutely. Our beginner courses start from the basics of how markets work, charts and risk management, and you can start practising with as little as ₹5,000 capital. No prior trading experience is needed.",
  },
  {
    id: "refunds",
    question: "What is your refund policy?",
    answer: REFUND_POLICY,
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
    answer: "Yes, we are NSE certified, and our mentors are experienced, practising traders.",
  },
  {
    id: "support",
    question: "When is support available?",
    answer: "Our team is available daily from 10 AM to 7:00 PM IST on WhatsApp, Telegram and this chat.",
  },
  {
    id: "refunds",
    question: "Can I get a refund?",
    answer: REFUND_POLICY,
  },
];

export const CHECKOUT_NOTES: string[] = [
  "Lifetime access to the course material",
  "Certificate of completion",
  "1 year of WhatsApp and Telegram support",
  REFUND_POLICY,
];
