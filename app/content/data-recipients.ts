// Who else receives personal data from this site, and what each receives: the
// recipients the privacy notice names (DPDP Act s.5, DPDP Rules 2025 rule 3).
// Every one the site can use is listed, so the notice does not change shape
// with the configuration; the page marks which are switched on.

export type DataRecipientId = "stripe" | "razorpay" | "mail" | "analytics" | "sign-in" | "chat-model";

export type DataRecipient = { id: DataRecipientId; name: string; role: string; receives: string };

export const DATA_RECIPIENTS: readonly DataRecipient[] = [
  {
    id: "stripe",
    name: "Stripe",
    role: "payment provider",
    receives: "your email address, the course or event and the amount; you type your card or UPI details on Stripe's own page",
  },
  {
    id: "razorpay",
    name: "Razorpay",
    role: "payment provider",
    receives:
      "your name, email address, mobile number, the course or event and the amount; you type your payment details on Razorpay's page",
  },
  {
    id: "mail",
    name: "Our mail (SMTP) provider",
    role: "sends our emails",
    receives: "your name, email address and the text of each mail we send you, with its receipt or invoice attached",
  },
  {
    id: "analytics",
    name: "Google Analytics",
    role: "counts visits, only if you accept analytics cookies",
    receives: "the pages you visit, your browser and device, and an approximate location from your IP address; never your name or email",
  },
  {
    id: "sign-in",
    name: "The sign-in provider you choose",
    role: "signs you in, only if you use it",
    receives: "a request to sign you in; it sends us your name and email address",
  },
  {
    id: "chat-model",
    name: "The chat assistant's language model",
    role: "phrases the chat assistant's answers",
    receives: "the question you type into the chat and our own course and policy facts; not your account",
  },
];
