// The one list of what the site's words may not say (docs/decisions/0045):
// - claims of returns or performance (SEBI circular of 29 January 2025: regulated
//   entities may not associate with anyone who claims them);
// - association, certification, award or superiority claims the institute cannot
//   show (false association with NSE/BSE/SEBI; Consumer Protection coaching
//   advertisement guidelines 2024);
// - teaching in real time or during market hours (SEBI circular of 8 May 2026:
//   education by the unregistered uses prices at least 30 days old);
// - prizes or rankings in an education activity (same circular: no monetary
//   incentives to participants).
// Every public page and every chat answer is checked against it in CI
// (tests/http/public-claims.test.ts), and the admin's editors warn when one is
// typed. A trading term ("take-profit"), a live class on a replayed market, or a
// denial ("no guaranteed profits", "no prizes") is not a claim.

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
  ...associationPatterns(),
  ...realTimePatterns(),
  ...prizePatterns(),
];

function associationPatterns() {
  const body = "(?:NSE|BSE|SEBI|NISM|MCX|RBI|exchange)";
  const endorsed = "(?:certified|endorsed|approved|accredited|recogni[sz]ed|affiliated|authori[sz]ed)";
  return [
    {
      pattern: new RegExp(`\\b${body}[\\s-]+${endorsed}\\b|\\b${endorsed}\\s+by\\s+(?:the\\s+)?${body}\\b`, "i"),
      why: "an association with a market body the institute cannot show",
    },
    { pattern: /\bawards?\b|\baward[\s-]winning\b/i, why: "an award" },
    {
      pattern: /\bbest\b[^.!?\n]{0,30}\b(?:institutes?|academy|academies|schools?|trainers?|educators?|coaching)\b/i,
      why: "a claim to be the best",
    },
    {
      pattern: /\bmost\s+trusted\b|\bno\.\s*1\b|\bnumber[\s-]+one\b|#\s*1\b|\btop[\s-]rated\b/i,
      why: "a ranking the institute cannot prove",
    },
    {
      pattern: /\b(?:thousands|lakhs|millions)\s+of\s+(?:students|traders|learners)\b|\b\d+\s*\+\s*(?:cities|students|traders|awards)\b/i,
      why: "a figure about the institute not taken from its dated settings",
    },
  ];
}

function realTimePatterns() {
  return [
    { pattern: /\blive[\s-]+(?:trading|trades?|market|analysis|calls?|charts?)\b/i, why: "teaching on the live market" },
    { pattern: /\b(?:during|in)\s+(?:\w+\s+){0,2}market\s+hours\b/i, why: "teaching during market hours" },
    { pattern: /\breal[\s-]time\b/i, why: "teaching in real time" },
    { pattern: /\btoday['’]s\s+market\b|\bthe\s+day['’]s\s+bias\b|\bpre-open\s+to\s+close\b/i, why: "teaching on today's prices" },
  ];
}

function prizePatterns() {
  return [
    { pattern: /\bprizes?\b|\bleaderboards?\b/i, why: "a prize or ranking in an education activity" },
    {
      pattern: /\b(?:compete|ranked|ranks?|ranking)\b[^.!?\n]{0,30}\b(?:returns?|profits?|P&L|gains?)\b/i,
      why: "a ranking on returns",
    },
    { pattern: /\btop\s+(?:\w+\s+)?(?:traders?|performers?)\s+win\b|\bwins?\s+a\s+free\b/i, why: "a prize in an education activity" },
  ];
}

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

/** ASCI's disclaimer, in full, for any advertisement or page that mentions crypto. */
export const CRYPTO_DISCLAIMER =
  "Crypto products and NFTs are unregulated and can be highly risky. There may be no regulatory recourse for any loss from such transactions.";

/**
 * Everything wrong with a whole page's (or answer's) text: its claims, and a
 * mention of crypto without ASCI's disclaimer in full.
 */
export function pageProblems(text: string): Claim[] {
  const crypto = cryptoWithoutDisclaimer(text);
  return [...findClaims(text), ...(crypto ? [{ text: crypto, why: "crypto mentioned without ASCI's crypto disclaimer in full" }] : [])];
}

/** The first mention of crypto in `text` when ASCI's disclaimer is not in it in full, else null. */
function cryptoWithoutDisclaimer(text: string): string | null {
  const crypto = /\bcrypto\w*|\bNFTs?\b|\bbitcoin\b/i.exec(text);
  return crypto && !text.replace(/\s+/g, " ").includes(CRYPTO_DISCLAIMER) ? crypto[0] : null;
}

export const CRYPTO_WARNING = `This mentions crypto, so ASCI requires its disclaimer in full: “${CRYPTO_DISCLAIMER}”`;

/** What an editor tells its author about the texts (claims, crypto without the disclaimer); "" when nothing. */
export function editorWarning(texts: string[]): string {
  const phrases = claimPhrasesIn(texts);
  const warnings = [phrases.length > 0 ? claimWarningText(phrases) : "", cryptoWithoutDisclaimer(texts.join("\n")) ? CRYPTO_WARNING : ""];
  return warnings.filter(Boolean).join(" ");
}
