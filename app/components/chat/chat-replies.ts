// Texts the chat panel and the /chat page share. The texts shown when a chat
// query fails are quoted from the product specification: keep them as they are.

const CHAT_FALLBACK_SUGGESTIONS = {
  whatsapp: "Contact us via WhatsApp",
  faq: "View our FAQ section",
  courses: "Browse our courses",
} as const;

export const CHAT_ERROR = {
  answer: "I'm sorry, I'm experiencing technical difficulties. Please contact our team directly via WhatsApp for immediate assistance.",
  suggestions: [CHAT_FALLBACK_SUGGESTIONS.whatsapp, CHAT_FALLBACK_SUGGESTIONS.faq, CHAT_FALLBACK_SUGGESTIONS.courses],
  toastTitle: "Connection Error",
  toastText: "Unable to process your query. Please try again.",
} as const;

/** Which fallback suggestion this is, if any: those act (a link, a view) instead of asking. */
export function fallbackAction(suggestion: string): keyof typeof CHAT_FALLBACK_SUGGESTIONS | null {
  for (const [key, text] of Object.entries(CHAT_FALLBACK_SUGGESTIONS))
    if (text === suggestion) return key as keyof typeof CHAT_FALLBACK_SUGGESTIONS;
  return null;
}
