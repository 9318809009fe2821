// Words that promise performance. SEBI's circular of 29 January 2025 bars the
// people it regulates from associating with anyone who claims returns or
// performance, so the site makes no such claim, the seeded content holds none
// (a check in `npm test` reads it), and the admin's editors warn when one is
// typed. A trading term ("take-profit", "profit target") or a denial ("no
// guaranteed profits") is not a claim.

const CLAIM_PATTERNS: { pattern: RegExp; why: string }[] = [
  {
    pattern: /\d+(?:\.\d+)?\s*%\+?\s*(?:returns?|profits?|gains?|accuracy|accurate|success|win(?:ning)?\s*rate)/i,
    why: "a percentage of returns, profit, accuracy or success",
  },
  // A win rate is a teaching term ("log your win rate"); a success rate is always about results.
  { pattern: /\bsuccess[\s-]rates?\b/i, why: "a success rate" },
  {
    pattern: /\b(?:average|monthly|weekly|daily|annual|yearly|assured|fixed|consistent)\s+(?:returns?|profits?|income|gains?)\b/i,
    why: "a promised return or income",
  },
  {
    pattern:
      /\b(?:guarantee[ds]?|assured|sure[- ]shot|risk[- ]free)\b[^.!?\n]{0,40}\b(?:returns?|profits?|income|gains?|money|results?)\b/i,
    why: "a guaranteed result",
  },
  {
    pattern: /\b(?:returns?|profits?|gains?)\s+(?:of|up\s+to|upto|over|above)\s+(?:₹|rs\.?\s*|inr\s*)?\d/i,
    why: "an amount or rate of returns",
  },
  { pattern: /\b(?:double|triple|multiply)\s+(?:your\s+)?(?:money|capital|investment|account)\b/i, why: "multiplying money" },
  { pattern: /\b\d+(?:\.\d+)?\s*x\s+(?:returns?|profits?|gains?)\b/i, why: "a multiple of returns" },
  { pattern: /\bproven\s+(?:\w+\s+){0,2}(?:strateg(?:y|ies)|setups?|systems?|methods?)\b/i, why: "a strategy said to be proven" },
  { pattern: /\b(?:\d+(?:\.\d+)?\s*%\s*)?accurate\s+(?:calls?|tips?|signals?|predictions?)\b/i, why: "accurate calls or tips" },
];

/** A denial ("no guaranteed profits", "never promise returns") is the opposite of a claim. */
const DENIAL_BEFORE = /\b(?:no|not|never|without|nor|don['’]t|do not|cannot|can['’]t|won['’]t|isn['’]t)\s+(?:\w+\s+){0,2}$/i;

export type Claim = { text: string; why: string };

/** The claims of performance in `text` (each with why it is one); none for plain teaching. */
export function findClaims(text: string): Claim[] {
  const found: Claim[] = [];
  for (const { pattern, why } of CLAIM_PATTERNS) {
    const global = new RegExp(pattern.source, pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`);
    for (const match of text.matchAll(global)) {
      const before = text.slice(Math.max(0, match.index - 40), match.index);
      if (DENIAL_BEFORE.test(before)) continue;
      found.push({ text: match[0], why });
    }
  }
  return found;
}

/** Every string in a form's parsed values (nested lists and objects too): what an editor's save is checked for. */
export function textsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(textsIn);
  if (value && typeof value === "object" && !(value instanceof Blob)) return Object.values(value).flatMap(textsIn);
  return [];
}

/** The claim phrases in the texts, each once, in the order typed. */
export const claimPhrasesIn = (texts: string[]) => [...new Set(texts.flatMap((text) => findClaims(text).map((claim) => claim.text)))];

/**
 * What an editor says when the text holds a claim: the same words after a save
 * (a warning toast) and while typing (under the field). The text is saved
 * anyway; the author decides.
 */
export const claimWarningText = (phrases: string[]) =>
  `This reads as a claim of returns or performance, which SEBI forbids: ${phrases.map((phrase) => `“${phrase}”`).join(", ")}. Please reword it.`;

/** The standing reminder in every content editor (SEBI circular of 8 May 2026). */
export const MARKET_PRICE_REMINDER = "Do not use market prices from the last 30 days (SEBI, 8 May 2026); date every chart.";
